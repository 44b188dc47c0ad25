import { Table, Text } from '@mantine/core';

export interface ImportColumn {
  name: string;
  /** What the column holds and in which forms. */
  note?: string;
}

/** The columns an import file has, in order (tab separated, one record a line). */
export function ImportColumns({ columns, caption }: { columns: readonly ImportColumn[]; caption: string }) {
  return (
    <Table.ScrollContainer minWidth={320}>
      <Table withTableBorder fz="sm" verticalSpacing={4} captionSide="top">
        <Table.Caption style={{ textAlign: 'left' }}>
          <Text span fz="sm">
            {caption}
          </Text>
        </Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={40}>#</Table.Th>
            <Table.Th>Column</Table.Th>
            <Table.Th>Contents</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {columns.map((c, i) => (
            <Table.Tr key={c.name}>
              <Table.Td>{i + 1}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }} ff="monospace">
                {c.name}
              </Table.Td>
              <Table.Td>{c.note}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * design.md 5.8: what every import file may look like, and what an upload does. `replaces`: the
 * file replaces the last one instead (the availability file, design.md 8.3), and says what that means.
 */
export function ImportFileRules({ keyedBy, replaces }: { keyedBy: string; replaces?: string }) {
  return (
    <Text fz="sm">
      One record a line, columns separated by tabs; UTF-8 or Windows-1252 text, an optional header line. Dates
      may be MM/DD/YYYY, YYYY-MM-DD or YYYYMMDD, flags Y/N, 1/0 or true/false.{' '}
      {replaces ? (
        <>
          Records are keyed by {keyedBy}, and each file replaces the last: {replaces}.
        </>
      ) : (
        <>Records are matched by {keyedBy}: new ones are added and existing ones updated.</>
      )}{' '}
      Lines that break a rule are skipped and listed in the report; a file that cannot be read changes
      nothing.
    </Text>
  );
}
