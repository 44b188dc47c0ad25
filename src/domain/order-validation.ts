import type { z } from 'zod';
import { type OrderLine, orderInputSchemaFor } from './order-body.schema';
import { messages } from './order-fields';
import { normalizeOrderLines, totalUnits } from './order-lines';
import { minimumCasesError } from './order-minimum';
import { deliveryDateContext, type OrderRulesContext } from './order-rules';

/** `validateOrder`, which applies every rule of spec sections 5 and 9 on the server. */

export interface OrderableProduct {
  UnitsPerCase: number;
  IsCaseOnly: boolean;
}

export interface ValidateOrderContext extends OrderRulesContext {
  /** The products this customer may order, by Code. */
  products: ReadonlyMap<string, OrderableProduct>;
}

export interface ValidOrderLine extends OrderLine, OrderableProduct {
  TotalUnits: number;
}

export type ValidOrder = Omit<z.output<ReturnType<typeof orderInputSchemaFor>>, 'ProductQuantities'> & {
  ProductQuantities: ValidOrderLine[];
};

export interface FieldError {
  Field: string;
  Message: string;
}

export type ValidateOrderResult =
  | { ok: true; order: ValidOrder }
  | { ok: false; errors: FieldError[]; message: string };

function failure(errors: FieldError[]): ValidateOrderResult {
  return { ok: false, errors, message: errors[0]?.Message ?? messages.orderInvalid };
}

/**
 * Every rule for a submitted order, in the form's order: fields first, then products, then
 * the type's minimum (design.md 7.11; staff's override goes below it, decision 050).
 * Lines with no quantity are skipped before the product checks, so a stale line for a
 * product no longer offered does not block an order that does not ask for it.
 */
export function validateOrder(input: unknown, ctx: ValidateOrderContext): ValidateOrderResult {
  const parsed = orderInputSchemaFor(deliveryDateContext(ctx)).safeParse(input);
  if (!parsed.success) {
    return failure(
      parsed.error.issues.map((issue) => ({ Field: issue.path.join('.'), Message: issue.message })),
    );
  }
  const { ProductQuantities, ...header } = parsed.data;
  const errors: FieldError[] = [];
  const seen = new Set<string>();
  const lines: (OrderLine & OrderableProduct)[] = [];
  ProductQuantities.forEach((line, index) => {
    if (line.CaseQuantity === 0 && line.UnitQuantity === 0) return;
    const product = ctx.products.get(line.Code);
    const Field = `ProductQuantities.${index}.Code`;
    if (seen.has(line.Code)) errors.push({ Field, Message: messages.duplicateProduct(line.Code) });
    else if (!product) errors.push({ Field, Message: messages.unknownProduct(line.Code) });
    else lines.push({ ...line, UnitsPerCase: product.UnitsPerCase, IsCaseOnly: product.IsCaseOnly });
    seen.add(line.Code);
  });
  if (errors.length > 0) return failure(errors);

  const kept = normalizeOrderLines(lines);
  if (kept.length === 0) return failure([{ Field: 'ProductQuantities', Message: messages.noProducts }]);
  const belowMinimum = ctx.overrideLeadTime
    ? null
    : minimumCasesError(kept, ctx.customerType.MinimumCases ?? 0);
  if (belowMinimum) return failure([{ Field: 'ProductQuantities', Message: belowMinimum }]);
  const withTotals = kept.map((line) => ({
    ...line,
    TotalUnits: totalUnits({
      unitsPerCase: line.UnitsPerCase,
      caseQuantity: line.CaseQuantity,
      unitQuantity: line.UnitQuantity,
      isCaseOnly: line.IsCaseOnly,
    }),
  }));
  return { ok: true, order: { ...header, ProductQuantities: withTotals } };
}
