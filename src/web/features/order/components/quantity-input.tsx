import { TextInput, type TextInputProps } from '@mantine/core';
import type { KeyboardEvent } from 'react';
import { focusOnQuickTap } from '../../../lib/quick-tap';
import { type QuantityDraft, type QuantityValue, quantityError } from '../order-draft';

export interface QuantityInputProps extends Omit<TextInputProps, 'value' | 'onChange' | 'error'> {
  value: QuantityValue;
  onChange: (value: QuantityValue) => void;
  field: keyof QuantityDraft;
}

/**
 * Enter moves to the next product's Cases box instead of submitting the step, from a Cases or
 * a Units box alike. Never into a Units box: only the rows sold loose have one, so a list typed
 * with Enter between quantities landed one product lower after each of them (issue 32).
 */
function focusNextCases(event: KeyboardEvent<HTMLInputElement>) {
  if (event.key !== 'Enter') return;
  event.preventDefault();
  const boxes = [...document.querySelectorAll<HTMLInputElement>('input[data-quantity]')];
  const next = boxes
    .slice(boxes.indexOf(event.currentTarget) + 1)
    .find((box) => box.dataset.quantity === 'cases');
  next?.focus();
}

/**
 * A Cases or Units box. It keeps exactly what was typed: a plain text box with the phone's
 * numeric keypad (no decimal point), so "2.5" stays "2.5" and says it is not a whole number
 * instead of becoming 25 (Mantine's NumberInput dropped the dot). A negative whole number
 * becomes 0 when the box is left (spec section 5).
 */
export function QuantityInput({ value, onChange, field, ...rest }: QuantityInputProps) {
  const error = quantityError(value, field);
  return (
    <TextInput
      inputMode="numeric"
      pattern="[0-9]*"
      enterKeyHint="next"
      autoComplete="off"
      data-quantity={field === 'CaseQuantity' ? 'cases' : 'units'}
      {...rest}
      value={String(value)}
      error={error}
      onChange={(event) => onChange(event.currentTarget.value)}
      onBlur={() => {
        if (error === null && value !== '' && Number(value) < 0) onChange('0');
      }}
      onKeyDown={focusNextCases}
      onMouseDown={focusOnQuickTap}
    />
  );
}
