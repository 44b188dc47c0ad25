import { Group, Paper, Text } from '@mantine/core';
import { useEffect } from 'react';
import { countdownText } from '../../../../domain/delivery-countdown';
import { IconCalendar } from '../../../components/icons';
import { CLOCK_REFRESH_MS } from '../../../components/layout/clock';
import { useDeliveryDates } from '../api/get-delivery-dates';
import { BUSINESS_TZ, useBusinessNow } from '../order-time';

/**
 * The order home's countdown (issue 20): "Order within 2 h 14 min for delivery Friday 11/27.
 * After 4:00 PM Central the earliest delivery is Monday 11/30." It counts down to the server's
 * OrderBy (decision 036) on the business clock, at the top bar's pace, and asks the server
 * again once that moment passes, so the screen never decides on its own clock which date is next.
 */
/** The next dates the countdown reads: the next one, and the one after for when its cutoff passes. */
export const COUNTDOWN_DATES = 2;

export function DeliveryCountdown({ customerId }: { customerId: number }) {
  const now = useBusinessNow(CLOCK_REFRESH_MS);
  const dates = useDeliveryDates(customerId, COUNTDOWN_DATES);
  const firstOrderBy = dates.data?.[0]?.OrderBy;
  const passed = firstOrderBy !== undefined && Date.parse(firstOrderBy) <= now.getTime();
  // biome-ignore lint/correctness/useExhaustiveDependencies: refetches once per passed OrderBy, on purpose.
  useEffect(() => {
    if (passed) void dates.refetch();
  }, [passed, firstOrderBy]);

  const text = dates.data ? countdownText(now, dates.data, BUSINESS_TZ) : null;
  if (!text) return null;
  return (
    <Paper withBorder p="md" radius="md" bg="blue.0" data-testid="delivery-countdown">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <IconCalendar size={22} style={{ flexShrink: 0, marginTop: 1 }} />
        <Text fw={500}>{text}</Text>
      </Group>
    </Paper>
  );
}
