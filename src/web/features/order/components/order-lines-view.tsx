import { Badge, Paper, Table, Text } from '@mantine/core';
import { CardList } from '../../../components/card-list';

export interface OrderLineView {
  Code: string;
  Description: string;
  UnitsPerCase: number;
  Cases: number;
  Units: number;
  /** Shown only when the list asks for it (the preview). */
  TotalUnits?: number;
  /** A credit the ERP's history file gave (issue 43): marked "Return". */
  IsReturn?: boolean;
}

export interface OrderLinesViewProps {
  lines: readonly OrderLineView[];
  /** Cards instead of a table below the small breakpoint. */
  isPhone: boolean;
  withTotal?: boolean;
  caption?: string;
}

function ReturnMark({ line }: { line: OrderLineView }) {
  return line.IsReturn ? (
    <Badge ml={6} color="gray.8" variant="outline" size="sm" data-testid="line-return">
      Return
    </Badge>
  ) : null;
}

/** A read-only list of order lines: the preview step and the order detail. */
export function OrderLinesView({ lines, isPhone, withTotal = false, caption }: OrderLinesViewProps) {
  if (isPhone) {
    return (
      <CardList label={caption}>
        {lines.map((l) => (
          <Paper component="li" key={l.Code} withBorder radius="sm" p="sm">
            <Text fw={600} fz="sm">
              {l.Description}
              <ReturnMark line={l} />
            </Text>
            <Text fz="xs" c="dimmed">
              {l.Code} · Units/Case {l.UnitsPerCase}
            </Text>
            <Text fz="sm" mt={4}>
              Cases <strong>{l.Cases}</strong> · Units <strong>{l.Units}</strong>
              {withTotal && (
                <>
                  {' '}
                  · Total Units <strong>{l.TotalUnits}</strong>
                </>
              )}
            </Text>
          </Paper>
        ))}
      </CardList>
    );
  }
  return (
    <Paper withBorder radius="sm">
      <Table.ScrollContainer minWidth={560} type="native">
        <Table striped verticalSpacing={6}>
          {caption && (
            <Table.Caption style={{ captionSide: 'top', textAlign: 'left' }} px="sm">
              {caption}
            </Table.Caption>
          )}
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={130}>Product Code</Table.Th>
              <Table.Th>Description</Table.Th>
              <Table.Th w={90} ta="right">
                Units/Case
              </Table.Th>
              <Table.Th w={72} ta="right">
                Cases
              </Table.Th>
              <Table.Th w={72} ta="right">
                Units
              </Table.Th>
              {withTotal && (
                <Table.Th w={122} ta="right">
                  Total Units
                </Table.Th>
              )}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {lines.map((l) => (
              <Table.Tr key={l.Code}>
                <Table.Td ff="monospace">{l.Code}</Table.Td>
                <Table.Td>
                  {l.Description}
                  <ReturnMark line={l} />
                </Table.Td>
                <Table.Td ta="right">{l.UnitsPerCase}</Table.Td>
                <Table.Td ta="right">{l.Cases}</Table.Td>
                <Table.Td ta="right">{l.Units}</Table.Td>
                {withTotal && <Table.Td ta="right">{l.TotalUnits}</Table.Td>}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
