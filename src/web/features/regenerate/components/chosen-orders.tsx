import { List, ScrollArea, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatCompanyId } from '../../../../domain/company-id';
import type { WebOrderListItem } from '../../../../domain/regenerate.schema';

/** The orders a confirmation dialog is about: Web Conf #, customer, and what `extra` adds. */
export function ChosenOrders({
  orders,
  label,
  extra,
}: {
  orders: readonly WebOrderListItem[];
  label: string;
  extra?: (order: WebOrderListItem) => ReactNode;
}) {
  return (
    <ScrollArea.Autosize mah={280} type="auto">
      <List size="sm" spacing={2} aria-label={label}>
        {orders.map((o) => (
          <List.Item key={o.Id}>
            <Text span fw={600} fz="sm">
              {o.OrderNum}
            </Text>{' '}
            - {formatCompanyId(o.CompanyId)} {o.CustomerName}
            {extra?.(o)}
          </List.Item>
        ))}
      </List>
    </ScrollArea.Autosize>
  );
}
