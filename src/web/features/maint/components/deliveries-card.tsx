import { BarChart } from '@mantine/charts';
import { Box, Group, Text } from '@mantine/core';
import type { DashboardDay } from '../../../../domain/dashboard.schema';
import { DashboardCard, plural, shortDay } from './dashboard-card';

/**
 * A day's cases count loose units as parts of a case (2057.3): staff read loads in whole cases,
 * with thousands separated (issue 33).
 */
function wholeCases(cases: number) {
  const n = Math.round(cases);
  return `${n.toLocaleString('en-US')} ${n === 1 ? 'case' : 'cases'}`;
}

/**
 * Orders and cases for the next 7 delivery days (design.md 7.8): a bar chart (orders on the left
 * axis, cases on the right, as their scales differ) and the same figures as text under it, which
 * screen readers read instead of the chart.
 */
export function DeliveriesCard({ days }: { days: DashboardDay[] }) {
  // '11/25' under each bar: a weekday too would not fit 7 days across a phone; the list names them.
  const data = days.map((d) => ({
    Day: d.Date.slice(5).replace('-', '/'),
    Orders: d.Orders,
    Cases: d.Cases,
  }));
  return (
    <DashboardCard title="Orders by delivery day">
      <Box aria-hidden data-testid="deliveries-chart">
        <BarChart
          h={220}
          data={data}
          dataKey="Day"
          series={[
            { name: 'Orders', color: 'blue.9' },
            { name: 'Cases', color: 'teal.8', yAxisId: 'right' },
          ]}
          withLegend
          withRightYAxis
          tickLine="y"
          yAxisProps={{ allowDecimals: false }}
          xAxisProps={{ interval: 0, tick: { fontSize: 10 } }}
          barChartProps={{ accessibilityLayer: false }}
        />
      </Box>
      <Box
        component="ul"
        m={0}
        p={0}
        aria-label="Orders and cases per delivery day"
        style={{ listStyle: 'none' }}
      >
        {days.map((d) => (
          <Group component="li" key={d.Date} justify="space-between" gap="sm" wrap="nowrap" py={2}>
            <Text fw={600} fz="sm" style={{ whiteSpace: 'nowrap' }}>
              {shortDay(d.Date)}
            </Text>
            <Text fz="sm" ta="right" style={{ whiteSpace: 'nowrap' }}>
              {plural(d.Orders, 'order')} · {wholeCases(d.Cases)}
            </Text>
          </Group>
        ))}
      </Box>
    </DashboardCard>
  );
}
