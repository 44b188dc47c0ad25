import { formatCompanyId } from '../../../domain/company-id.js';
import type { ValidOrder } from '../../../domain/order.schema.js';
import { type AuditRecord, changesBetween } from '../audit/audit.js';

/**
 * The audit row of an order staff placed for a customer (design.md 7.5, 7.6): created, with
 * the order as the customer sees it, and the override and its reason when staff accepted a
 * date inside the lead time. Built once the order has its Id and Web Conf #, in its transaction.
 */
export function staffOrderAudit(
  customer: { companyId: number; name: string },
  order: ValidOrder,
): (saved: { id: number; orderNum: string }) => AuditRecord {
  const who = `${formatCompanyId(customer.companyId)} ${customer.name}`;
  const override = order.OverrideLeadTime ? `; lead time overridden: ${order.OverrideReason}` : '';
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
