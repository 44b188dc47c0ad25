import { List, ScrollArea, Stack, Table, Text, Title } from '@mantine/core';
import type { ImportFieldChange, ImportPreview } from '../../../domain/imports.schema';

/** A value as staff read it: blanks said, flags in words. */
function shown(value: ImportFieldChange['After']): string {
  if (value === null || value === '') return '(blank)';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return String(value);
}

/** `Field: before → after` for an update; `Field: value` for an insert (nothing before). */
function FieldChanges({ fields, insert }: { fields: ImportFieldChange[]; insert: boolean }) {
  return (
    <List size="sm" spacing={0} listStyleType="none" withPadding={false}>
      {fields.map((f) => (
        <List.Item key={f.Field} style={{ overflowWrap: 'anywhere' }}>
          <Text span fw={600} fz="sm">
            {f.Field}:
          </Text>{' '}
          {insert ? shown(f.After) : `${shown(f.Before)} → ${shown(f.After)}`}
        </List.Item>
      ))}
    </List>
  );
}

/**
 * A preview's changes (design.md 7.7): each line that would insert or update a record, with
 * its fields. Three columns, the action under the key, so that a phone shows it without
 * scrolling sideways; long values wrap.
 */
export function ImportChangesTable({ preview }: { preview: ImportPreview }) {
  const total = preview.Inserted + preview.Updated;
  const listed = preview.Changes.length;
  return (
    <Stack gap={4}>
      <Title order={3} size="h6">
        Changes
      </Title>
      {listed === 0 ? (
        <Text fz="sm">Nothing would change.</Text>
      ) : (
        listed < total && (
          <Text fz="sm">
            The first {listed.toLocaleString('en-US')} of {total.toLocaleString('en-US')} changes are listed.
          </Text>
        )
      )}
      {listed > 0 && (
        // Focusable, so a keyboard can scroll it (axe: scrollable-region-focusable, issue 33).
        <ScrollArea.Autosize
          mah={420}
          type="auto"
          viewportProps={{ tabIndex: 0, 'aria-label': 'Changes, scrollable' }}
        >
          <Table
            aria-label="Changes"
            striped
            withTableBorder
            stickyHeader
            fz="sm"
            verticalSpacing={4}
            layout="fixed"
          >
            {/* Fixed widths on <col>: the sticky header's cells do not set them. */}
            <colgroup>
              <col style={{ width: '3.5rem' }} />
              <col style={{ width: '32%' }} />
              <col />
            </colgroup>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Line</Table.Th>
                <Table.Th>Key</Table.Th>
                <Table.Th>Changes</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {preview.Changes.map((c) => (
                <Table.Tr key={c.Line}>
                  <Table.Td>{c.Line}</Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>
                    {c.Key}
                    <br />
                    <Text span fz="xs" fw={700} tt="uppercase">
                      {c.Action}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <FieldChanges fields={c.Fields} insert={c.Action === 'insert'} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea.Autosize>
      )}
    </Stack>
  );
}
