import { formatCompanyId } from '../../../domain/company-id.js';
import { formatUsDate } from '../../../domain/delivery-calendar.schema.js';
import type { ValidOrder } from '../../../domain/order.schema.js';
import { type AuditRecord, changesBetween } from '../audit/audit.js';

/**
 * What staff's overrides let through (decisions 050, 067): a date inside the lead time, an order
 * below the minimum, a delivery after the license expired.
 */
export interface Overridden {
  leadTime: boolean;
  /** The type's minimum and the order's cases in all to one decimal, when the order is below it. */
  minimum: { cases: number; has: string } | null;
  /** The license's expiry date, when the delivery is after it and staff overrode it. */
  license?: string | null;
}

/** The words for the lead-time override: what it let through, or that it was used. */
function leadTimeWords(overridden: Overridden): string[] {
  return [
    // An override that let nothing through still says so, as it did before the minimum.
    ...(overridden.leadTime || !overridden.minimum ? ['lead time overridden'] : []),
    ...(overridden.minimum
      ? [`below the minimum of ${overridden.minimum.cases} cases (${overridden.minimum.has})`]
      : []),
  ];
}

/**
 * "; lead time overridden and below the minimum of 5 cases (1.0): why", "; delivery after the
 * license expired on 05/31/2026: why", or '' without an override.
 */
function overrideSummary(order: ValidOrder, overridden: Overridden): string {
  if (!order.OverrideLeadTime && !order.OverrideLicense) return '';
  const what = [
    ...(order.OverrideLeadTime ? leadTimeWords(overridden) : []),
    ...(order.OverrideLicense
      ? [
          overridden.license
            ? `delivery after the license expired on ${formatUsDate(overridden.license)}`
            : 'license overridden',
        ]
      : []),
  ];
  return `; ${what.join(' and ')}: ${order.OverrideReason}`;
}

/**
 * The audit row of an order staff placed for a customer (design.md 7.5, 7.6): created, with
 * the order as the customer sees it, and the override and its reason when staff accepted a
 * date inside the lead time or an order below the type's minimum (7.11). Built once the order
 * has its Id and Web Conf #, in its transaction.
 */
export function staffOrderAudit(
  customer: { companyId: number; name: string },
  order: ValidOrder,
  overridden: Overridden = { leadTime: order.OverrideLeadTime, minimum: null },
): (saved: { id: number; orderNum: string }) => AuditRecord {
  const who = `${formatCompanyId(customer.companyId)} ${customer.name}`;
  const override = overrideSummary(order, overridden);
  return (saved) => ({
    action: 'Create',
    entity: 'Order',
    entityId: saved.id,
    summary: `Placed order ${saved.orderNum} for ${who}, delivery ${order.DeliveryDate}${override}`,
    changes: changesBetween(null, {
      OrderNum: saved.orderNum,
      CompanyId: customer.companyId,
      DeliveryDate: order.DeliveryDate,
      Name: order.Name,
      Phone: order.Phone,
      Email: order.Email,
      ReferencePO: order.ReferencePO,
      Products: order.ProductQuantities.map(
        (l) => `${l.Code}: ${l.CaseQuantity} cases, ${l.UnitQuantity} units`,
      ).join('; '),
      OverrideLeadTime: order.OverrideLeadTime,
      // Only when used, so a staff order without it is recorded as before.
      ...(order.OverrideLicense ? { OverrideLicense: true } : {}),
      OverrideReason: order.OverrideLeadTime || order.OverrideLicense ? order.OverrideReason : null,
    }),
  });
}

/** What a change can touch of an order, as the audit compares it (design.md 7.6, 7.10). */
export interface OrderShape {
  DeliveryDate: string;
  Name: string;
  Phone: string;
  Email: string;
  ReferencePO: string;
  Products: string;
  Status: string;
}

/** An order's lines as one audit value: "CODE: 2 cases, 0 units; ...". */
export const productsValue = (lines: { code: string; caseQuantity: number; unitQuantity: number }[]) =>
  lines.map((l) => `${l.code}: ${l.caseQuantity} cases, ${l.unitQuantity} units`).join('; ');

/**
 * The audit row of a staff change or cancel of a customer's order (design.md 7.6, 7.10): what
 * changed, before and after, with the override's reason when staff used it. Written in the
 * change's transaction; a customer's own change writes none.
 */
export function staffChangeAudit(
  customer: { companyId: number; name: string },
  order: { id: number; orderNum: string },
  before: OrderShape,
  after: OrderShape,
  override: { order: ValidOrder; overridden: Overridden } | null,
): AuditRecord {
  const who = `${formatCompanyId(customer.companyId)} ${customer.name}`;
  const cancelled = before.Status !== after.Status && after.Status === 'Cancelled';
  const what = cancelled ? 'Cancelled' : 'Changed';
  const reason = override ? overrideSummary(override.order, override.overridden) : '';
  return {
    action: 'Update',
    entity: 'Order',
    entityId: order.id,
    summary: `${what} order ${order.orderNum} for ${who}, delivery ${after.DeliveryDate}${reason}`,
    changes: changesBetween({ ...before }, { ...after }),
  };
}
