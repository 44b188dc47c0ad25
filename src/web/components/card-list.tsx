import { Stack } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A list of cards, one above the other, as the phone shows what a desk shows as a table (orders,
 * order lines, the delivered comparison, the federal holidays): a `ul` without bullets or
 * indent, so a screen reader still announces a list and its number of items. Each child is an
 * `li` (a `Paper` or `Group` with `component="li"`).
 */
export function CardList({ label, children }: { label: string | undefined; children: ReactNode }) {
  return (
    <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={label}>
      {children}
    </Stack>
  );
}
