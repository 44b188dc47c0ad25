import { Stack, Text, Title } from '@mantine/core';
import { todayInBusiness, useBusinessNow } from '../order/order-time';
import { useHolidays } from './api/get-holidays';
import { FederalHolidaysSuggest } from './components/federal-holidays-suggest';
import { HolidayAddForm } from './components/holiday-add-form';
import { HolidaysTable } from './components/holidays-table';

/**
 * /maint/holidays (design.md 7.2): the days without deliveries. Customers cannot pick them and
 * POST Order refuses them; each customer's next delivery dates skip them.
 */
export function Component() {
  const today = todayInBusiness(useBusinessNow());
  const holidays = useHolidays();
  return (
    <Stack gap="lg">
      <Text>Days without deliveries: customers cannot choose them, and orders for them are refused.</Text>
      <HolidayAddForm />
      <Stack gap="sm" component="section" aria-labelledby="holidays-title">
        <Title order={2} size="h4" id="holidays-title">
          Days Without Deliveries
        </Title>
        <HolidaysTable holidays={holidays} />
      </Stack>
      <FederalHolidaysSuggest year={Number(today.slice(0, 4)) + 1} holidays={holidays.data ?? []} />
    </Stack>
  );
}
