import type { Substitution } from '../../../domain/availability.js';
import { totalUnits } from '../../../domain/order-lines.js';
import type { OrderProduct } from '../../../domain/order-view.schema.js';
import type { OrderLineRow } from './orders.service.js';

/** An order line as the API shows it (GET Order's lines, the delivered comparison). */
export function toProduct(l: Omit<OrderLineRow, 'id' | 'orderId'>): OrderProduct {
  const t = totalUnits({
    unitsPerCase: l.unitsPerCase,
    caseQuantity: l.caseQuantity,
    unitQuantity: l.unitQuantity,
    isCaseOnly: l.isCaseOnly,
  });
  return {
    Code: l.code,
    Description: l.description,
    UnitsPerCase: l.unitsPerCase,
    IsCaseOnly: l.isCaseOnly,
    CaseQuantity: l.caseQuantity,
    UnitQuantity: l.unitQuantity,
    Cases: l.caseQuantity,
    Units: l.unitQuantity,
    TotalUnits: t,
    Substitution: l.substitution as Substitution,
    // A credit from the ERP's file (issue 43): the history shows the line as a return.
    ...(l.isReturn ? { IsReturn: true } : {}),
  };
}
