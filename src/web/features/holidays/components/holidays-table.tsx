import type { UseQueryResult } from '@tanstack/react-query';
import { dayOfWeek } from '../../../../domain/business-date';
import type { Holiday } from '../../../../domain/delivery-calendar.schema';
import { DataTable, type DataTableColumn, formatDate } from '../../../components/data-table';
import { showConfirmDialog } from '../../../components/dialogs/confirm-dialog';
import { IconX } from '../../../components/icons';
import { useDeleteHoliday } from '../api/delete-holiday';

export const WEEKDAYS = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
] as const;

const columns: DataTableColumn<Holiday>[] = [
  { key: 'Date', header: 'Date', sortBy: true, nowrap: true, render: (h) => formatDate(h.Date) },
  { key: 'Weekday', header: 'Weekday', nowrap: true, render: (h) => WEEKDAYS[dayOfWeek(h.Date)] },
  { key: 'Name', header: 'Name', sortBy: true },
];

/** Every holiday, by date, with delete (after a confirmation). */
export function HolidaysTable({ holidays }: { holidays: UseQueryResult<Holiday[]> }) {
  const remove = useDeleteHoliday();

  const confirmDelete = async (h: Holiday) => {
    const yes = await showConfirmDialog({
      title: 'Delete Holiday',
      message: `Delete ${h.Name} (${formatDate(h.Date)})? Customers will be able to order for that day again.`,
    });
    if (yes) remove.mutate(h.Id);
  };

  return (
    <DataTable
      label="Holidays"
      columns={columns}
      rows={holidays.data ?? (holidays.isError ? [] : undefined)}
      rowKey={(h) => h.Id}
      defaultSort={{ key: 'Date', dir: 'asc' }}
      minWidth={360}
      emptyText={{ noData: 'No holidays yet: every working day is a delivery day.' }}
      actions={(h) => [
        {
          label: `Delete ${h.Name} (${formatDate(h.Date)})`,
          icon: <IconX size={18} />,
          onClick: () => void confirmDelete(h),
        },
      ]}
    />
  );
}
