import { Button, Group, Paper, Stack, Table, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { worksheetCases, worksheetTotalUnits } from '../../../../domain/order-lines';
import type { Worksheet, WorksheetRow } from '../../../../domain/order-view.schema';
import { paths } from '../../../paths';
import { formatMonthDay } from '../order-time';
import { AvailabilityNote, stockAsOfText } from './availability-note';
import type { WorksheetCounts } from './guide-step';

/** The product column stays in view while a narrow screen scrolls the dates sideways. */
const stickyFirst = {
  position: 'sticky',
  left: 0,
  zIndex: 1,
  background: 'var(--mantine-color-body)',
  minWidth: 150,
} as const;

/**
 * The Cases column stays in view too (issue 33: on a phone it sat 400 px off-screen): it sticks
 * to the right edge while the dates scroll under it, and takes its place before Total Units
 * once the row is scrolled to its end.
 */
const stickyCases = {
  position: 'sticky',
  right: 0,
  zIndex: 1,
  background: 'var(--mantine-color-body)',
  boxShadow: '-1px 0 0 var(--mantine-color-gray-3)',
} as const;

/** A past delivery's cell: 'n C' for n cases, '-' for none (spec section 2). */
export function historyCell(cases: number | undefined): string {
  return cases && cases > 0 ? `${cases} C` : '-';
}

/** What a row the customer may no longer order says, in place of its Cases box. */
export const NO_LONGER_OFFERED = 'No longer offered';

/**
 * The worksheet's rows: the last delivery dates' cases, Units/Case, an editable Cases column
 * (empty, 0 or negative becomes empty) and Total Units. Printed, the boxes show as their values.
 * A product the customer may no longer order (its link ended) shows only for its past cases,
 * marked as no longer offered, with no Cases box: the order form would not take it.
 */
export function WorksheetTable({ worksheet }: { worksheet: Worksheet }) {
  const [cases, setCases] = useState<Record<string, string>>({});
  const navigate = useNavigate();
  const dates = worksheet.DeliveryDates;

  if (worksheet.Orders.length === 0) {
    return (
      <Paper withBorder p="lg" radius="md">
        <Text c="dimmed">There are no products on your worksheet yet.</Text>
      </Paper>
    );
  }

  const settle = (code: string) =>
    setCases((c) => ({ ...c, [code]: String(worksheetCases(c[code] ?? '') ?? '') }));

  // Issue 19: the Cases counted on the sheet are what is on hand; the order form fills each
  // product with a par to it (an empty Cases box, as 0 becomes empty here, is 0 on hand).
  const startOrder = () => {
    const onHand: Record<string, number> = {};
    for (const row of worksheet.Orders) {
      const n = row.IsOffered ? worksheetCases(cases[row.Code] ?? '') : null;
      if (n !== null) onHand[row.Code] = n;
    }
    navigate(paths.orderForm(0), { state: { onHand } satisfies WorksheetCounts });
  };

  return (
    <Stack gap="sm">
      <Group className="ws-no-print" gap="sm" wrap="wrap">
        <Button variant="outline" onClick={startOrder}>
          Start an order from these counts
        </Button>
        <Text fz="sm" c="dimmed" style={{ flex: '1 1 16rem' }}>
          Type the cases you have on hand in Cases: the order form orders each product up to its par.
        </Text>
      </Group>
      {worksheet.StockAsOf && (
        <Text fz="xs" c="dimmed" data-testid="stock-as-of">
          {stockAsOfText(worksheet.StockAsOf, worksheet.Today)}
        </Text>
      )}
      <Paper withBorder radius="sm">
        <Table.ScrollContainer minWidth={540 + dates.length * 60} type="native" data-ws-scroll>
          <Table verticalSpacing={4} withColumnBorders>
            <Table.Thead>
              <Table.Tr>
                <Table.Th style={stickyFirst}>Product Code / Description</Table.Th>
                {dates.map((d) => (
                  <Table.Th key={d} w={60} ta="center">
                    {formatMonthDay(d)}
                  </Table.Th>
                ))}
                <Table.Th w={84} ta="right">
                  Units/Case
                </Table.Th>
                <Table.Th w={56} ta="right">
                  Par
                </Table.Th>
                <Table.Th w={88} style={stickyCases}>
                  Cases
                </Table.Th>
                <Table.Th w={122} ta="right">
                  Total Units
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {worksheet.Orders.map((row) => {
                if (!row.IsOffered) return <NotOfferedRow key={row.Code} row={row} dates={dates} />;
                const raw = cases[row.Code] ?? '';
                const total = worksheetTotalUnits(row.UnitsPerCase, worksheetCases(raw));
                return (
                  <Table.Tr key={row.Code} data-testid={`worksheet-row-${row.Code}`}>
                    <Table.Td style={stickyFirst}>
                      <Text span ff="monospace" fz="sm" mr={8}>
                        {row.Code}
                      </Text>
                      <Text span fz="sm">
                        {row.Description}
                      </Text>
                      <AvailabilityNote
                        code={row.Code}
                        availability={row.Availability}
                        substitution={row.Substitution}
                      />
                    </Table.Td>
                    {dates.map((d) => (
                      <Table.Td key={d} ta="center" fz="sm">
                        {historyCell(row.Products[d])}
                      </Table.Td>
                    ))}
                    <Table.Td ta="right">{row.UnitsPerCase}</Table.Td>
                    <Table.Td ta="right" data-testid={`worksheet-par-${row.Code}`}>
                      {row.Par ?? ''}
                    </Table.Td>
                    <Table.Td style={stickyCases}>
                      <TextInput
                        className="ws-no-print"
                        size="xs"
                        w={72}
                        inputMode="numeric"
                        autoComplete="off"
                        aria-label={`Cases of ${row.Code} ${row.Description}`}
                        value={raw}
                        onChange={(e) => {
                          const value = e.currentTarget.value;
                          // A value that arrives while the box is not being typed in (typed and
                          // left before the page came alive, which React hands over at hydration
                          // with no blur after it) is settled at once, as a blur would.
                          const typing = e.currentTarget === document.activeElement;
                          setCases((c) => ({
                            ...c,
                            [row.Code]: typing ? value : String(worksheetCases(value) ?? ''),
                          }));
                        }}
                        onBlur={() => settle(row.Code)}
                      />
                      <span className="ws-print-only">{worksheetCases(raw) ?? ''}</span>
                    </Table.Td>
                    <Table.Td ta="right" data-testid={`worksheet-total-${row.Code}`}>
                      {total ?? ''}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
    </Stack>
  );
}

function NotOfferedRow({ row, dates }: { row: WorksheetRow; dates: readonly string[] }) {
  return (
    <Table.Tr data-testid={`worksheet-row-${row.Code}`} data-offered="false">
      <Table.Td style={stickyFirst}>
        <Text span ff="monospace" fz="sm" mr={8}>
          {row.Code}
        </Text>
        <Text span fz="sm">
          {row.Description}
        </Text>
      </Table.Td>
      {dates.map((d) => (
        <Table.Td key={d} ta="center" fz="sm">
          {historyCell(row.Products[d])}
        </Table.Td>
      ))}
      <Table.Td ta="right">{row.UnitsPerCase}</Table.Td>
      <Table.Td ta="right">{row.Par ?? ''}</Table.Td>
      <Table.Td style={stickyCases}>
        <Text span fz="xs" fw={700} c="red.9">
          {NO_LONGER_OFFERED}
        </Text>
      </Table.Td>
      <Table.Td />
    </Table.Tr>
  );
}
