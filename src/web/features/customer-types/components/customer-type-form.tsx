import { Paper, Select, Stack, TextInput } from '@mantine/core';
import { type FormErrors, useForm } from '@mantine/form';
import {
  type CustomerType,
  CustomerTypeSaveSchema,
  LEAD_HOURS_OPTIONS,
  REMINDER_HOURS_MAX,
  STANDING_ORDER_HOURS_MAX,
} from '../../../../domain/customer-type.schema';
import { MINIMUM_CASES_MAX } from '../../../../domain/order-minimum';
import { SaveCancelButtons } from '../../../components/save-cancel-buttons';
import { showSavedToast } from '../../../lib/saved-toast';
import { showSaveError } from '../../../lib/server-form-errors';
import { zodValidate } from '../../../lib/zod-form';
import { useSaveCustomerType } from '../api/save-customer-type';
import { cutoffTimeError, formatCutoffTime, maskCutoffTime, parseCutoffTime } from './cutoff-time';

export interface CustomerTypeFormValues {
  Name: string;
  /** The Select's value: '24', '48', ... */
  LeadHours: string | null;
  /** HH:MM */
  CutoffTime: string;
  /** Cutoff reminders (design.md 7.4): 0 to 72 hours before the cutoff; 0 is off. As typed. */
  ReminderHours: string;
  /** The order minimum (design.md 7.11): 0 to 999 cases in all; 0 is none. As typed. */
  MinimumCases: string;
  /** Standing orders (design.md 8.6): placed 1 to 168 hours before the cutoff. As typed. */
  StandingOrderHours: string;
}

/** Spec section 9: the fixed list 24, 48, 72 and 96 Hours. */
export const leadHoursData = LEAD_HOURS_OPTIONS.map((h) => ({ value: String(h), label: `${h} Hours` }));

const validateFields = zodValidate(
  CustomerTypeSaveSchema.pick({ Name: true, LeadHours: true }).extend({
    ReminderHours: CustomerTypeSaveSchema.shape.ReminderHours.unwrap().unwrap(),
    MinimumCases: CustomerTypeSaveSchema.shape.MinimumCases.unwrap().unwrap(),
    StandingOrderHours: CustomerTypeSaveSchema.shape.StandingOrderHours.unwrap().unwrap(),
  }),
);

/**
 * A whole-number box as typed: null when empty, the number when it is digits only, NaN for
 * anything else, which the schema refuses with the field's message. A number box that drops
 * what it cannot take would turn "2.5" into 25, "1e3" into 13 and "-1" into 1 (issue 33).
 */
export function typedWholeNumber(text: string): number | null {
  const t = text.trim();
  if (t === '') return null;
  return /^\d{1,9}$/.test(t) ? Number(t) : Number.NaN;
}

export function validateCustomerType(values: CustomerTypeFormValues): FormErrors {
  const errors = validateFields({
    Name: values.Name,
    LeadHours: Number(values.LeadHours),
    ReminderHours: typedWholeNumber(values.ReminderHours),
    MinimumCases: typedWholeNumber(values.MinimumCases),
    StandingOrderHours: typedWholeNumber(values.StandingOrderHours),
  });
  const cutoff = cutoffTimeError(values.CutoffTime);
  return cutoff ? { ...errors, CutoffTime: cutoff } : errors;
}

const formFields = [
  'Name',
  'LeadHours',
  'CutoffTime',
  'ReminderHours',
  'MinimumCases',
  'StandingOrderHours',
] as const;
const serverFieldMap = { CutoffHours: 'CutoffTime', CutoffMinutes: 'CutoffTime' };

export interface CustomerTypeFormProps {
  type: CustomerType;
  onDone: () => void;
}

/** Customer Type - Edit: the name is read-only; Lead Hours and Cutoff Time are the rules staff change. */
export function CustomerTypeForm({ type, onDone }: CustomerTypeFormProps) {
  const save = useSaveCustomerType();
  const form = useForm<CustomerTypeFormValues>({
    mode: 'controlled',
    initialValues: {
      Name: type.Name,
      LeadHours: String(type.LeadHours),
      CutoffTime: formatCutoffTime(type.CutoffHours, type.CutoffMinutes),
      ReminderHours: String(type.ReminderHours),
      MinimumCases: String(type.MinimumCases),
      StandingOrderHours: String(type.StandingOrderHours),
    },
    validate: validateCustomerType,
    // Each box is checked when it is left, not only on Save (issue 33: 25:00 was flagged on Save).
    validateInputOnBlur: true,
  });

  const submit = form.onSubmit((values) => {
    const cutoff = parseCutoffTime(values.CutoffTime);
    if (!cutoff) return;
    save.mutate(
      CustomerTypeSaveSchema.parse({
        Id: type.Id,
        Name: values.Name,
        LeadHours: Number(values.LeadHours),
        ...cutoff,
        Footer: '',
        ReminderHours: typedWholeNumber(values.ReminderHours),
        MinimumCases: typedWholeNumber(values.MinimumCases),
        StandingOrderHours: typedWholeNumber(values.StandingOrderHours),
      }),
      {
        onSuccess: (saved) => {
          showSavedToast(`Customer Type ${saved.Name} saved`);
          onDone();
        },
        onError: (error) => showSaveError(error, form.setFieldError, formFields, serverFieldMap),
      },
    );
  });

  const cutoffProps = form.getInputProps('CutoffTime');
  return (
    <Paper withBorder p={{ base: 'md', xs: 'lg' }} radius="md" maw={560}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput label="Customer Type Id" value={String(type.Id)} readOnly variant="filled" />
          <TextInput
            label="Customer Type Name"
            readOnly
            variant="filled"
            withAsterisk
            {...form.getInputProps('Name')}
          />
          <Select
            label="Lead Hours"
            withAsterisk
            allowDeselect={false}
            data={leadHoursData}
            {...form.getInputProps('LeadHours')}
          />
          <TextInput
            label="Cutoff Time"
            description="24-hour time HH:MM (hours 0-23, minutes 0-59), for example 16:00"
            placeholder="HH:MM"
            inputMode="numeric"
            autoComplete="off"
            withAsterisk
            {...cutoffProps}
            onChange={(event) => form.setFieldValue('CutoffTime', maskCutoffTime(event.currentTarget.value))}
          />
          <TextInput
            label="Reminder Hours"
            description={`Customers who usually order for a weekday get one mail this many hours before its cutoff when they have not ordered yet (0 to ${REMINDER_HOURS_MAX}; 0: no reminders)`}
            inputMode="numeric"
            autoComplete="off"
            withAsterisk
            {...form.getInputProps('ReminderHours')}
          />
          <TextInput
            label="Minimum Cases"
            description={`Orders need at least this many cases in all, loose units counted as part of a case; staff may go below it with the override (0 to ${MINIMUM_CASES_MAX}; 0: no minimum)`}
            inputMode="numeric"
            autoComplete="off"
            withAsterisk
            {...form.getInputProps('MinimumCases')}
          />
          <TextInput
            label="Standing Order Hours"
            description={`A customer's standing order is placed this many hours before each date's cutoff (1 to ${STANDING_ORDER_HOURS_MAX})`}
            inputMode="numeric"
            autoComplete="off"
            withAsterisk
            {...form.getInputProps('StandingOrderHours')}
          />
          <SaveCancelButtons onCancel={onDone} saving={save.isPending} mt="xs" />
        </Stack>
      </form>
    </Paper>
  );
}
