import { Box, Button, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { type DeliveryDateContext, nextSelectableDeliveryDates } from '../../../../domain/delivery-date';
import { isAfterLicense, isLicenseExpired } from '../../../../domain/license';
import { isReferenceCustomerType, REFERENCE_PO_MAX } from '../../../../domain/order.schema';
import type { OrderSummary } from '../../../../domain/order-view.schema';
import type { OrderHeaderValues } from '../order-draft';
import { formatWeekdayDate } from '../order-time';
import { DeliveryDateInput } from './delivery-date-input';
import { ExistingOrderNote, ordersFor } from './existing-order-note';
import { OverrideLeadTime } from './override-lead-time';
import { PhoneInput } from './phone-input';

export interface DeliveryStepProps {
  form: UseFormReturnType<OrderHeaderValues>;
  ctx: DeliveryDateContext;
  today: string;
  /** The customer's orders, to say when one is already there for the chosen date. */
  orders?: readonly OrderSummary[];
  /**
   * Staff only (design.md 7.5): the lead-time override switch, which reveals its Reason; and
   * the license's (design.md 8.2), when the customer has an expiry date.
   */
  override?: {
    on: boolean;
    onChange: (on: boolean) => void;
    license?: { on: boolean; onChange: (on: boolean) => void; expires: string | null };
  };
  /** The Id of the order being changed (design.md 7.10): not another order for its date. */
  changing?: number | undefined;
}

/** The next deliverable dates as one tap each, beside the picker (a thumb, or Tab and Space). */
function QuickDates({
  ctx,
  value,
  onPick,
}: {
  ctx: DeliveryDateContext;
  value: string | null;
  onPick: (d: string) => void;
}) {
  const dates = nextSelectableDeliveryDates(ctx, 3);
  return (
    <Group gap="xs" role="group" aria-label="Next delivery dates">
      {dates.map((date) => (
        <Button
          key={date}
          size="xs"
          variant={value === date ? 'filled' : 'default'}
          aria-pressed={value === date}
          onClick={() => onPick(date)}
        >
          {formatWeekdayDate(date)}
        </Button>
      ))}
    </Group>
  );
}

/**
 * The license override is offered once the license is in the way: it has expired, or the
 * chosen date is after it; and while it is on, so it can be switched off again.
 */
function licenseOverride(
  license: NonNullable<DeliveryStepProps['override']>['license'],
  date: string | null,
  today: string,
) {
  if (!license?.expires) return null;
  const inTheWay =
    license.on || isLicenseExpired(license.expires, today) || isAfterLicense(date ?? '', license.expires);
  return inTheWay ? { on: license.on, onChange: license.onChange, expires: license.expires } : null;
}

/**
 * Step 1, 'Create New Order' (spec section 2): delivery date, name, phone, email, and the
 * Reference PO for reference customers. Messages appear as a field is left.
 */
export function DeliveryStep({ form, ctx, today, orders = [], override, changing }: DeliveryStepProps) {
  const dateProps = form.getInputProps('DeliveryDate');
  const date = form.getValues().DeliveryDate;
  const pick = (picked: string) => {
    form.setFieldValue('DeliveryDate', picked);
    form.validateField('DeliveryDate');
  };
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="sm">
      {override && (
        <Box style={{ gridColumn: '1 / -1' }}>
          <OverrideLeadTime
            form={form}
            on={override.on}
            onChange={override.onChange}
            license={licenseOverride(override.license, date, today)}
          />
        </Box>
      )}
      <Stack gap={6}>
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
        <QuickDates ctx={ctx} value={date} onPick={pick} />
      </Stack>
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
      {ordersFor(orders, date).some((o) => o.Id !== changing) && (
        <Box style={{ gridColumn: '1 / -1' }}>
          <ExistingOrderNote
            orders={orders}
            date={date}
            forStaff={override !== undefined}
            changing={changing}
          />
        </Box>
      )}
    </SimpleGrid>
  );
}
