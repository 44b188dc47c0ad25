import { Select, type SelectProps } from '@mantine/core';
import { ALL_CUSTOMER_TYPES } from '../../../../domain/customer-type.schema';
import { useCustomerTypes } from '../../customer-types/api/get-customer-types';

export interface CustomerTypeSelectProps extends Omit<SelectProps, 'data' | 'value' | 'onChange'> {
  /** 0 is 'All Customer Types'. */
  value: number;
  onChange: (customerTypeId: number) => void;
}

/**
 * The filters' Customer Type: the list of types (loaded on entry) headed by the pseudo type
 * 'All Customer Types' (spec sections 3 and 5).
 */
export function CustomerTypeSelect({ value, onChange, ...rest }: CustomerTypeSelectProps) {
  const types = useCustomerTypes();
  const data = [
    { value: String(ALL_CUSTOMER_TYPES.Id), label: ALL_CUSTOMER_TYPES.Name },
    ...(types.data ?? []).map((t) => ({ value: String(t.Id), label: t.Name })),
  ];
  return (
    <Select
      label="Customer Type"
      allowDeselect={false}
      {...rest}
      data={data}
      value={String(value)}
      onChange={(v) => onChange(Number(v ?? 0))}
    />
  );
}
