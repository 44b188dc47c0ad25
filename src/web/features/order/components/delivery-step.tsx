import { SimpleGrid, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { DeliveryDateContext } from '../../../../domain/delivery-date';
import { isReferenceCustomerType, REFERENCE_PO_MAX } from '../../../../domain/order.schema';
import type { OrderHeaderValues } from '../order-draft';
import { DeliveryDateInput } from './delivery-date-input';
import { PhoneInput } from './phone-input';

export interface DeliveryStepProps {
  form: UseFormReturnType<OrderHeaderValues>;
  ctx: DeliveryDateContext;
  today: string;
}

/**
 * Step 1, 'Create New Order' (spec section 2): delivery date, name, phone, email, and the
 * Reference PO for reference customers. Messages appear as a field is left.
 */
export function DeliveryStep({ form, ctx, today }: DeliveryStepProps) {
  const dateProps = form.getInputProps('DeliveryDate');
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="sm">
      <DeliveryDateInput
        ctx={ctx}
        today={today}
        key={form.key('DeliveryDate')}
        value={form.getValues().DeliveryDate}
        onChange={(date) => form.setFieldValue('DeliveryDate', date)}
        error={dateProps.error}
        // Checked when the calendar closes: opening it moves the focus, which is no reason to complain yet.
        onDropdownClose={() => form.validateField('DeliveryDate')}
      />
      <TextInput
        label="Name"
        withAsterisk
        autoComplete="name"
        maxLength={100}
        key={form.key('Name')}
        {...form.getInputProps('Name')}
      />
      <PhoneInput label="Phone" withAsterisk key={form.key('Phone')} {...form.getInputProps('Phone')} />
      <TextInput
        label="Email"
        type="email"
        withAsterisk
        autoComplete="email"
        key={form.key('Email')}
        {...form.getInputProps('Email')}
      />
      {isReferenceCustomerType(ctx.customerTypeId) && (
        <TextInput
          label="Reference PO"
          withAsterisk
          autoComplete="off"
          description={`Up to ${REFERENCE_PO_MAX} characters`}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          key={form.key('ReferencePO')}
          {...form.getInputProps('ReferencePO')}
        />
      )}
    </SimpleGrid>
  );
}
