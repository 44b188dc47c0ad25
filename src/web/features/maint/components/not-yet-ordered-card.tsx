import { Button, Text } from '@mantine/core';
import { formatCompanyId } from '../../../../domain/company-id';
import type { NotYetOrdered } from '../../../../domain/dashboard.schema';
import { digitsOnly, formatPhone } from '../../../../domain/phone';
import { CardRow, CardRows, DashboardCard, shortDay } from './dashboard-card';

/**
 * Customers who usually order for the weekday of their next delivery date and have no order
 * for it yet (design.md 7.4's rule), soonest date first, each with a call button.
 */
export function NotYetOrderedCard({ customers, total }: { customers: NotYetOrdered[]; total: number }) {
  return (
    <DashboardCard title="Not yet ordered">
      {customers.length === 0 ? (
        <Text>Every customer who usually orders for their next delivery day has ordered.</Text>
      ) : (
        <CardRows label="Customers not yet ordered">
          {customers.map((c) => (
            <CardRow
              key={c.CustomerId}
              aside={
                c.Phone ? (
                  <Button
                    component="a"
                    href={`tel:${digitsOnly(c.Phone)}`}
                    variant="light"
                    h={44}
                    px="sm"
                    style={{ flexShrink: 0 }}
                    aria-label={`Call ${c.Name} at ${formatPhone(c.Phone)}`}
                  >
                    {formatPhone(c.Phone)}
                  </Button>
                ) : (
                  <Text fz="sm" c="dimmed" style={{ flexShrink: 0 }}>
                    No phone
                  </Text>
                )
              }
            >
              <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                {c.Name}
              </Text>
              <Text fz="sm">
                {formatCompanyId(c.CompanyId)} · for {shortDay(c.DeliveryDate)}
                {c.LastDeliveryDate ? ` · last ${shortDay(c.LastDeliveryDate)}` : ''}
              </Text>
            </CardRow>
          ))}
        </CardRows>
      )}
      {total > customers.length && <Text fz="sm">and {total - customers.length} more</Text>}
    </DashboardCard>
  );
}
