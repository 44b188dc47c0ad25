import { TextInput, type TextInputProps } from '@mantine/core';
import type { ChangeEvent } from 'react';
import { maskDigits } from '../lib/digits';

export interface DigitsInputProps extends Omit<TextInputProps, 'onChange' | 'value' | 'maxLength'> {
  /** How many digits the mask takes (Customer Number 4, Zip Code 5, Phone 10). */
  digits: number;
  value?: string;
  /** Called with the digits only, at most `digits` of them. */
  onChange?: (value: string) => void;
}

export { maskDigits };

/**
 * No maxLength attribute: the browser would cut a pasted '(1234)' to '(123' before the mask
 * sees it; the mask keeps the first `digits` digits instead.
 *
 * A numeric mask input (spec section 5: "4-digit numeric mask", "masked to 5 digits"). Works with
 * @mantine/form's `getInputProps` (its onChange takes a value as well as an event).
 */
export function DigitsInput({ digits, value, onChange, ...rest }: DigitsInputProps) {
  return (
    <TextInput
      inputMode="numeric"
      autoComplete="off"
      spellCheck={false}
      {...rest}
      value={value ?? ''}
      onChange={(event: ChangeEvent<HTMLInputElement>) =>
        onChange?.(maskDigits(event.currentTarget.value, digits))
      }
    />
  );
}
