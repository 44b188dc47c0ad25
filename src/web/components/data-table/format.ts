import dayjs from 'dayjs';

/** Spec section 9's display formats. */
export const DATE_FORMAT = 'MM/DD/YYYY';
export const DATE_TIME_FORMAT = 'MM/DD/YYYY hh:mm A';

/** 'YYYY-MM-DD' (or an instant) as MM/DD/YYYY; '' for none or nonsense. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '';
  const d = dayjs(value);
  return d.isValid() ? d.format(DATE_FORMAT) : '';
}

/** An ISO instant as MM/DD/YYYY hh:mm A on the business clock, as the customer's screens show it. */
export { formatDateTime } from '../../features/order/date-format';

/** The spec's Yes/No for flags (Active?, Case Only). */
export function yesNo(value: boolean): 'Yes' | 'No' {
  return value ? 'Yes' : 'No';
}
