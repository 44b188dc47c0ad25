import { TextInput, type TextInputProps } from '@mantine/core';
import type { ChangeEvent } from 'react';
import { maskPhone, PHONE_DIGITS } from '../../../../domain/phone';
import { maskDigits } from '../../../components/digits-input';

export { maskPhone };

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
