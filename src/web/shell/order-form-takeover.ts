/**
 * What the customer did in the shell's first step (order-form-first-paint.ts) before React's
 * form was there: the date tapped, the boxes typed in, the control with the focus and its caret,
 * a tap on the calendar's field. React's form takes it over when it mounts (order-form.tsx), so
 * nothing done in the first seconds is lost.
 */
import { digitsOnly, PHONE_DIGITS } from '../../domain/phone';

/** The shell's form (order-form-first-paint.ts draws it), until React's form takes its place. */
export const SHELL_FORM_SELECTOR = '#app-shell:not([data-retired]) form[data-shell-form]';

export type ShellField = 'DeliveryDate' | 'Name' | 'Phone' | 'Email' | 'ReferencePO';

export interface ShellFormEdits {
  /** The boxes' values and the date tapped, as the React form holds them (the phone as its digits). */
  values: Partial<Record<ShellField, string>>;
  /**
   * The control with the focus: a field's box, with its selection where there is one to read,
   * or one of the next dates' buttons (its place among them).
   */
  focus: { field: ShellField; selection: [number, number] | null } | { quickDate: number } | null;
  /** The calendar's field was tapped: React's form opens the calendar. */
  openCalendar: boolean;
}

/** The shell form's edits, or null when the shell drew no form. */
export function shellFormEdits(): ShellFormEdits | null {
  const form = document.querySelector<HTMLFormElement>(SHELL_FORM_SELECTOR);
  if (!form) return null;
  const values: ShellFormEdits['values'] = {};
  // Every box as it shows, typed in or not: the customer goes on from what they saw.
  for (const input of form.querySelectorAll<HTMLInputElement>('input[data-field]')) {
    const name = input.dataset.field as ShellField;
    values[name] = name === 'Phone' ? digitsOnly(input.value).slice(0, PHONE_DIGITS) : input.value;
  }
  const quickDates = [...form.querySelectorAll<HTMLElement>('[data-date]')];
  const picked = quickDates.find((b) => b.getAttribute('aria-pressed') === 'true')?.dataset.date;
  if (picked) values.DeliveryDate = picked;

  const active = document.activeElement;
  let focus: ShellFormEdits['focus'] = null;
  if (active instanceof HTMLElement && form.contains(active)) {
    if (active.dataset.field)
      focus = {
        field: active.dataset.field as ShellField,
        selection:
          active instanceof HTMLInputElement && active.selectionStart !== null && active.selectionEnd !== null
            ? [active.selectionStart, active.selectionEnd]
            : null,
      };
    else if (active.dataset.date) focus = { quickDate: quickDates.indexOf(active) };
  }
  const openCalendar =
    form.querySelector<HTMLElement>('[data-field="DeliveryDate"]')?.dataset.opened === 'true';
  return { values, focus, openCalendar };
}

/**
 * Puts the focus where it was in the shell, in React's form (`root`), once the shell is gone:
 * in the box of the same field (Mantine marks it `data-path`), with the caret where it was (at the
 * end in the phone's box, as React masks the digits typed, and in the email's, which has no
 * selection to read); on the same next date's button; on the date's field, opening the calendar
 * if it was tapped.
 */
export function takeOverShellFocus(root: HTMLElement, edits: ShellFormEdits) {
  const { focus } = edits;
  const dateField = root.querySelector<HTMLElement>('[data-dates-input]');
  if (edits.openCalendar && dateField) {
    dateField.focus({ preventScroll: true });
    dateField.click();
    return;
  }
  if (!focus) return;
  if ('quickDate' in focus) {
    root.querySelectorAll<HTMLElement>('[aria-label="Next delivery dates"] button')[focus.quickDate]?.focus();
    return;
  }
  const target =
    focus.field === 'DeliveryDate'
      ? dateField
      : root.querySelector<HTMLInputElement>(`input[data-path="${focus.field}"]`);
  if (!target) return;
  target.focus({ preventScroll: true });
  if (!(target instanceof HTMLInputElement)) return;
  const end = target.value.length;
  const [start, stop] = focus.field === 'Phone' || !focus.selection ? [end, end] : focus.selection;
  // An email box has no selection to set (setSelectionRange throws on type=email): as a text
  // box for the moment it takes, or the caret would stay at the start of what was typed.
  const type = target.type;
  if (type === 'email') target.type = 'text';
  target.setSelectionRange(Math.min(start, end), Math.min(stop, end));
  if (type === 'email') target.type = type;
}
