import { Badge, Text } from '@mantine/core';
import { formatCompanyId } from '../../../../domain/company-id';
import type { LicenseExpiring } from '../../../../domain/dashboard.schema';
import { paths } from '../../../paths';
import { licenseStatus } from '../../customers/license-status';
import { CardLink, CardRow, CardRows, DashboardCard } from './dashboard-card';

/**
 * Liquor licenses that have expired or expire within 30 days (design.md 8.2): the expired ones
 * first, marked, as their customers' orders are refused until the renewal comes. Each customer
 * opens their view.
 */
export function LicensesCard({
  licenses,
  total,
  today,
}: {
  licenses: LicenseExpiring[];
  total: number;
  today: string;
}) {
  return (
    <DashboardCard title="Liquor licenses">
      {licenses.length === 0 ? (
        <Text>No liquor license has expired or expires in the next 30 days.</Text>
      ) : (
        <CardRows label="Liquor licenses expiring">
          {licenses.map((l) => {
            const status = licenseStatus(l.LicenseExpires, today);
            return (
              <CardRow
                key={l.CustomerId}
                aside={
                  status.expired && (
                    <Badge color="red.9" style={{ flexShrink: 0 }}>
                      Expired
                    </Badge>
                  )
                }
              >
                <CardLink to={paths.customerEdit(l.CustomerId)}>{l.Name}</CardLink>
                <Text fz="sm">
                  {formatCompanyId(l.CompanyId)}
                  {l.LicenseNumber ? ` · License ${l.LicenseNumber}` : ''}
                </Text>
                <Text fz="sm" c={status.expired ? 'red.9' : undefined} fw={status.expired ? 700 : undefined}>
                  {status.text}
                </Text>
              </CardRow>
            );
          })}
        </CardRows>
      )}
      {total > licenses.length && <Text fz="sm">and {total - licenses.length} more</Text>}
    </DashboardCard>
  );
}
