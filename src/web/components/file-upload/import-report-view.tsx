import { List, Paper, ScrollArea, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { ImportReport } from '../../../domain/imports.schema';

const counts = [
  ['Lines', (r: ImportReport) => r.Lines],
  ['Inserted', (r: ImportReport) => r.Inserted],
  ['Updated', (r: ImportReport) => r.Updated],
  ['Unchanged', (r: ImportReport) => r.Unchanged],
  ['Rejected', (r: ImportReport) => r.RejectedCount],
] as const;

/** A rejected line as read: tabs shown as wide gaps, kept on its lines, never wider than the cell. */
function LineText({ text }: { text: string }) {
  if (text === '')
    return (
      <Text span fz="xs" c="dimmed">
        (too long to show)
      </Text>
    );
  return (
    <Text
      span
      ff="monospace"
      fz="xs"
      style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', tabSize: 4 }}
    >
      {text}
    </Text>
  );
}

/**
 * What an import did: the counts, its notes (a key repeated within the file among them), and
 * the lines it skipped with their text and reasons. Its headings sit under the uploader's h2.
 */
export function ImportReportView({ report }: { report: ImportReport }) {
  const listed = report.Rejected.length;
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 3, xs: 5 }} spacing="xs" component="dl" m={0}>
        {counts.map(([label, value]) => (
          <Paper key={label} withBorder p="xs" radius="sm">
            <Text component="dt" fz="xs" c="dimmed" tt="uppercase" fw={600}>
              {label}
            </Text>
            <Text
              component="dd"
              m={0}
              fz="lg"
              fw={700}
              c={label === 'Rejected' && value(report) > 0 ? 'red.9' : undefined}
            >
              {value(report).toLocaleString('en-US')}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
      {report.Notes.length > 0 && (
        <Stack gap={4}>
          <Title order={3} size="h6">
            Notes
          </Title>
          <ScrollArea.Autosize
            mah={200}
            type="auto"
            viewportProps={{ tabIndex: 0, 'aria-label': 'Notes, scrollable' }}
          >
            <List size="sm" spacing={2}>
              {report.Notes.map((note) => (
                <List.Item key={note}>{note}</List.Item>
              ))}
            </List>
          </ScrollArea.Autosize>
        </Stack>
      )}
      {listed > 0 && (
        <Stack gap={4}>
          <Title order={3} size="h6">
            Rejected lines
          </Title>
          {listed < report.RejectedCount && (
            <Text fz="sm">
              The first {listed.toLocaleString('en-US')} of {report.RejectedCount.toLocaleString('en-US')}{' '}
              rejected lines are listed.
            </Text>
          )}
          {/* Focusable, so a keyboard can scroll it (axe: scrollable-region-focusable, issue 33). */}
          <ScrollArea.Autosize
            mah={320}
            type="auto"
            viewportProps={{ tabIndex: 0, 'aria-label': 'Rejected lines, scrollable' }}
          >
            <Table
              aria-label="Rejected lines"
              striped
              withTableBorder
              stickyHeader
              fz="sm"
              verticalSpacing={4}
            >
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={64}>Line</Table.Th>
                  <Table.Th w="45%">Text</Table.Th>
                  <Table.Th>Message</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {report.Rejected.map((r) => (
                  <Table.Tr key={r.Line}>
                    <Table.Td>{r.Line}</Table.Td>
                    <Table.Td>
                      <LineText text={r.Text} />
                    </Table.Td>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>{r.Message}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea.Autosize>
        </Stack>
      )}
    </Stack>
  );
}
