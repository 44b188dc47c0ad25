import { Paper, Select, SimpleGrid, Stack, Switch, Textarea } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { type FormErrors, useForm } from '@mantine/form';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { ALL_CUSTOMER_TYPES } from '../../../../domain/customer-type.schema';
import { type Message, MessageSaveSchema } from '../../../../domain/message.schema';
import { SaveCancelButtons } from '../../../components/save-cancel-buttons';
import { nameDatePopup } from '../../../lib/name-date-popup';
import { showSavedToast } from '../../../lib/saved-toast';
import { showSaveError } from '../../../lib/server-form-errors';
import { zodValidate } from '../../../lib/zod-form';
import { useCustomerTypes } from '../../customer-types/api/get-customer-types';
import { HtmlPreview } from '../../settings/components/html-preview';
import { useSaveMessage } from '../api/save-message';

export interface MessageFormValues {
  /** 'YYYY-MM-DD' */
  StartDate: string | null;
  EndDate: string | null;
  /** The Select's value; '0' is 'All Customer Types', null is nothing chosen yet. */
  CustomerTypeId: string | null;
  Message: string;
  IsActive: boolean;
}

/** The form's values as the API's save body (numbers as numbers). */
export function toMessageSave(id: number, v: MessageFormValues) {
  return {
    Id: id,
    StartDate: v.StartDate ?? '',
    EndDate: v.EndDate ?? '',
    CustomerTypeId: v.CustomerTypeId === null ? undefined : Number(v.CustomerTypeId),
    Message: v.Message,
    IsActive: v.IsActive,
  };
}

const validateSave = zodValidate(MessageSaveSchema);
export const validateMessage = (values: MessageFormValues): FormErrors =>
  validateSave(toMessageSave(0, values));

const formFields = ['StartDate', 'EndDate', 'CustomerTypeId', 'Message', 'IsActive'] as const;
const DATE_FORMAT = 'MM/DD/YYYY';

export function messageFormValues(message: Message | undefined): MessageFormValues {
  // Spec section 3: both dates default to today.
  const today = dayjs().format('YYYY-MM-DD');
  if (!message) {
    return { StartDate: today, EndDate: today, CustomerTypeId: null, Message: '', IsActive: true };
  }
  return {
    StartDate: message.StartDate,
    EndDate: message.EndDate,
    CustomerTypeId: String(message.CustomerTypeId),
    Message: message.Message,
    IsActive: message.IsActive,
  };
}

export interface MessageFormProps {
  /** 0 for a new message. */
  id: number;
  message?: Message;
  onDone: () => void;
}

/** The message editor (spec sections 2 and 5): dates, customer type, text or HTML with a preview, Active. */
export function MessageForm({ id, message, onDone }: MessageFormProps) {
  const save = useSaveMessage();
  const types = useCustomerTypes();
  const form = useForm<MessageFormValues>({
    mode: 'controlled',
    initialValues: messageFormValues(message),
    validate: validateMessage,
  });

  const typeData = useMemo(
    () => [
      { value: String(ALL_CUSTOMER_TYPES.Id), label: ALL_CUSTOMER_TYPES.Name },
      ...(types.data ?? []).map((t) => ({ value: String(t.Id), label: `${t.Id} - ${t.Name}` })),
    ],
    [types.data],
  );

  const submit = form.onSubmit((values) => {
    save.mutate(MessageSaveSchema.parse(toMessageSave(id, values)), {
      onSuccess: () => {
        showSavedToast('Message saved');
        onDone();
      },
      onError: (error) => showSaveError(error, form.setFieldError, formFields),
    });
  });

  return (
    <Paper withBorder p={{ base: 'md', xs: 'lg' }} radius="md" maw={760}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <DatePickerInput
              label="Start Date"
              withAsterisk
              clearable
              valueFormat={DATE_FORMAT}
              placeholder={DATE_FORMAT}
              clearButtonProps={{ 'aria-label': 'Clear Start Date' }}
              nextLabel="Next month"
              previousLabel="Previous month"
              popoverProps={{ onOpen: nameDatePopup('Choose the Start Date') }}
              hideOutsideDates
              {...form.getInputProps('StartDate')}
            />
            <DatePickerInput
              label="End Date"
              withAsterisk
              clearable
              valueFormat={DATE_FORMAT}
              placeholder={DATE_FORMAT}
              clearButtonProps={{ 'aria-label': 'Clear End Date' }}
              nextLabel="Next month"
              previousLabel="Previous month"
              popoverProps={{ onOpen: nameDatePopup('Choose the End Date') }}
              hideOutsideDates
              {...form.getInputProps('EndDate')}
            />
          </SimpleGrid>
          <Select
            label="Customer Type"
            placeholder="Choose a customer type"
            withAsterisk
            allowDeselect={false}
            searchable
            data={typeData}
            {...form.getInputProps('CustomerTypeId')}
          />
          <Textarea
            label="Message"
            description="Plain text or HTML; it is cleaned of scripts when saved."
            withAsterisk
            autosize
            minRows={4}
            maxRows={14}
            {...form.getInputProps('Message')}
          />
          <HtmlPreview html={form.values.Message} empty="Nothing to preview yet." />
          <Switch label="Active" {...form.getInputProps('IsActive', { type: 'checkbox' })} />
          <SaveCancelButtons onCancel={onDone} saving={save.isPending} />
        </Stack>
      </form>
    </Paper>
  );
}
