import { Alert, List, Stack, Text, Title } from '@mantine/core';
import type { Substitution } from '../../../../domain/availability';
import { type ChangeSide, changeSummary } from '../../../../domain/change-summary';
import { isReferenceCustomerType } from '../../../../domain/order.schema';
import type { OrderEstimate as Estimate } from '../../../../domain/order-estimate';
import type { OrderSummary } from '../../../../domain/order-view.schema';
import { paymentTermsText } from '../../../../domain/payment-terms';
import { formatPhone } from '../../../../domain/phone';
import { priceLine } from '../../../../domain/prices';
import { linePriceOf } from '../../../../domain/prices.schema';
import { type DraftLine, ignoredUnitsNote, type OrderHeaderValues, orderedLines } from '../order-draft';
import { formatDate } from '../order-time';
import { isFarDate } from './delivery-date-input';
import { ExistingOrderNote } from './existing-order-note';
import { OrderEstimate } from './order-estimate';
import { type HeaderField, OrderHeaderView } from './order-header-view';
import { OrderLinesView } from './order-lines-view';

export interface PreviewStepProps {
  /** The customer's orders, to say again when one is already there for this date. */
  orders?: readonly OrderSummary[];
  header: OrderHeaderValues;
  lines: readonly DraftLine[];
  customerTypeId: number;
  today: string;
  isPhone: boolean;
  /** Staff's order (design.md 7.5): whom it is for, and the overrides' reason (design.md 8.2 for the license). */
  staff?: { customerLabel: string; override: boolean; overrideLicense?: boolean };
  /** The Id of the order being changed (design.md 7.10): not another order for its date. */
  changing?: number | undefined;
  /** The order being changed as placed: the preview says what the change does (issue 33). */
  was?: ChangeSide | undefined;
  /** The customer's payment terms (design.md 8.4): "Payment: COD, pay the driver on delivery". */
  paymentTerms?: string | null;
  /** Changes a line's substitution for this order (design.md 8.3). */
  onSubstitution?: (code: string, value: Substitution) => void;
  /** Keeps a line's choice as the customer's preference for the product. */
  onKeepSubstitution?: (code: string, value: Substitution) => void;
  /** The order at the posted prices of its date (design.md 8.4); undefined until they are known. */
  estimate?: Estimate | undefined;
}

/** Step 3, 'Preview Order': the header and only the lines with a quantity (spec section 2). */
export function PreviewStep({
  orders = [],
  header,
  lines,
  customerTypeId,
  today,
  isPhone,
  staff,
  changing,
  was,
  paymentTerms = null,
  onSubstitution,
  onKeepSubstitution,
  estimate,
}: PreviewStepProps) {
  const far = isFarDate(header.DeliveryDate, today);
  const fields: HeaderField[] = [
    ...(staff ? [{ label: 'Order for', value: staff.customerLabel, testId: 'preview-order-for' }] : []),
    {
      label: 'Delivery Date',
      value: formatDate(header.DeliveryDate),
      testId: 'preview-delivery-date',
      color: far ? 'red.9' : undefined,
    },
    { label: 'Name', value: header.Name.trim() },
    { label: 'Phone', value: formatPhone(header.Phone) },
    { label: 'Email', value: header.Email.trim() },
  ];
  if (isReferenceCustomerType(customerTypeId)) {
    fields.push({ label: 'Reference PO', value: header.ReferencePO.trim() });
  }
  if (paymentTerms) {
    fields.push({ label: 'Payment', value: paymentTermsText(paymentTerms), testId: 'preview-payment' });
  }
  const overridden = [
    ...(staff?.override ? ['Lead time'] : []),
    ...(staff?.overrideLicense ? [staff.override ? 'license' : 'License'] : []),
  ];
  if (overridden.length > 0) {
    fields.push({
      label: `${overridden.join(' and ')} overridden`,
      value: (header.OverrideReason ?? '').trim(),
    });
  }
  const kept = orderedLines(lines).map((l) => ({
    Code: l.product.Code,
    Description: l.product.Description,
    UnitsPerCase: l.product.UnitsPerCase,
    Cases: l.CaseQuantity,
    Units: l.UnitQuantity,
    TotalUnits: l.TotalUnits,
    Availability: l.product.Availability,
    Substitution: l.Substitution,
    Kept: l.product.Substitution,
    // Each line at its price (the estimate's own function, design.md 8.4).
    ...(estimate ? pricedAt(l) : {}),
  }));

  // Step 2 waits for a choice on each of these (issue 32); should one reach the preview anyway
  // (a form restored on it), it says so here too, and Submit waits as well.
  const besideCases = lines.filter((l) => l.IgnoredUnits > 0);

  return (
    <Stack gap="md">
      {besideCases.length > 0 && (
        <Alert color="yellow" title="Units not ordered" data-testid="preview-units-beside-cases">
          {`Go back to Select Your Products and keep the cases or the units of each: ${besideCases
            .map((l) => `${l.product.Description} (${l.product.Code}), ${ignoredUnitsNote(l)}`)
            .join('; ')}.`}
        </Alert>
      )}
      <ExistingOrderNote
        orders={orders}
        date={header.DeliveryDate}
        forStaff={staff !== undefined}
        changing={changing}
      />
      {was && <ChangeSummaryNote was={was} date={header.DeliveryDate ?? ''} lines={kept} />}
      <OrderHeaderView fields={fields} />
      <Title order={2} size="h4">
        Products
      </Title>
      <OrderLinesView
        lines={kept}
        isPhone={isPhone}
        withTotal
        withPrices={estimate !== undefined && estimate.EstimatedTotal !== null}
        onSubstitution={onSubstitution}
        onKeepSubstitution={onKeepSubstitution}
      />
      {estimate && (
        <OrderEstimate
          total={estimate.EstimatedTotal}
          deposits={estimate.Deposits}
          unpriced={estimate.UnpricedLines}
        />
      )}
    </Stack>
  );
}

/** A line's case price and total at its product's price on the date; nulls: "Price on invoice". */
function pricedAt(l: DraftLine): { CasePrice: number | null; LineTotal: number | null } {
  const priced = priceLine(linePriceOf(l.product), l.CaseQuantity, l.UnitQuantity);
  return { CasePrice: priced?.CasePrice ?? null, LineTotal: priced?.LineTotal ?? null };
}

/** What the change does against the order as placed, in words; or that nothing changes yet. */
function ChangeSummaryNote({
  was,
  date,
  lines,
}: {
  was: ChangeSide;
  date: string;
  lines: readonly { Code: string; Description: string; Cases: number; Units: number }[];
}) {
  const changes = changeSummary(was, { DeliveryDate: date, Products: lines });
  return (
    <Alert color="blue" title="What this change does" data-testid="preview-change-summary">
      {changes.length === 0 ? (
        <Text fz="sm">Nothing changes yet: this is the order as it was placed.</Text>
      ) : (
        <List size="sm" spacing={2}>
          {changes.map((c) => (
            <List.Item key={c}>{c}</List.Item>
          ))}
        </List>
      )}
    </Alert>
  );
}
