import { Alert, Badge, Button, Checkbox, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useState } from 'react';
import { dayOfWeek } from '../../../../domain/business-date';
import {
  HOLIDAY_NAME_MAX,
  type Holiday,
  HolidaySaveSchema,
} from '../../../../domain/delivery-calendar.schema';
import { usFederalHolidays } from '../../../../domain/federal-holidays';
import { CardList } from '../../../components/card-list';
import { TAP_LABEL } from '../../../components/tap-label';
import { nameDatePopup } from '../../../lib/name-date-popup';
import { showSavedToast } from '../../../lib/saved-toast';
import { useAddHolidays } from '../api/add-holiday';
import { confirmHolidayOrders } from './confirm-holiday-orders';
import { WEEKDAYS } from './holidays-table';

interface Row {
  /** The suggested name: it names the row's fields for screen readers while the name is edited. */
  suggested: string;
  Date: string | null;
  Name: string;
  checked: boolean;
}

/** A row's first problem, in the words of POST Holiday. */
function rowError(row: Row): { Date?: string; Name?: string } {
  const parsed = HolidaySaveSchema.safeParse({ Date: row.Date ?? '', Name: row.Name });
  if (parsed.success) return {};
  const errors: { Date?: string; Name?: string } = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as 'Date' | 'Name';
    errors[field] ??= issue.message;
  }
  return errors;
}

const initialRows = (year: number, taken: ReadonlySet<string>): Row[] =>
  usFederalHolidays(year).map((h) => ({ suggested: h.Name, ...h, checked: !taken.has(h.Date) }));

/**
 * "Suggest next year's US federal holidays": the 11 holidays of `year`, each editable and
 * ticked unless its date has a holiday already, added in one click.
 */
export function FederalHolidaysSuggest({ year, holidays }: { year: number; holidays: readonly Holiday[] }) {
  const taken = new Map(holidays.map((h) => [h.Date, h.Name]));
  const [rows, setRows] = useState<Row[] | null>(null);
  const [failed, setFailed] = useState<string[]>([]);
  const add = useAddHolidays();

  const update = (i: number, change: Partial<Row>) =>
    setRows((current) => current?.map((r, j) => (j === i ? { ...r, ...change } : r)) ?? null);
  const chosen = (rows ?? []).filter((r) => r.checked && !(r.Date && taken.has(r.Date)));
  const invalid = chosen.some((r) => Object.keys(rowError(r)).length > 0);

  const submit = async () => {
    const dates = chosen.flatMap((r) => (r.Date ? [r.Date] : []));
    // Orders already on those dates are shown before the holidays are added (issue 33).
    if (dates.length && !(await confirmHolidayOrders(dates))) return;
    add.mutate(
      chosen.map((r) => ({ Date: r.Date ?? '', Name: r.Name.trim() })),
      {
        onSuccess: ({ added, failed: refused }) => {
          if (added.length > 0)
            showSavedToast(`${added.length} ${added.length === 1 ? 'holiday' : 'holidays'} added`);
          setFailed(refused.map((f) => `${f.holiday.Name}: ${f.message}`));
          if (refused.length === 0) setRows(null);
        },
      },
    );
  };

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="federal-title">
      <Stack gap="sm">
        <Group justify="space-between" gap="sm">
          <Title order={2} size="h4" id="federal-title">
            US Federal Holidays {year}
          </Title>
          {rows === null && (
            <Button variant="default" onClick={() => setRows(initialRows(year, new Set(taken.keys())))}>
              Suggest {year}'s US federal holidays
            </Button>
          )}
        </Group>
        {rows === null ? (
          <Text fz="sm" c="dimmed">
            The 11 federal holidays of next year, to check, edit and add in one click.
          </Text>
        ) : (
          <>
            <CardList label={`Federal holidays ${year}`}>
              {rows.map((row, i) => {
                const present = row.Date ? taken.get(row.Date) : undefined;
                const errors = row.checked && present === undefined ? rowError(row) : {};
                return (
                  <Group
                    component="li"
                    key={row.suggested}
                    gap="sm"
                    align="flex-start"
                    wrap="wrap"
                    data-testid="federal-row"
                    // On a phone a row wraps onto two lines: the rule keeps each holiday's lines together.
                    pb="xs"
                    style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
                  >
                    <Checkbox
                      // Beside the row's fields: 36 px tall on a desk, 44 on a phone, where the
                      // label around the box is as tall (app.css).
                      mt={{ base: 0, xs: 8 }}
                      wrapperProps={TAP_LABEL}
                      aria-label={`Add ${row.suggested}`}
                      checked={row.checked && present === undefined}
                      disabled={present !== undefined}
                      onChange={(e) => update(i, { checked: e.currentTarget.checked })}
                    />
                    <DatePickerInput
                      aria-label={`Date of ${row.suggested}`}
                      valueFormat="MM/DD/YYYY"
                      value={row.Date}
                      onChange={(d) => update(i, { Date: d })}
                      error={errors.Date}
                      w={130}
                      nextLabel="Next month"
                      previousLabel="Previous month"
                      popoverProps={{
                        withinPortal: true,
                        returnFocus: true,
                        onOpen: nameDatePopup(`Choose the date of ${row.suggested}`),
                      }}
                      hideOutsideDates
                    />
                    <Text fz="sm" mt={{ base: 12, xs: 8 }} w={90} c="dimmed">
                      {row.Date ? WEEKDAYS[dayOfWeek(row.Date)] : ''}
                    </Text>
                    <TextInput
                      aria-label={`Name of ${row.suggested}`}
                      value={row.Name}
                      maxLength={HOLIDAY_NAME_MAX}
                      onChange={(e) => update(i, { Name: e.currentTarget.value })}
                      error={errors.Name}
                      style={{ flex: '1 1 200px' }}
                    />
                    {present !== undefined && (
                      <Badge mt={6} color="gray" variant="light" title={present}>
                        Already added
                      </Badge>
                    )}
                  </Group>
                );
              })}
            </CardList>
            {failed.length > 0 && (
              <Alert color="red" title="Not added">
                {failed.map((f) => (
                  <Text key={f} fz="sm">
                    {f}
                  </Text>
                ))}
              </Alert>
            )}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={() => setRows(null)}>
                Cancel
              </Button>
              <Button
                onClick={() => void submit()}
                disabled={chosen.length === 0 || invalid}
                loading={add.isPending}
              >
                Add {chosen.length} {chosen.length === 1 ? 'Holiday' : 'Holidays'}
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Paper>
  );
}
