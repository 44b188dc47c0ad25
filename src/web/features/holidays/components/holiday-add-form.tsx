import { Button, Group, Paper, Stack, TextInput, Title } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useForm } from '@mantine/form';
import {
  formatUsDate,
  HOLIDAY_NAME_MAX,
  HolidaySaveSchema,
} from '../../../../domain/delivery-calendar.schema';
import { IconPlus } from '../../../components/icons';
import { isApiError } from '../../../lib/api-client';
import { nameDatePopup } from '../../../lib/name-date-popup';
import { showSavedToast } from '../../../lib/saved-toast';
import { showSaveError } from '../../../lib/server-form-errors';
import { zodValidate } from '../../../lib/zod-form';
import { useAddHoliday } from '../api/add-holiday';
import { confirmHolidayOrders } from './confirm-holiday-orders';

const nameHolidayCalendar = nameDatePopup("Choose the holiday's date");

interface Values {
  Date: string | null;
  Name: string;
}

const validate = zodValidate<Values>(HolidaySaveSchema);

/** Add one day without deliveries: a date and the name customers see. */
export function HolidayAddForm() {
  const add = useAddHoliday();
  const form = useForm<Values>({ mode: 'controlled', initialValues: { Date: null, Name: '' }, validate });

  const submit = form.onSubmit(async (values) => {
    // Orders already on the date are shown before the holiday is added (issue 33).
    if (values.Date && !(await confirmHolidayOrders([values.Date]))) return;
    add.mutate(
      { Date: values.Date ?? '', Name: values.Name },
      {
        onSuccess: (h) => {
          showSavedToast(`${h.Name} (${formatUsDate(h.Date)}) added: no deliveries that day`);
          form.reset();
        },
        // 409: the date has a holiday already; it belongs under the date.
        onError: (err) =>
          isApiError(err, 409)
            ? form.setFieldError('Date', err.ErrorMessage)
            : showSaveError(err, form.setFieldError, ['Date', 'Name']),
      },
    );
  });

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="add-holiday-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="add-holiday-title">
          Add a Holiday
        </Title>
        <form onSubmit={submit} noValidate>
          <Group align="flex-start" gap="sm" wrap="wrap">
            <DatePickerInput
              label="Date"
              placeholder="Pick a date"
              valueFormat="MM/DD/YYYY"
              withAsterisk
              w={{ base: '100%', xs: 180 }}
              nextLabel="Next month"
              previousLabel="Previous month"
              // Named, and no faint days of the months around (2.39:1 against axe's 4.5): issue 33.
              popoverProps={{ withinPortal: true, returnFocus: true, onOpen: nameHolidayCalendar }}
              hideOutsideDates
              key={form.key('Date')}
              {...form.getInputProps('Date')}
            />
            <TextInput
              label="Name"
              placeholder="Thanksgiving Day"
              withAsterisk
              maxLength={HOLIDAY_NAME_MAX}
              style={{ flex: '1 1 220px' }}
              key={form.key('Name')}
              {...form.getInputProps('Name')}
            />
            <Button
              type="submit"
              mt={{ base: 0, xs: 25 }}
              leftSection={<IconPlus size={18} />}
              loading={add.isPending}
            >
              Add Holiday
            </Button>
          </Group>
        </form>
      </Stack>
    </Paper>
  );
}
