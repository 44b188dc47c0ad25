import { Box, Group, Progress, Text } from '@mantine/core';
import type { DashboardDay } from '../../../../domain/dashboard.schema';
import { DashboardCard, plural, shortDay } from './dashboard-card';

/**
 * Orders and cases for the next 7 delivery days (design.md 7.8), a bar per day scaled to the
 * busiest day's cases. The figures are text above each bar, so the card reads without the
 * bars, and on a phone the bars take the card's whole width.
 */
export function DeliveriesCard({ days }: { days: DashboardDay[] }) {
  const most = Math.max(1, ...days.map((d) => d.Cases));
  return (
    <DashboardCard title="Orders by delivery day">
      <Box
        component="ul"
        m={0}
        p={0}
        aria-label="Orders and cases per delivery day"
        style={{ listStyle: 'none' }}
      >
        {days.map((d) => (
          <Box component="li" key={d.Date} py={4}>
            <Group justify="space-between" gap="sm" wrap="nowrap">
              <Text fw={600} style={{ whiteSpace: 'nowrap' }}>
                {shortDay(d.Date)}
              </Text>
              <Text ta="right" style={{ whiteSpace: 'nowrap' }}>
                {plural(d.Orders, 'order')} · {d.Cases} cases
              </Text>
            </Group>
            <Progress value={(d.Cases / most) * 100} size="md" mt={4} aria-hidden />
          </Box>
        ))}
      </Box>
    </DashboardCard>
  );
}
