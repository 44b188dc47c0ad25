import { Alert, Paper, Stack, Table, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import {
  type DraftLine,
  ignoredUnitsNote,
  type QuantityDraft,
  type QuantityDrafts,
  type QuantityValue,
} from '../order-draft';
import { formatDate } from '../order-time';
import { ProductCards } from './product-cards';
import { QuantityInput } from './quantity-input';

export type OnQuantity = (code: string, field: keyof QuantityDraft, value: QuantityValue) => void;

export interface ProductsStepProps {
  lines: readonly DraftLine[];
  drafts: QuantityDrafts;
  onQuantity: OnQuantity;
  /** Cards instead of a table where the table's columns would not fit. */
  asCards: boolean;
  deliveryDate: string | null;
  /** Whether the customer has any products linked at all (else the empty state says so). */
  hasLinkedProducts: boolean;
}

/** A line's units that the order does not count, said where the customer typed them (issue 14). */
export function IgnoredUnits({ line }: { line: DraftLine }) {
  const note = ignoredUnitsNote(line);
  if (!note) return null;
  return (
    <Text fz="xs" fw={600} data-testid={`ignored-${line.product.Code}`}>
      {note}
    </Text>
  );
}

/** Column widths of spec section 9. */
const CASES_WIDTH = 72;
const TOTAL_WIDTH = 122;
/** The customer frame's header height on wide screens: the table's header sticks under it. */
const HEADER_HEIGHT = 56;

/** Lower case without accents, so 'rose' finds 'Rosé' and 'BR-11' finds 'br-1105'. */
const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/** The lines whose code or description contains every word of `query`. */
export function matchingLines(lines: readonly DraftLine[], query: string): readonly DraftLine[] {
  const words = fold(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return lines;
  return lines.filter((l) => {
    const text = fold(`${l.product.Code} ${l.product.Description}`);
    return words.every((w) => text.includes(w));
  });
}

/** Step 2, 'Select Your Products': search, then cases (and units where sold loose) per product. */
export function ProductsStep(props: ProductsStepProps) {
  const [query, setQuery] = useState('');
  if (props.lines.length === 0) return <ProductsTable {...props} />;
  const shown = matchingLines(props.lines, query);
  return (
    <Stack gap="sm">
      <TextInput
        label="Search products"
        placeholder="Code or description"
        type="search"
        autoComplete="off"
        value={query}
        onChange={(e) => setQuery(e.currentTarget.value)}
        // Enter in the search box goes to the first quantity box, not to the next step.
        onKeyDown={(e) => {
          if (e.key !== 'Enter') return;
          e.preventDefault();
          document.querySelector<HTMLInputElement>('input[data-quantity]')?.focus();
        }}
      />
      {shown.length === 0 ? (
        <Text c="dimmed" data-testid="no-match">
          No products match "{query}". Quantities you entered are kept.
        </Text>
      ) : (
        <ProductsTable {...props} lines={shown} />
      )}
    </Stack>
  );
}

function ProductsTable({
  lines,
  drafts,
  onQuantity,
  asCards,
  deliveryDate,
  hasLinkedProducts,
}: ProductsStepProps) {
  if (lines.length === 0) {
    return (
      <Alert color="gray" title="No products to order" data-testid="no-products">
        {hasLinkedProducts
          ? `None of your products can be delivered on ${formatDate(deliveryDate)}. Please choose another delivery date.`
          : 'There are no products set up for your account yet. Please contact customer service.'}
      </Alert>
    );
  }
  if (asCards) return <ProductCards lines={lines} drafts={drafts} onQuantity={onQuantity} />;

  return (
    <Paper withBorder radius="sm">
      {/* No scroll container: it would hold the sticky header inside itself instead of under the app's header. */}
      <Table striped highlightOnHover verticalSpacing={6} stickyHeader stickyHeaderOffset={HEADER_HEIGHT}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={110}>Product Code</Table.Th>
            <Table.Th>Description</Table.Th>
            <Table.Th w={80} ta="right">
              Units/Case
            </Table.Th>
            <Table.Th w={CASES_WIDTH + 16}>Cases</Table.Th>
            <Table.Th w={CASES_WIDTH + 16}>Units</Table.Th>
            <Table.Th w={TOTAL_WIDTH} ta="right">
              Total Units
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lines.map((line) => {
            const { Code, Description, UnitsPerCase, IsCaseOnly } = line.product;
            const draft = drafts[Code];
            return (
              <Table.Tr key={Code} data-testid={`product-row-${Code}`}>
                <Table.Td ff="monospace">{Code}</Table.Td>
                <Table.Td>{Description}</Table.Td>
                <Table.Td ta="right">{UnitsPerCase}</Table.Td>
                <Table.Td>
                  <QuantityInput
                    w={CASES_WIDTH}
                    size="xs"
                    aria-label={`Cases of ${Code} ${Description}`}
                    field="CaseQuantity"
                    value={draft?.CaseQuantity ?? ''}
                    onChange={(v) => onQuantity(Code, 'CaseQuantity', v)}
                  />
                </Table.Td>
                <Table.Td>
                  {IsCaseOnly ? (
                    <Text span c="dimmed" title="Sold by the case only">
                      <span aria-hidden="true">–</span>
                      <VisuallyHidden>Cases only</VisuallyHidden>
                    </Text>
                  ) : (
                    <QuantityInput
                      w={CASES_WIDTH}
                      size="xs"
                      aria-label={`Units of ${Code} ${Description}`}
                      field="UnitQuantity"
                      value={draft?.UnitQuantity ?? ''}
                      onChange={(v) => onQuantity(Code, 'UnitQuantity', v)}
                    />
                  )}
                </Table.Td>
                <Table.Td ta="right">
                  <span data-testid={`total-${Code}`}>{line.TotalUnits}</span>
                  <IgnoredUnits line={line} />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}
