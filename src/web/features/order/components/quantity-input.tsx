import { NumberInput, type NumberInputProps } from '@mantine/core';
import { MAX_QUANTITY } from '../../../../domain/order.schema';
import type { QuantityValue } from '../order-draft';

export interface QuantityInputProps extends Omit<NumberInputProps, 'value' | 'onChange'> {
  value: QuantityValue;
  onChange: (value: QuantityValue) => void;
}

/**
 * A Cases or Units box: whole numbers; a negative entry becomes 0 when the box is left (spec
 * section 5), and the totals count it as 0 while it is typed.
 */
export function QuantityInput({ value, onChange, ...rest }: QuantityInputProps) {
  return (
    <NumberInput
      min={0}
      max={MAX_QUANTITY}
      clampBehavior="blur"
      allowDecimal={false}
      hideControls
      inputMode="numeric"
      autoComplete="off"
      {...rest}
      value={value}
      onChange={onChange}
    />
  );
}
