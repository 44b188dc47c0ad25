import { z } from 'zod';
import { AvailabilitySchema, SubstitutionSchema } from './availability';
import { formatCompanyId } from './company-id';
import { customerTypeMessages } from './customer-type.schema';
import { PRODUCT_CODE_MAX } from './order.schema';
import { productPriceFields } from './prices.schema';
import { ProductTypeNameSchema } from './product.schema';
import {
  endBeforeStartMessage,
  endsBeforeStart,
  INT_MAX,
  optionalDateField,
  requiredText,
  SaveIdField,
  wholeNumber,
} from './schema-fields';

/** Customers and the products linked to them, as the maintenance API sends and takes them. */

export const CUSTOMER_NAME_MAX = 100;
export const ORDER_NO_MAX = 99_999;

export const customerMessages = {
  companyId: 'Company Id must be a whole number from 1 to 9999',
  zipcode: 'Zip Code must be a whole number from 1 to 99999',
  companyIdTaken: (companyId: number) => `Company Id ${formatCompanyId(companyId)} already exists`,
  productRequired: 'Product is required',
  unknownProduct: (what: string | number) => `Product ${what} does not exist`,
  alreadyLinked: (code: string) => `Product ${code} is already linked to this customer`,
  orderNo: `Order No must be a whole number from 0 to ${ORDER_NO_MAX}`,
} as const;

export const CustomerListItemSchema = z.object({
  Id: z.number().int(),
  /** The 4-digit customer number customers sign in with; customers are keyed by it. */
  CompanyId: z.number().int(),
  CustomerTypeId: z.number().int(),
  CustomerTypeName: z.string(),
  Name: z.string(),
  Zipcode: z.number().int(),
  IsActive: z.boolean(),
  /** The liquor license (design.md 8.2), from the customers file; null when it gives none. */
  LicenseNumber: z.string().nullable(),
  /** The license's last valid day, 'YYYY-MM-DD': a later delivery date is refused (decision 067). */
  LicenseExpires: z.string().nullable().describe('YYYY-MM-DD, or null: no expiry date'),
  /** 'COD', 'EFT' or 'NET{n}' (design.md 8.4), from the customers file; null when it gives none. */
  PaymentTerms: z.string().nullable().describe('COD, EFT or NET{n} (NET30), or null: none given'),
  /** Whether the customer number and zip code sign in (design.md 8.2); off, only its people do. */
  SharedSignIn: z.boolean(),
});
export type CustomerListItem = z.infer<typeof CustomerListItemSchema>;

/** A product linked to a customer (the customer items import), as the customer view lists it. */
export const CustomerProductSchema = z.object({
  ProductLinkId: z.number().int(),
  ProductId: z.number().int(),
  Code: z.string(),
  Description: z.string(),
  Type: z.number().int(),
  TypeName: ProductTypeNameSchema,
  UnitsPerCase: z.number().int(),
  IsCaseOnly: z.boolean(),
  IsActive: z.boolean(),
  StartDate: z.string().nullable(),
  EndDate: z.string().nullable(),
  OrderNo: z.number().int(),
  /** Its stock as the last availability file gave it; null when the file never named it (8.3). */
  Availability: AvailabilitySchema.nullable(),
  /** The customer's substitution preference for it (`Allow` unless they set another). */
  Substitution: SubstitutionSchema,
  /**
   * In GET Customer/{id}, the form's read (design.md 8.4): its price on the `date` asked for
   * (today's business date without one), in cents; null prices when none.
   */
  CasePrice: productPriceFields.CasePrice.optional(),
  UnitPrice: productPriceFields.UnitPrice.optional(),
  DepositPerCase: productPriceFields.DepositPerCase.optional(),
  PriceBreaks: productPriceFields.PriceBreaks.optional(),
});
export type CustomerProduct = z.infer<typeof CustomerProductSchema>;

export const CustomerSchema = CustomerListItemSchema.extend({
  /** Sorted by Description (spec section 9). */
  Products: z.array(CustomerProductSchema),
});
export type Customer = z.infer<typeof CustomerSchema>;

/** POST /Customer: Id 0 or absent creates, any other Id updates. A `Products` list is ignored. */
export const CustomerSaveSchema = z.object({
  Id: SaveIdField,
  CompanyId: wholeNumber('Company Id', 1, 9999, customerMessages.companyId),
  CustomerTypeId: wholeNumber(
    'Customer Type',
    1,
    INT_MAX,
    customerTypeMessages.required,
    customerTypeMessages.required,
  ),
  Name: requiredText('Customer Name', CUSTOMER_NAME_MAX),
  Zipcode: wholeNumber('Zip Code', 1, 99999, customerMessages.zipcode),
  IsActive: z.boolean({ error: 'Active must be true or false' }).default(true),
});
export type CustomerSaveInput = z.input<typeof CustomerSaveSchema>;
export type CustomerSave = z.output<typeof CustomerSaveSchema>;

/** POST /Customer/{id}/Product: the product by ProductId or by Code, with an optional date window. */
export const CustomerProductLinkSaveSchema = z
  .object({
    ProductId: z
      .number({ error: customerMessages.productRequired })
      .int(customerMessages.productRequired)
      .min(1, customerMessages.productRequired)
      .max(INT_MAX, customerMessages.productRequired)
      .nullish(),
    Code: z
      .string({ error: customerMessages.productRequired })
      .trim()
      .max(PRODUCT_CODE_MAX, customerMessages.productRequired)
      .nullish()
      .transform((code) => code || null),
    StartDate: optionalDateField('Start Date'),
    EndDate: optionalDateField('End Date'),
    OrderNo: z
      .number({ error: customerMessages.orderNo })
      .int(customerMessages.orderNo)
      .min(0, customerMessages.orderNo)
      .max(ORDER_NO_MAX, customerMessages.orderNo)
      .nullish()
      .transform((n) => n ?? 0),
  })
  .superRefine((link, ctx) => {
    if (!link.ProductId && !link.Code) {
      ctx.addIssue({ code: 'custom', path: ['ProductId'], message: customerMessages.productRequired });
    }
    if (endsBeforeStart(link.StartDate, link.EndDate)) {
      ctx.addIssue({ code: 'custom', path: ['EndDate'], message: endBeforeStartMessage });
    }
  });
export type CustomerProductLinkSaveInput = z.input<typeof CustomerProductLinkSaveSchema>;
export type CustomerProductLinkSave = z.output<typeof CustomerProductLinkSaveSchema>;
