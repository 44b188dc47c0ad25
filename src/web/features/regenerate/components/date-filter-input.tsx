import { Button, CloseButton, Group, Input, InputBase, Popover, Stack } from '@mantine/core';
import { DatePicker } from '@mantine/dates';
import { useState } from 'react';
import { formatDate } from '../../../components/data-table';

export interface DateFilterInputProps {
  label: string;
  /** 'YYYY-MM-DD' or '' for none. */
  value: string;
  onChange: (value: string) => void;
  minDate?: string;
  maxDate?: string;
  w?: Record<string, number | string> | number | string;
}

/**
 * Spec section 2: the history filter's dates are picked in a popup with a Cancel button. Picking
 * a day closes it with that day; Cancel (or Escape) closes it unchanged; × clears the date.
 */
export function DateFilterInput({ label, value, onChange, minDate, maxDate, w }: DateFilterInputProps) {
  const [opened, setOpened] = useState(false);
  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-start" shadow="md" trapFocus returnFocus>
      <Popover.Target>
        <InputBase
          component="button"
          type="button"
          label={label}
          w={w}
          pointer
          aria-haspopup="dialog"
          onClick={() => setOpened((o) => !o)}
          rightSection={
            value ? (
              <CloseButton size="sm" aria-label={`Clear ${label}`} onClick={() => onChange('')} />
            ) : null
          }
          rightSectionPointerEvents="all"
        >
          {value ? formatDate(value) : <Input.Placeholder c="gray.7">MM/DD/YYYY</Input.Placeholder>}
        </InputBase>
      </Popover.Target>
      <Popover.Dropdown aria-label={label}>
        <Stack gap="xs">
          <DatePicker
            value={value || null}
            defaultDate={value || maxDate || undefined}
            minDate={minDate || undefined}
            maxDate={maxDate || undefined}
            onChange={(day) => {
              onChange(day ?? '');
              setOpened(false);
            }}
            nextLabel="Next month"
            previousLabel="Previous month"
            // No faint days of the months around: they read at 2.39:1 (issue 33).
            hideOutsideDates
          />
          <Group justify="flex-end">
            <Button variant="default" size="xs" onClick={() => setOpened(false)}>
              Cancel
            </Button>
          </Group>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
