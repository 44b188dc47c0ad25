import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { formatCompanyId } from '../../../../domain/company-id';
import type { LicenseExpiring } from '../../../../domain/dashboard.schema';
import { paths } from '../../../paths';
import { licenseStatus } from '../../customers/license-status';
import { DashboardCard } from './dashboard-card';

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
        <Stack
          gap={0}
          component="ul"
          m={0}
          p={0}
          aria-label="Liquor licenses expiring"
          style={{ listStyle: 'none' }}
        >
          {licenses.map((l) => {
            const status = licenseStatus(l.LicenseExpires, today);
            return (
              <Group
                component="li"
                key={l.CustomerId}
                justify="space-between"
                wrap="nowrap"
                gap="sm"
                py={6}
                style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
              >
                <Stack gap={0} miw={0}>
                  {/* A thumb's height on a phone (44 px), like the dashboard's other links. */}
                  <Anchor
                    component={Link}
                    to={paths.customerEdit(l.CustomerId)}
                    fw={600}
                    mih={44}
                    display="flex"
                    style={{ alignItems: 'center', overflowWrap: 'anywhere' }}
                  >
                    {l.Name}
                  </Anchor>
                  <Text fz="sm">
                    {formatCompanyId(l.CompanyId)}
                    {l.LicenseNumber ? ` · License ${l.LicenseNumber}` : ''}
                  </Text>
                  <Text
                    fz="sm"
                    c={status.expired ? 'red.9' : undefined}
                    fw={status.expired ? 700 : undefined}
                  >
                    {status.text}
                  </Text>
                </Stack>
                {status.expired && (
                  <Badge color="red.9" style={{ flexShrink: 0 }}>
                    Expired
                  </Badge>
                )}
              </Group>
            );
          })}
        </Stack>
      )}
      {total > licenses.length && <Text fz="sm">and {total - licenses.length} more</Text>}
    </DashboardCard>
  );
}
