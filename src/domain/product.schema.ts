import { z } from 'zod';
import { PRODUCT_CODE_MAX } from './order.schema';
import { optionalText, requiredText, SaveIdField, wholeNumber } from './schema-fields';

/** Products (the spec's items) as the maintenance API sends and takes them. */

export const PRODUCT_DESCRIPTION_MAX = 200;
export const PRODUCT_UOM_MAX = 20;
/** Units per case: far above any real case, far below an integer overflow once multiplied by a quantity. */
export const PRODUCT_UNITS_MAX = 9999;

export const productMessages = {
  type: 'Type must be 0 (Unknown), 1 (Frozen) or 2 (Non-Frozen)',
  units: `Units/Case must be a whole number from 1 to ${PRODUCT_UNITS_MAX}`,
  codeTaken: (code: string) => `Product Code ${code} already exists`,
} as const;

export const ProductTypeNameSchema = z.enum(['Frozen', 'Non-Frozen', 'Unknown']);

export const ProductSchema = z.object({
  Id: z.number().int(),
  Code: z.string(),
  Description: z.string(),
  /** ProductType: 0 None, 1 Frozen, 2 NonFrozen. */
  Type: z.number().int(),
  TypeName: ProductTypeNameSchema,
  /** Units per case (shown as Units/Case). */
  Units: z.number().int(),
  IsCaseOnly: z.boolean(),
  IsActive: z.boolean(),
  UnitUom: z.string(),
  CaseUom: z.string(),
});
export type Product = z.infer<typeof ProductSchema>;

/** POST /Product: Id 0 or absent creates, any other Id replaces that product's fields. */
export const ProductSaveSchema = z.object({
  Id: SaveIdField,
  Code: requiredText('Code', PRODUCT_CODE_MAX),
  Description: requiredText('Description', PRODUCT_DESCRIPTION_MAX),
  Type: z.literal([0, 1, 2], { error: productMessages.type }).default(0),
  Units: wholeNumber('Units/Case', 1, PRODUCT_UNITS_MAX, productMessages.units),
  // The spec's default: products are sold by the case only.
  IsCaseOnly: z.boolean({ error: 'Case Only must be true or false' }).default(true),
  IsActive: z.boolean({ error: 'Active must be true or false' }).default(true),
  UnitUom: optionalText('Unit UOM', PRODUCT_UOM_MAX),
  CaseUom: optionalText('Case UOM', PRODUCT_UOM_MAX),
});
export type ProductSaveInput = z.input<typeof ProductSaveSchema>;
export type ProductSave = z.output<typeof ProductSaveSchema>;
