import { List, ScrollArea, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatCompanyId } from '../../../../domain/company-id';
import type { WebOrderListItem } from '../../../../domain/regenerate.schema';

type ListedOrder = Pick<WebOrderListItem, 'Id' | 'OrderNum' | 'CompanyId' | 'CustomerName'>;

/**
 * The orders a confirmation dialog is about: Web Conf #, customer, and what `extra` adds
 * (Regenerate Orders' and Resend's, and a new holiday's orders).
 */
export function ChosenOrders<T extends ListedOrder>({
  orders,
  label,
  extra,
  maxHeight = 280,
}: {
  orders: readonly T[];
  label: string;
  extra?: (order: T) => ReactNode;
  maxHeight?: number;
}) {
  return (
    // A long list scrolls in its box: the box takes the keyboard's focus, so its arrows scroll
    // it (axe: scrollable-region-focusable, seen once a date held enough orders).
    <ScrollArea.Autosize
      mah={maxHeight}
      type="auto"
      viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': label }}
    >
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
