import { formatCompanyId } from '../../../domain/company-id.js';
import { customerMessages } from '../../../domain/customer.schema.js';
import type { SqlRunner } from './sql-runner.js';

/**
 * The customers and products an import refers to, loaded once per file inside its
 * transaction. Their size is the catalogue's (CompanyId has 4 digits), not the file's, so
 * memory stays flat, and a line is checked without a round trip to the database.
 */

export const unknownCustomerMessage = (companyId: number) =>
  `Customer ${formatCompanyId(companyId)} does not exist (import the customers file first)`;

export const unknownProductMessage = (code: string) => customerMessages.unknownProduct(code);

/** CompanyId to the customer's Id. */
export async function loadCustomerIds(q: SqlRunner): Promise<Map<number, number>> {
  const rows = await q.query<{ id: number; company_id: number }>('select id, company_id from customers');
  return new Map(rows.map((r) => [r.company_id, r.id]));
}

export interface ProductRef {
  id: number;
  description: string;
  isCaseOnly: boolean;
}

/** Product code to the product. */
export async function loadProducts(q: SqlRunner): Promise<Map<string, ProductRef>> {
  const rows = await q.query<{ id: number; code: string; description: string; is_case_only: boolean }>(
    'select id, code, description, is_case_only from products',
  );
  return new Map(
    rows.map((r) => [r.code, { id: r.id, description: r.description, isCaseOnly: r.is_case_only }]),
  );
}

/** Product code to the product's Id, for a file that needs nothing else of the catalogue. */
export async function loadProductIds(q: SqlRunner): Promise<Map<string, number>> {
  const rows = await q.query<{ id: number; code: string }>('select id, code from products');
  return new Map(rows.map((r) => [r.code, r.id]));
}
