import { Button, Chip, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { isReferenceCustomerType } from '../../../../domain/reference-po';
import type { StandingOrderSaveInput } from '../../../../domain/standing-orders';
import { standingOrderMessages, WEEKDAY_NAMES } from '../../../../domain/standing-orders';
import { showApiErrorDialog } from '../../../components/dialogs/error-dialog';
import { IconX } from '../../../components/icons';
import { isApiError } from '../../../lib/api-client';
import { nameDatePopup } from '../../../lib/name-date-popup';

/** A line as the form keeps it: the quantities as typed. */
export interface FormLine {
  Code: string;
  Description: string;
  Cases: string;
  Units: string;
}

export interface StandingFormValues {
  Weekdays: string[];
  StartDate: string | null;
  EndDate: string | null;
  Lines: FormLine[];
  Name: string;
  Phone: string;
  Email: string;
  ReferencePO: string;
}

const fields = ['Weekdays', 'StartDate', 'EndDate', 'Lines', 'Name', 'Phone', 'Email', 'ReferencePO'];
const nameStart = nameDatePopup('Choose the first delivery date');
const nameEnd = nameDatePopup('Choose the last delivery date');
/** A quantity as typed: digits only, '' is 0; anything else is sent as it is for the server's message. */
const quantity = (typed: string): number => (typed.trim() === '' ? 0 : Number(typed.trim()));

export function toSaveBody(v: StandingFormValues): StandingOrderSaveInput {
  return {
    Weekdays: v.Weekdays.map(Number),
    StartDate: v.StartDate ?? '',
    EndDate: v.EndDate || null,
    Lines: v.Lines.map((l) => ({
      Code: l.Code,
      CaseQuantity: quantity(l.Cases),
      UnitQuantity: quantity(l.Units),
    })),
    Name: v.Name,
    Phone: v.Phone,
    Email: v.Email,
    ReferencePO: v.ReferencePO || null,
  };
}

export interface StandingOrderFormProps {
  initial: StandingFormValues;
  customerTypeId: number;
  saving: boolean;
  /** Rejects with the server's refusal: its messages land on their fields, or in a dialog. */
  onSave: (body: StandingOrderSaveInput) => Promise<unknown>;
  onCancel: () => void;
}

/**
 * A standing order's days, dates, lines and contact, designed for a thumb at 390 px: the days
 * as chips, the lines as rows with their cases. The server checks every rule; its messages
 * land on their fields.
 */
export function StandingOrderForm({
  initial,
  customerTypeId,
  saving,
  onSave,
  onCancel,
}: StandingOrderFormProps) {
  const form = useForm<StandingFormValues>({
    mode: 'controlled',
    initialValues: initial,
    validate: {
      Weekdays: (days) => (days.length === 0 ? standingOrderMessages.weekdaysRequired : null),
      StartDate: (date) => (date ? null : 'Start Date is required'),
    },
  });
  const noSaturday = customerTypeId === 1;
  const submit = form.onSubmit((values) =>
    onSave(toSaveBody(values)).catch((error: unknown) => {
      let placed = false;
      for (const { Field, Message } of isApiError(error) ? error.Errors : []) {
        // A line's message goes under its cases: 'Lines.2.Code' is the third line.
        const line = /^Lines\.(\d+)\./.exec(Field);
        const field = line ? `Lines.${line[1]}.Cases` : Field.split('.')[0]!;
        if (!line && !fields.includes(field)) continue;
        form.setFieldError(field, Message);
        placed = true;
      }
      if (!placed) void showApiErrorDialog(error, 'Not saved');
    }),
  );
  const lines = form.getValues().Lines;

  return (
    <Paper withBorder radius="md" p={{ base: 'sm', xs: 'lg' }} maw={640}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Chip.Group multiple {...form.getInputProps('Weekdays')}>
            <Stack gap={6}>
              <Text fw={500} size="sm" id="standing-days">
                Delivery days{' '}
                <span aria-hidden="true" style={{ color: 'var(--mantine-color-error)' }}>
                  *
                </span>
              </Text>
              <Group gap={6} role="group" aria-labelledby="standing-days">
                {[1, 2, 3, 4, 5, 6].map((d) => (
                  <Chip key={d} value={String(d)} disabled={d === 6 && noSaturday} size="md">
                    {WEEKDAY_NAMES[d]!.slice(0, 3)}
                  </Chip>
                ))}
              </Group>
              {form.errors.Weekdays && (
                <Text size="sm" c="red.8" role="alert">
                  {form.errors.Weekdays}
                </Text>
              )}
            </Stack>
          </Chip.Group>
          <Group grow align="flex-start" gap="sm" wrap="wrap">
            <DatePickerInput
              label="Start Date"
              valueFormat="MM/DD/YYYY"
              withAsterisk
              nextLabel="Next month"
              previousLabel="Previous month"
              popoverProps={{ withinPortal: true, returnFocus: true, onOpen: nameStart }}
              hideOutsideDates
              miw={150}
              {...form.getInputProps('StartDate')}
            />
            <DatePickerInput
              label="End Date"
              description="Leave empty to go on"
              valueFormat="MM/DD/YYYY"
              clearable
              nextLabel="Next month"
              previousLabel="Previous month"
              popoverProps={{ withinPortal: true, returnFocus: true, onOpen: nameEnd }}
              hideOutsideDates
              miw={150}
              {...form.getInputProps('EndDate')}
            />
          </Group>
          <Stack gap={4} component="section" aria-labelledby="standing-lines">
            <Title order={2} size="h5" id="standing-lines">
              Products
            </Title>
            {form.errors.Lines && (
              <Text size="sm" c="red.8" role="alert">
                {form.errors.Lines}
              </Text>
            )}
            {lines.length > 0 && (
              <Group gap="xs" wrap="nowrap" aria-hidden="true">
                <Text size="xs" c="dimmed" style={{ flex: 1 }}>
                  Product
                </Text>
                <Text size="xs" c="dimmed" w={72}>
                  Cases
                </Text>
                <Text size="xs" c="dimmed" w={64}>
                  Units
                </Text>
                <span style={{ width: 32 }} />
              </Group>
            )}
            {lines.map((line, i) => (
              <Group key={line.Code} gap="xs" wrap="nowrap" align="flex-start" data-testid="standing-line">
                <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
                  <Text size="sm" fw={500} lineClamp={2}>
                    {line.Description || line.Code}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {line.Code}
                  </Text>
                </Stack>
                {(['Cases', 'Units'] as const).map((field) => (
                  <TextInput
                    key={field}
                    aria-label={`${field} of ${line.Description || line.Code}`}
                    placeholder={field}
                    inputMode="numeric"
                    w={field === 'Cases' ? 72 : 64}
                    {...form.getInputProps(`Lines.${i}.${field}`)}
                  />
                ))}
                <Button
                  variant="subtle"
                  color="gray"
                  px={8}
                  aria-label={`Remove ${line.Description || line.Code}`}
                  onClick={() => form.removeListItem('Lines', i)}
                >
                  <IconX size={16} />
                </Button>
              </Group>
            ))}
          </Stack>
          <TextInput label="Name" withAsterisk autoComplete="name" {...form.getInputProps('Name')} />
          <TextInput
            label="Phone"
            withAsterisk
            inputMode="tel"
            autoComplete="tel"
            {...form.getInputProps('Phone')}
          />
          <TextInput
            label="Email"
            withAsterisk
            type="email"
            autoComplete="email"
            {...form.getInputProps('Email')}
          />
          {isReferenceCustomerType(customerTypeId) && (
            <TextInput label="Reference PO" withAsterisk {...form.getInputProps('ReferencePO')} />
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onCancel}>
              Cancel
            </Button>
            <Button type="submit" loading={saving}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
