import { Paper, Stack, Switch, Textarea } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { formatUsDate } from '../../../../domain/delivery-calendar.schema';
import { OVERRIDE_REASON_MAX } from '../../../../domain/staff-order';
import type { OrderHeaderValues } from '../order-draft';

export interface OverrideLeadTimeProps {
  form: UseFormReturnType<OrderHeaderValues>;
  on: boolean;
  onChange: (on: boolean) => void;
  /**
   * Staff's "Override expired license" (design.md 8.2, decision 067), offered when the
   * customer's license has expired or the chosen date is after it; null: not offered.
   */
  license?: { on: boolean; onChange: (on: boolean) => void; expires: string } | null;
}

// The label and description are part of the target: 44 px tall on a phone.
const switchStyles = { body: { minHeight: 44, alignItems: 'center' } };

/**
 * Staff's "Override lead time" (design.md 7.5): switched on, the picker offers dates from today
 * (never a Sunday, a holiday or a Saturday for type 1) and a Reason is required, kept on the
 * order and in the audit trail. The same override and reason let the order go below the type's
 * minimum (design.md 7.11, decision 050). Beside it, when the customer's license is in the way,
 * "Override expired license" with the same Reason (design.md 8.2). The server applies the same
 * rules.
 */
export function OverrideLeadTime({ form, on, onChange, license }: OverrideLeadTimeProps) {
  const any = on || license?.on === true;
  return (
    <Paper withBorder radius="sm" p="sm" bg={any ? 'yellow.0' : undefined}>
      <Stack gap="sm">
        <Switch
          size="md"
          label="Override lead time"
          description="Accept a delivery date inside the customer's lead time, or fewer cases than their type's minimum"
          checked={on}
          onChange={(event) => onChange(event.currentTarget.checked)}
          styles={switchStyles}
        />
        {license && (
          <Switch
            size="md"
            label="Override expired license"
            description={`Deliver after the liquor license's last day, ${formatUsDate(license.expires)}`}
            checked={license.on}
            onChange={(event) => license.onChange(event.currentTarget.checked)}
            styles={switchStyles}
          />
        )}
        {any && (
          <Textarea
            label="Reason"
            withAsterisk
            rows={2}
            maxLength={OVERRIDE_REASON_MAX}
            description={`Why this date or this order: kept on the order, up to ${OVERRIDE_REASON_MAX} characters`}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            key={form.key('OverrideReason')}
            {...form.getInputProps('OverrideReason')}
          />
        )}
      </Stack>
    </Paper>
  );
}
