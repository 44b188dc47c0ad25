import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Holiday, HolidaySaveInput } from '../../../../domain/delivery-calendar.schema';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** POST Holiday: 201 with the holiday, 409 when the date has one. */
export function addHoliday(body: HolidaySaveInput): Promise<Holiday> {
  return apiFetch<Holiday>('Holiday', { method: 'POST', body });
}

/** Invalidates the lists and every customer's delivery dates (a holiday moves them). */
export function invalidateCalendar(queryClient: ReturnType<typeof useQueryClient>) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.holidays.all }),
    queryClient.invalidateQueries({ queryKey: queryKeys.deliveryDatesAll }),
  ]);
}

/** One holiday; errors are shown by the form (`errorDialog: false`). */
export function useAddHoliday() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addHoliday,
    meta: { errorDialog: false },
    onSuccess: () => invalidateCalendar(queryClient),
  });
}

/**
 * Several holidays in one click (the federal suggestion): added one after the other, each
 * answer kept, so a date taken meanwhile (409) does not stop the rest.
 */
export async function addHolidays(
  list: HolidaySaveInput[],
): Promise<{ added: Holiday[]; failed: { holiday: HolidaySaveInput; message: string }[] }> {
  const added: Holiday[] = [];
  const failed: { holiday: HolidaySaveInput; message: string }[] = [];
  for (const holiday of list) {
    try {
      added.push(await addHoliday(holiday));
    } catch (err) {
      failed.push({ holiday, message: err instanceof Error ? err.message : String(err) });
    }
  }
  return { added, failed };
}

export function useAddHolidays() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addHolidays,
    meta: { errorDialog: false },
    onSettled: () => invalidateCalendar(queryClient),
  });
}
