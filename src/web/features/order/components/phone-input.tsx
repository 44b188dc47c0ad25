import { TextInput, type TextInputProps } from '@mantine/core';
import type { ChangeEvent } from 'react';
import { PHONE_DIGITS } from '../../../../domain/phone';
import { maskDigits } from '../../../components/digits-input';

/** Digits as they are typed, in the (999) 999-9999 mask: '31255' → '(312) 55'. */
export function maskPhone(digits: string): string {
  if (digits === '') return '';
  if (digits.length <= 3) return `(${digits}`;
  if (digits.length <= 6) return `(${digits.slice(0, 3)}) ${digits.slice(3)}`;
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
}

export interface PhoneInputProps extends Omit<TextInputProps, 'value' | 'onChange'> {
  /** Digits only (the phone is stored unmasked, spec section 3). */
  value?: string;
  /** Called with the digits only, at most 10 of them. */
  onChange?: (digits: string) => void;
}

/**
 * Phone entry with the (999) 999-9999 mask (spec section 5: masked in entry, stored unmasked).
 * The mask's digits come from `maskDigits`, as every numeric mask of the app does.
 */
export function PhoneInput({ value, onChange, ...rest }: PhoneInputProps) {
  return (
    <TextInput
      type="tel"
      inputMode="tel"
      autoComplete="tel-national"
      placeholder="(999) 999-9999"
      {...rest}
      value={maskPhone(value ?? '')}
      onChange={(event: ChangeEvent<HTMLInputElement>) =>
        onChange?.(maskDigits(event.currentTarget.value, PHONE_DIGITS))
      }
    />
  );
}
