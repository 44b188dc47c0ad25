import { Paper, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
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

/** 'Fri 11/27' for a 'YYYY-MM-DD' date. */
export function shortDay(date: string): string {
  const long = weekdayMonthDay(date);
  return `${long.slice(0, 3)}${long.slice(long.indexOf(' '))}`;
}

/** '1 order', '2 orders'. */
export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
