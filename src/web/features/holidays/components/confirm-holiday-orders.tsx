import { Stack, Text } from '@mantine/core';
import { showConfirmDialog } from '../../../components/dialogs/confirm-dialog';
import { formatWeekdayDate } from '../../order/date-format';
import { ChosenOrders } from '../../regenerate/components/chosen-orders';
import { getHolidayOrders } from '../api/get-holiday-orders';

/**
 * Before a holiday is added on dates that already have orders (issue 33): how many and which,
 * and a confirmation. The orders stay as they are: their customers see on the order that the
 * date became a holiday and may change it. True when there are none, or staff confirm.
 */
export async function confirmHolidayOrders(dates: readonly string[]): Promise<boolean> {
  let orders: Awaited<ReturnType<typeof getHolidayOrders>>;
  try {
    orders = await getHolidayOrders(dates);
  } catch {
    return showConfirmDialog({
      title: 'Orders on this date',
      persistent: true,
      yesLabel: dates.length === 1 ? 'Add Holiday' : 'Add Holidays',
      noLabel: 'Cancel',
      message: 'The orders already placed for this date could not be checked. Add the holiday anyway?',
    });
  }
  if (orders.length === 0) return true;
  const days = [...new Set(orders.map((o) => o.DeliveryDate))].map(formatWeekdayDate).join(', ');
  const count = orders.length === 1 ? '1 order is' : `${orders.length} orders are`;
  return showConfirmDialog({
    title: 'Orders on this date',
    persistent: true,
    yesLabel: dates.length === 1 ? 'Add Holiday' : 'Add Holidays',
    noLabel: 'Cancel',
    message: (
      <Stack gap="xs">
        <Text data-testid="holiday-orders-count">{`${count} for delivery on ${days}.`}</Text>
        <Text fz="sm">
          A holiday does not move them: their customers see on the order that the date is now a holiday, and
          can change it until its cutoff. Call the others.
        </Text>
        <ChosenOrders
          orders={orders}
          label="Orders on the holiday"
          maxHeight={240}
          extra={(o) =>
            `${dates.length > 1 ? `, ${formatWeekdayDate(o.DeliveryDate)}` : ''}${o.IsWebOrder ? '' : ' (from the ERP)'}`
          }
        />
      </Stack>
    ),
  });
}
