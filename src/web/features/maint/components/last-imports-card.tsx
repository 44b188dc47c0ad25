import { Anchor, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { LastImport } from '../../../../domain/dashboard.schema';
import type { ImportKind } from '../../../../domain/imports.schema';
import { formatDateTime } from '../../../components/data-table';
import { paths } from '../../../paths';
import { DashboardCard } from './dashboard-card';

const kindLabels: Record<ImportKind, string> = {
  Items: 'Items',
  Customers: 'Customers',
  CustomerItems: 'Customer items',
  OrderHistory: 'Order history',
  Availability: 'Availability',
  Prices: 'Prices',
  Invoices: 'Invoices',
};

/**
 * The last imports with their reports' counts, from the audit trail (decision 043: the rejected
 * lines themselves are not kept on the server; the import screen showed them).
 */
export function LastImportsCard({ imports }: { imports: LastImport[] }) {
  return (
    <DashboardCard title="Last imports">
      {imports.length === 0 ? (
        <Text>No file imported yet.</Text>
      ) : (
        <Stack gap="xs" component="ul" m={0} p={0} aria-label="Last imports" style={{ listStyle: 'none' }}>
          {imports.map((i) => (
            <li key={`${i.At}-${i.Kind}-${i.FileName}`}>
              <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                {kindLabels[i.Kind as ImportKind] ?? i.Kind}: {i.FileName}
              </Text>
              <Text fz="sm">
                {formatDateTime(i.At)} by {i.User}
              </Text>
              <Text fz="sm">
                {i.Lines} lines: {i.Inserted} inserted, {i.Updated} updated, {i.Unchanged} unchanged,{' '}
                <Text span fz="inherit" fw={i.Rejected > 0 ? 700 : undefined}>
                  {i.Rejected} rejected
                </Text>
              </Text>
            </li>
          ))}
        </Stack>
      )}
      <Anchor
        component={Link}
        to={`${paths.audit}?Entity=Import`}
        mih={44}
        display="flex"
        style={{ alignItems: 'center' }}
      >
        Every import in the audit trail
      </Anchor>
    </DashboardCard>
  );
}
