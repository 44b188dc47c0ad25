import { Paper, Table, Text, VisuallyHidden } from '@mantine/core';
import { memo } from 'react';
import type { OrderGuideProduct } from '../../../../domain/order-guide.schema';
import type { DraftLine, QuantityDraft, QuantityDrafts } from '../order-draft';
import { AvailabilityNote } from './availability-note';
import { type GuideView, LastDeliveries, OnHandInput, ParButton } from './guide-figures';
import { IgnoredUnits, type OnQuantity } from './ignored-units';
import { ProductPriceNote } from './order-estimate';
import { QuantityInput } from './quantity-input';

/** Column widths of spec section 9. */
const CASES_WIDTH = 72;
const TOTAL_WIDTH = 122;
/** The customer frame's header height on wide screens: the table's header sticks under it. */
const HEADER_HEIGHT = 56;

export interface ProductsTableProps {
  lines: readonly DraftLine[];
  drafts: QuantityDrafts;
  onQuantity: OnQuantity;
  guide?: GuideView | undefined;
}

/** Step 2 on a wide screen: the spec's columns, with the guide's last deliveries and par after Units/Case. */
export function ProductsTable({ lines, drafts, onQuantity, guide }: ProductsTableProps) {
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
            {guide && <Table.Th w={Math.max(150, guide.dates.length * 40)}>Last Deliveries</Table.Th>}
            {guide && <Table.Th w={180}>Par</Table.Th>}
            <Table.Th w={CASES_WIDTH + 16}>Cases</Table.Th>
            <Table.Th w={CASES_WIDTH + 16}>Units</Table.Th>
            <Table.Th w={guide ? 100 : TOTAL_WIDTH} ta="right">
              Total Units
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lines.map((line) => (
            <ProductRow
              key={line.product.Code}
              line={line}
              draft={drafts[line.product.Code]}
              onQuantity={onQuantity}
              guide={guide}
              figures={guide?.figures.get(line.product.Code)}
              onHand={guide?.onHand?.[line.product.Code]}
            />
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}

interface RowProps {
  line: DraftLine;
  draft: QuantityDraft | undefined;
  onQuantity: OnQuantity;
  guide: GuideView | undefined;
  figures: OrderGuideProduct | undefined;
  onHand: string | undefined;
}

/** A row renders again only when its own quantities, figures or count change (see ProductCard). */
const ProductRow = memo(
  function ProductRow({ line, draft, onQuantity, guide, figures, onHand }: RowProps) {
    const { Code, Description, UnitsPerCase, IsCaseOnly } = line.product;
    const row = (
      <Table.Tr data-testid={`product-row-${Code}`}>
        <Table.Td ff="monospace">{Code}</Table.Td>
        <Table.Td>
          {Description}
          <AvailabilityNote
            code={Code}
            availability={line.product.Availability}
            substitution={line.product.Substitution}
          />
          <ProductPriceNote product={line.product} cases={line.CaseQuantity} units={line.UnitQuantity} />
        </Table.Td>
        <Table.Td ta="right">{UnitsPerCase}</Table.Td>
        {guide && (
          <Table.Td>
            <LastDeliveries dates={guide.dates} figures={figures} />
          </Table.Td>
        )}
        {guide && (
          <Table.Td>
            {guide.onHand ? (
              <OnHandInput
                code={Code}
                description={Description}
                figures={figures}
                value={onHand}
                onOnHand={guide.onOnHand}
                onAcceptPars={guide.onAcceptPars}
              />
            ) : (
              <ParButton
                code={Code}
                description={Description}
                figures={figures}
                onEditPar={guide.onEditPar}
              />
            )}
          </Table.Td>
        )}
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
        </Table.Td>
      </Table.Tr>
    );
    // Units typed beside cases: a row of its own under the product's, wide enough for the choice.
    const besideCases = line.IgnoredUnits > 0 && (
      <Table.Tr data-testid={`units-choice-${Code}`}>
        <Table.Td colSpan={guide ? 8 : 6}>
          <IgnoredUnits line={line} onQuantity={onQuantity} />
        </Table.Td>
      </Table.Tr>
    );
    return besideCases ? (
      <>
        {row}
        {besideCases}
      </>
    ) : (
      row
    );
  },
  (a, b) =>
    a.line.product === b.line.product &&
    a.draft === b.draft &&
    a.figures === b.figures &&
    a.onHand === b.onHand &&
    a.onQuantity === b.onQuantity &&
    a.guide?.dates === b.guide?.dates &&
    (a.guide?.onHand == null) === (b.guide?.onHand == null) &&
    a.guide?.onEditPar === b.guide?.onEditPar &&
    a.guide?.onOnHand === b.guide?.onOnHand &&
    a.guide?.onAcceptPars === b.guide?.onAcceptPars &&
    (a.guide === undefined) === (b.guide === undefined),
);
