import { Anchor, Group, Paper, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { weekdayMonthDay } from '../../../../domain/delivery-countdown';

/** One card of the staff home: a heading and its content, stacked. */
export function DashboardCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Title order={3} size="h4">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

/** A card's list: one row per item, named for a screen reader. */
export function CardRows({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={0} component="ul" m={0} p={0} aria-label={label} style={{ listStyle: 'none' }}>
      {children}
    </Stack>
  );
}

/** One row of a card's list: what it is on the left, and a figure or an action kept whole on the right. */
export function CardRow({ children, aside }: { children: ReactNode; aside?: ReactNode }) {
  return (
    <Group
      component="li"
      justify="space-between"
      wrap="nowrap"
      gap="sm"
      py={6}
      style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
    >
      <Stack gap={0} miw={0}>
        {children}
      </Stack>
      {aside}
    </Group>
  );
}

/** A row's link to its screen, a thumb's height (44 px) on a phone. */
export function CardLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Anchor
      component={Link}
      to={to}
      fw={600}
      mih={44}
      display="flex"
      style={{ alignItems: 'center', overflowWrap: 'anywhere' }}
    >
      {children}
    </Anchor>
  );
}

/** 'Fri 11/27' for a 'YYYY-MM-DD' date. */
export function shortDay(date: string): string {
  const long = weekdayMonthDay(date);
  return `${long.slice(0, 3)}${long.slice(long.indexOf(' '))}`;
}

/** '1 order', '2 orders'. */
export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
