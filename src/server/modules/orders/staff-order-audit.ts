import { formatCompanyId } from '../../../domain/company-id.js';
import type { ValidOrder } from '../../../domain/order.schema.js';
import { type AuditRecord, changesBetween } from '../audit/audit.js';

/** What staff's override let through (decision 050): a date inside the lead time, an order below the minimum. */
export interface Overridden {
  leadTime: boolean;
  /** The type's minimum and the order's cases in all to one decimal, when the order is below it. */
  minimum: { cases: number; has: string } | null;
}

/** "; lead time overridden and below the minimum of 5 cases (1.0): why", or '' without the override. */
function overrideSummary(order: ValidOrder, overridden: Overridden): string {
  if (!order.OverrideLeadTime) return '';
  const what = [
    // An override that let nothing through still says so, as it did before the minimum.
    ...(overridden.leadTime || !overridden.minimum ? ['lead time overridden'] : []),
    ...(overridden.minimum
      ? [`below the minimum of ${overridden.minimum.cases} cases (${overridden.minimum.has})`]
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
      OverrideReason: order.OverrideLeadTime ? order.OverrideReason : null,
    }),
  });
}
