import { Text } from '@mantine/core';
import { DatePickerInput, type DatePickerInputProps } from '@mantine/dates';
import {
  type DeliveryDateContext,
  FAR_DATE_DAYS,
  firstSelectableDeliveryDate,
  isSelectableDeliveryDate,
  needsFarDateConfirmation,
} from '../../../../domain/delivery-date';
import { nameDatePopup } from '../../../lib/name-date-popup';
import { formatDate, formatWeekdayDate } from '../order-time';

const FAR_COLOR = 'var(--mantine-color-red-9)';

export interface DeliveryDateInputProps
  extends Omit<DatePickerInputProps, 'value' | 'onChange' | 'type' | 'description'> {
  value: string | null;
  onChange: (date: string | null) => void;
  /** The customer's earliest date and type (from `deliveryDateContext`). */
  ctx: DeliveryDateContext;
  /** Today on the business calendar, for the 60-day warning. */
  today: string;
}

/** The dates the picker refuses: before the earliest, Sundays, Saturdays for type 1 (spec section 5), holidays (design.md 7.2). */
export function excludedDeliveryDate(ctx: DeliveryDateContext): (date: string) => boolean {
  return (date) => !isSelectableDeliveryDate(date, ctx);
}

/** The calendar popup's name (it has none of its own). */
const nameCalendar = nameDatePopup('Choose a delivery date');

/** A holiday's day in the calendar says why it is disabled, to screen readers and as a tooltip. */
export function holidayLabel(date: string, ctx: DeliveryDateContext): string | undefined {
  const name = ctx.holidays?.get(date);
  return name === undefined ? undefined : `${formatWeekdayDate(date)}, ${name}: no deliveries`;
}

/** True when `date` is 60 or more days ahead (shown in red, and confirmed on Submit). */
export function isFarDate(date: string | null, today: string): boolean {
  return date !== null && date !== '' && needsFarDateConfirmation(date, today);
}

/**
 * The Delivery Date picker: only selectable dates can be clicked, the earliest date is the
 * hint under the field, and dates 60 or more days ahead are red, in the calendar and in the
 * field (spec section 9).
 */
export function DeliveryDateInput({ value, onChange, ctx, today, ...rest }: DeliveryDateInputProps) {
  const far = isFarDate(value, today);
  const excluded = excludedDeliveryDate(ctx);
  const first = firstSelectableDeliveryDate(ctx);
  return (
    <DatePickerInput
      label="Delivery Date"
      placeholder="Pick a delivery date"
      valueFormat="MM/DD/YYYY"
      withAsterisk
      {...rest}
      value={value}
      onChange={(date) => onChange(date)}
      minDate={ctx.earliest}
      defaultDate={value ?? first}
      excludeDate={excluded}
      // Saturdays are ordinary delivery days here; red marks only the far dates.
      weekendDays={[]}
      getDayProps={(date) => {
        const holiday = holidayLabel(date, ctx);
        // Struck through, so a holiday reads apart from the other days that cannot be picked.
        if (holiday)
          return { title: holiday, 'data-holiday': true, style: { textDecoration: 'line-through' } };
        return !excluded(date) && isFarDate(date, today)
          ? { style: { color: FAR_COLOR, fontWeight: 600 } }
          : {};
      }}
      // '' keeps Mantine's own label ('27 November 2026') for every other day.
      getDayAriaLabel={(date) => holidayLabel(date, ctx) ?? ''}
      nextLabel="Next month"
      previousLabel="Previous month"
      // Focus comes back to the field once a day is picked, not to the page body (where the
      // next Tab reached Logout, issue 14).
      popoverProps={{ withinPortal: true, returnFocus: true, onOpen: nameCalendar }}
      styles={far ? { input: { color: FAR_COLOR, fontWeight: 600 } } : undefined}
      description={
        <>
          <span>
            {ctx.overrideLeadTime ? 'Earliest with the lead time overridden' : 'Earliest delivery date'}:{' '}
            {formatDate(first)}
          </span>
          {far && (
            <Text component="span" display="block" fz="inherit" c="red.9" fw={600}>
              This date is {FAR_DATE_DAYS} or more days from today.
            </Text>
          )}
        </>
      }
      inputWrapperOrder={['label', 'input', 'description', 'error']}
    />
  );
}
