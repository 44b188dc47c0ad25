import { Badge, Button, Paper, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { type Availability, type Substitution, substitutionLabel } from '../../../../domain/availability';
import { moneyOrOnInvoice } from '../../../../domain/order-estimate';
import { CardList } from '../../../components/card-list';
import { AvailabilityNote, SubstitutionSelect } from './availability-note';

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
  /** The product's stock and this order's substitution choice (the preview, design.md 8.3). */
  Availability?: Availability | null;
  Substitution?: Substitution;
  /** The customer's kept preference for the product, which this order's choice may differ from. */
  Kept?: Substitution;
  /** What a case costs and the line's total, in cents; null: "Price on invoice" (design.md 8.4). */
  CasePrice?: number | null | undefined;
  LineTotal?: number | null | undefined;
}

export interface OrderLinesViewProps {
  lines: readonly OrderLineView[];
  /** Cards instead of a table below the small breakpoint. */
  isPhone: boolean;
  withTotal?: boolean;
  /** Each line's case price and total (an order with an estimate, decision 075). */
  withPrices?: boolean;
  caption?: string;
  /** The preview: a line that is out or low offers its substitution choice. */
  onSubstitution?: ((code: string, value: Substitution) => void) | undefined;
  /** Keeps a line's choice as the customer's preference for the product's next orders. */
  onKeepSubstitution?: ((code: string, value: Substitution) => void) | undefined;
}

/**
 * The line's stock and, on the review, what may be sent instead if it is out: the choice is
 * open on a line that is out or low, and one tap away ("If out: ...") on any other, since stock
 * can run short between the order and the picking (design.md 8.3).
 */
function LineStock({
  line,
  onSubstitution,
  onKeepSubstitution,
}: {
  line: OrderLineView;
  onSubstitution: OrderLinesViewProps['onSubstitution'];
  onKeepSubstitution: OrderLinesViewProps['onKeepSubstitution'];
}) {
  const short = line.Availability != null && line.Availability.Status !== 'IN';
  const [open, setOpen] = useState(false);
  const choice = line.Substitution;
  if (!choice) return null;
  const note = line.Availability ? (
    <AvailabilityNote code={line.Code} availability={line.Availability} substitution={choice} />
  ) : null;
  if (!onSubstitution) return note;
  return (
    <>
      {note}
      {short || open ? (
        <SubstitutionSelect
          code={line.Code}
          description={line.Description}
          value={choice}
          onChange={onSubstitution}
          focusOnMount={open}
        />
      ) : (
        <Button
          variant="subtle"
          size="compact-sm"
          h={44}
          px={6}
          onClick={() => setOpen(true)}
          aria-expanded={false}
          aria-label={`If ${line.Description} is out: ${substitutionLabel[choice]}. Change`}
          data-testid={`substitution-open-${line.Code}`}
        >
          {`If out: ${substitutionLabel[choice]}`}
        </Button>
      )}
      {onKeepSubstitution && line.Kept !== undefined && line.Kept !== choice && (
        <Button
          variant="subtle"
          size="compact-sm"
          h={44}
          px={6}
          onClick={() => onKeepSubstitution(line.Code, choice)}
          aria-label={`Keep "${substitutionLabel[choice]}" for ${line.Description} on your next orders`}
          data-testid={`keep-substitution-${line.Code}`}
        >
          Keep for next orders
        </Button>
      )}
    </>
  );
}

/** A phone card's price line: "$28.00 a case · $56.00", or "Price on invoice". */
function LinePrice({ line }: { line: OrderLineView }) {
  if (line.CasePrice == null)
    return (
      <Text fz="sm" c="dimmed" data-testid={`case-price-${line.Code}`}>
        {moneyOrOnInvoice(null)}
      </Text>
    );
  return (
    <Text fz="sm">
      <span data-testid={`case-price-${line.Code}`}>{moneyOrOnInvoice(line.CasePrice)}</span> a case ·{' '}
      <strong data-testid={`line-total-${line.Code}`}>{moneyOrOnInvoice(line.LineTotal)}</strong>
    </Text>
  );
}

function ReturnMark({ line }: { line: OrderLineView }) {
  return line.IsReturn ? (
    <Badge ml={6} color="gray.8" variant="outline" size="sm" data-testid="line-return">
      Return
    </Badge>
  ) : null;
}

/** A read-only list of order lines: the preview step and the order detail. */
export function OrderLinesView({
  lines,
  isPhone,
  withTotal = false,
  withPrices = false,
  caption,
  onSubstitution,
  onKeepSubstitution,
}: OrderLinesViewProps) {
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
            <LineStock line={l} onSubstitution={onSubstitution} onKeepSubstitution={onKeepSubstitution} />
            <Text fz="sm" mt={4}>
              Cases <strong>{l.Cases}</strong> · Units <strong>{l.Units}</strong>
              {withTotal && (
                <>
                  {' '}
                  · Total Units <strong>{l.TotalUnits}</strong>
                </>
              )}
            </Text>
            {withPrices && <LinePrice line={l} />}
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
              {withPrices && (
                <>
                  <Table.Th w={110} ta="right">
                    Case Price
                  </Table.Th>
                  <Table.Th w={110} ta="right">
                    Line Total
                  </Table.Th>
                </>
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
                  <LineStock
                    line={l}
                    onSubstitution={onSubstitution}
                    onKeepSubstitution={onKeepSubstitution}
                  />
                </Table.Td>
                <Table.Td ta="right">{l.UnitsPerCase}</Table.Td>
                <Table.Td ta="right">{l.Cases}</Table.Td>
                <Table.Td ta="right">{l.Units}</Table.Td>
                {withTotal && <Table.Td ta="right">{l.TotalUnits}</Table.Td>}
                {withPrices && (
                  <>
                    <Table.Td ta="right" data-testid={`case-price-${l.Code}`}>
                      {moneyOrOnInvoice(l.CasePrice)}
                    </Table.Td>
                    <Table.Td ta="right" data-testid={`line-total-${l.Code}`}>
                      {l.CasePrice == null ? '' : moneyOrOnInvoice(l.LineTotal)}
                    </Table.Td>
                  </>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
