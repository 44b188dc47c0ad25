import { Group, Text } from '@mantine/core';
import { weekdayMonthDay } from '../../../../domain/delivery-countdown';
import { DashboardCard } from './dashboard-card';

/** Web orders placed today against the average of the same weekday over the last 4 weeks. */
export function WebOrdersCard({ today, count, average }: { today: string; count: number; average: number }) {
  const weekday = weekdayMonthDay(today).split(' ')[0];
  const trend = count > average ? 'above' : count < average ? 'below' : 'level with';
  return (
    <DashboardCard title="Web orders today">
      <Group gap="xl" align="flex-end">
        <div>
          <Text fz={36} fw={700} lh={1} data-testid="web-orders-today">
            {count}
          </Text>
          <Text c="dimmed" fz="sm">
            so far today
          </Text>
        </div>
        <div>
          <Text fz={36} fw={700} lh={1} data-testid="same-weekday-average">
            {average}
          </Text>
          <Text c="dimmed" fz="sm">
            a {weekday} on average
          </Text>
        </div>
      </Group>
      <Text fz="sm">
        Today is {trend} the average of the last 4 {weekday}s (whole days).
      </Text>
    </DashboardCard>
  );
}
