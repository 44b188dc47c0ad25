import { Group, Text } from '@mantine/core';
import { formatCompanyId } from '../../../../domain/company-id';
import type { Dashboard } from '../../../../domain/dashboard.schema';
import { IconCircleCheck, IconWarning } from '../../../components/icons';
import { paths } from '../../../paths';
import { CardLink, CardRow, CardRows, DashboardCard, plural } from './dashboard-card';

/**
 * Today's ordered lines that are out (design.md 8.3, decision 071): the count, then the orders
 * they are on, newest first, each a link to its staff view, so staff can call before the truck
 * leaves. Each link is a thumb's height (44 px) on a phone, like the dashboard's other links.
 */
export function OutOfStockCard({ out }: { out: Dashboard['OutOfStockToday'] }) {
  return (
    <DashboardCard title="Out of stock today">
      <Group gap={8} mih={44} wrap="nowrap" fw={out.Lines > 0 ? 700 : undefined} data-testid="out-lines">
        {out.Lines > 0 ? <IconWarning size={18} aria-hidden /> : <IconCircleCheck size={18} aria-hidden />}
        <span>
          {out.Lines > 0
            ? `${plural(out.Lines, 'line')} ordered today ${out.Lines === 1 ? 'is' : 'are'} out of stock`
            : 'No line ordered today is out of stock'}
        </span>
      </Group>
      {out.Orders.length > 0 && (
        <CardRows label="Orders with lines out of stock">
          {out.Orders.map((o) => (
            <CardRow
              key={o.Id}
              aside={
                <Text fz="sm" style={{ flexShrink: 0 }}>
                  {plural(o.Lines, 'line')} out
                </Text>
              }
            >
              <CardLink to={paths.maintOrder(o.Id)}>{`Order ${o.OrderNum}`}</CardLink>
              <Text fz="sm" style={{ overflowWrap: 'anywhere' }}>
                {o.Name} · {formatCompanyId(o.CompanyId)}
              </Text>
            </CardRow>
          ))}
        </CardRows>
      )}
      {out.OrdersTotal > out.Orders.length && (
        <Text fz="sm">and {plural(out.OrdersTotal - out.Orders.length, 'more order')}</Text>
      )}
    </DashboardCard>
  );
}
