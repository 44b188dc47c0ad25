import { Group, Text } from '@mantine/core';
import { formatCompanyId } from '../../../../domain/company-id';
import type { Dashboard } from '../../../../domain/dashboard.schema';
import { IconCalendar, IconWarning } from '../../../components/icons';
import { paths } from '../../../paths';
import { formatTimeOfDay, formatWeekdayDate } from '../../order/date-format';
import { CardLink, CardRow, CardRows, DashboardCard, plural } from './dashboard-card';

/**
 * Standing orders (design.md 8.6): the orders they placed for tomorrow, then the dates a rule refused
 * whose cutoff is still ahead, each a link to the customer's standing orders, so staff can call
 * before the cutoff.
 */
export function StandingOrdersCard({ standing }: { standing: Dashboard['StandingOrders'] }) {
  return (
    <DashboardCard title="Standing orders">
      <Group gap={8} mih={44} wrap="nowrap" data-testid="standing-tomorrow">
        <IconCalendar size={18} aria-hidden />
        <span>{`${plural(standing.Tomorrow, 'order')} placed by standing orders for tomorrow`}</span>
      </Group>
      {standing.NotPlaced.length > 0 && (
        <CardRows label="Standing orders not placed">
          {standing.NotPlaced.map((n) => (
            <CardRow
              key={`${n.StandingOrderId}-${n.DeliveryDate}`}
              aside={
                <Text fz="sm" style={{ flexShrink: 0 }}>
                  by {formatTimeOfDay(n.OrderBy)}
                </Text>
              }
            >
              <Group gap={6} wrap="nowrap" fw={700}>
                <IconWarning size={16} aria-hidden />
                <CardLink to={paths.customerStanding(n.CustomerId)}>
                  {`Not placed for ${formatWeekdayDate(n.DeliveryDate)}`}
                </CardLink>
              </Group>
              <Text fz="sm" style={{ overflowWrap: 'anywhere' }}>
                {n.Name} · {formatCompanyId(n.CompanyId)}: {n.Reason}
              </Text>
            </CardRow>
          ))}
        </CardRows>
      )}
    </DashboardCard>
  );
}
