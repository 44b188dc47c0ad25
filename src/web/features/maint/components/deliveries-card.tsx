import { Box, Group, Progress, Text } from '@mantine/core';
import type { DashboardDay } from '../../../../domain/dashboard.schema';
import { DashboardCard, plural, shortDay } from './dashboard-card';

/**
 * Orders and cases for the next 7 delivery days (design.md 7.8), a bar per day scaled to the
 * busiest day's cases. The figures are text beside each bar, so the card reads without the
 * bars and a phone needs no sideways scroll.
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
          <Group component="li" key={d.Date} gap="sm" wrap="nowrap" py={4}>
            <Text w={76} fw={600} style={{ flexShrink: 0 }}>
              {shortDay(d.Date)}
            </Text>
            <Progress value={(d.Cases / most) * 100} size="lg" flex={1} aria-hidden />
            <Text ta="right" style={{ whiteSpace: 'nowrap' }}>
              {plural(d.Orders, 'order')} · {d.Cases} cases
            </Text>
          </Group>
        ))}
      </Box>
    </DashboardCard>
  );
}
