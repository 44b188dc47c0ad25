import { customerTypeMessages } from '../../../../domain/customer-type.schema';
import { requiredMessage } from '../../../../domain/order.schema';

/** Spec section 5: Cutoff Time is entered as HH:MM, hours 0-23, minutes 0-59. */
export const cutoffTimeMessages = {
  required: requiredMessage('Cutoff Time'),
  format: 'Cutoff Time must be HH:MM',
  hours: customerTypeMessages.cutoffHours,
  minutes: customerTypeMessages.cutoffMinutes,
} as const;

/**
 * The HH:MM mask: digits and one ':' only, two digits each side. Typing '1630' gives '16:30';
 * a ':' typed after one digit pads the hour ('9:' is '09:'). Minutes are never padded: '09:5'
 * is not yet a time, and is refused as one when the field is left (issue 33: '9:5' was saved as
 * 09:05, though the customer may have meant 09:50).
 */
export function maskCutoffTime(raw: string): string {
  const colon = raw.indexOf(':');
  if (colon >= 0) {
    const hours = raw.slice(0, colon).replace(/\D/g, '').slice(0, 2);
    const minutes = raw
      .slice(colon + 1)
      .replace(/\D/g, '')
      .slice(0, 2);
    return `${hours === '' ? '' : hours.padStart(2, '0')}:${minutes}`;
  }
  const digits = raw.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}:${digits.slice(2)}` : digits;
}

/** 16, 0 → '16:00'. */
export function formatCutoffTime(hours: number, minutes: number): string {
  return `${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}`;
}

export interface CutoffParts {
  CutoffHours: number;
  CutoffMinutes: number;
}

/** Hours and minutes of exactly HH:MM (two digits each); else null. */
export function parseCutoffTime(value: string): CutoffParts | null {
  const parts = value.trim().split(':');
  if (parts.length !== 2 || !parts.every((p) => /^\d{2}$/.test(p))) return null;
  return { CutoffHours: Number(parts[0]), CutoffMinutes: Number(parts[1]) };
}

/** The message for a Cutoff Time that cannot be saved, or null. */
export function cutoffTimeError(value: string): string | null {
  if (value.trim() === '') return cutoffTimeMessages.required;
  const parts = parseCutoffTime(value);
  if (!parts) return cutoffTimeMessages.format;
  if (parts.CutoffHours > 23) return cutoffTimeMessages.hours;
  if (parts.CutoffMinutes > 59) return cutoffTimeMessages.minutes;
  return null;
}
