import { z } from 'zod';
import type { LinePrice } from './prices';

/**
 * A product's price on a delivery date as the guide's and the form's products carry it
 * (design.md 8.4): whole cents; the prices null when no posted price applies ("Price on invoice").
 */
export const PriceBreakSchema = z.object({
  /** From this many cases on... */
  MinCases: z.number().int(),
  /** ...a case costs this, in cents. */
  CasePrice: z.number().int(),
});

export const productPriceFields = {
  /** What a case costs from the product's first break (1 case when it has one), in cents. */
  CasePrice: z.number().int().nullable(),
  /** What a unit costs, in cents; null when its units have no price (or there is no price). */
  UnitPrice: z.number().int().nullable(),
  /** The deposit on each case, in cents. */
  DepositPerCase: z.number().int().nullable(),
  /** What a case costs from each number of cases on, ascending; empty with no price. */
  PriceBreaks: z.array(PriceBreakSchema),
};

export type ProductPriceFields = {
  CasePrice: number | null;
  UnitPrice: number | null;
  DepositPerCase: number | null;
  PriceBreaks: { MinCases: number; CasePrice: number }[];
};

export const NO_PRICE_FIELDS: ProductPriceFields = {
  CasePrice: null,
  UnitPrice: null,
  DepositPerCase: null,
  PriceBreaks: [],
};

/** The API's fields of a product's price (null: none). */
export function priceFields(price: LinePrice | null | undefined): ProductPriceFields {
  return price
    ? {
        CasePrice: price.CasePrice,
        UnitPrice: price.UnitPrice,
        DepositPerCase: price.DepositPerCase,
        PriceBreaks: price.PriceBreaks,
      }
    : NO_PRICE_FIELDS;
}

/** A product's price from the API's fields; null when it has none. */
export function linePriceOf(fields: Partial<ProductPriceFields>): LinePrice | null {
  if (fields.CasePrice == null || !fields.PriceBreaks?.length) return null;
  return {
    CasePrice: fields.CasePrice,
    UnitPrice: fields.UnitPrice ?? null,
    DepositPerCase: fields.DepositPerCase ?? 0,
    PriceBreaks: fields.PriceBreaks,
  };
}
