import { customerTypeDefaults } from '../../../domain/customer-type.schema.js';
import {
  CUSTOMER_COLUMNS,
  CUSTOMER_HEADER_NAMES,
  CUSTOMER_MIN_COLUMNS,
  type CustomerRow,
  parseCustomerLine,
} from './customer.parser.js';
import { keysParam, toSnapshot } from './import-changes.js';
import { countedUpsert, type ImportDefinition, lastByKey } from './import-runner.js';

const { LeadHours, CutoffHours, CutoffMinutes } = customerTypeDefaults;

const typeDefaults = `with a lead time of ${LeadHours} hours and a cutoff of ${CutoffHours}:${String(CutoffMinutes).padStart(2, '0')}`;

/** The note for a type the file names that did not exist; a preview says what Apply will do (issue 33). */
export const createdTypeNote = (id: number, preview = false) =>
  preview
    ? `Customer type ${id} does not exist: applying this file will create it as 'Customer Type ${id}' ${typeDefaults}. ` +
      'Give it its name and rules under Customer Types afterwards.'
    : `Customer type ${id} did not exist: it was created as 'Customer Type ${id}' ${typeDefaults}. ` +
      'Give it its name and rules under Customer Types.';

/** The license's columns: a batch with neither (a 4-column file) previews as before they existed. */
const hasLicenseColumns = (rows: CustomerRow[]) =>
  rows.some((r) => r.licenseNumber !== undefined || r.licenseExpires !== undefined);
/** The payment terms' column (design.md 8.4): previewed only for a batch that has it. */
const hasTermsColumn = (rows: CustomerRow[]) => rows.some((r) => r.paymentTerms !== undefined);

/**
 * Customers import: an upsert by CompanyId. A customer type the file names that does not
 * exist is created with the spec's defaults and the report says so (design.md 5.8). A
 * customer's Active flag is not in the file: new customers start active, others keep theirs.
 * The license's columns (design.md 8.2) change the customer's license where a line has them,
 * a blank cell clearing it; a line without them leaves it as it is (decision 067). The payment
 * terms' column 7 (design.md 8.4) does the same for the customer's terms.
 */
export const customerImport: ImportDefinition<CustomerRow> = {
  kind: 'Customers',
  columns: CUSTOMER_COLUMNS,
  minColumns: CUSTOMER_MIN_COLUMNS,
  headerNames: CUSTOMER_HEADER_NAMES,
  parse: parseCustomerLine,
  recordKey: (r) => ({ key: `Company Id ${r.companyId}` }),
  preview: {
    keyOf: (r) => String(r.companyId),
    async snapshot(q, rows) {
      const license = hasLicenseColumns(rows)
        ? `, license_number as "LicenseNumber", to_char(license_expires, 'YYYY-MM-DD') as "LicenseExpires"`
        : '';
      const terms = hasTermsColumn(rows) ? `, payment_terms as "PaymentTerms"` : '';
      return toSnapshot(
        await q.query(
          `select company_id::text as k, name as "Name", zipcode as "Zipcode", customer_type_id as "CustomerTypeId"${license}${terms}
           from customers where company_id in (select value::integer from json_array_elements_text($1::json))`,
          [
            keysParam(
              rows,
              (r) => String(r.companyId),
              (r) => r.companyId,
            ),
          ],
        ),
      );
    },
  },
  async open(q) {
    const createdTypes: number[] = [];
    return {
      notes: (preview) => createdTypes.sort((a, b) => a - b).map((id) => createdTypeNote(id, preview)),
      async write(rows) {
        const typeIds = [...new Set(rows.map((r) => r.customerTypeId))];
        const created = await q.query<{ id: number }>(
          `insert into customer_types (id, name, lead_hours, cutoff_hours, cutoff_minutes)
           select t.id, 'Customer Type ' || t.id, $2, $3, $4
           from (select value::integer as id from json_array_elements_text($1::json)) as t
           on conflict (id) do nothing
           returning id`,
          [JSON.stringify(typeIds), LeadHours, CutoffHours, CutoffMinutes],
        );
        createdTypes.push(...created.map((r) => r.id));

        const unique = lastByKey(rows, (r) => r.companyId).map((r) => ({
          ...r,
          hasNumber: r.licenseNumber !== undefined,
          hasExpires: r.licenseExpires !== undefined,
          hasTerms: r.paymentTerms !== undefined,
        }));
        // A license or terms column the line does not have keeps the customer's value: the statement
        // writes the value it already has (the import's lock keeps other imports out meanwhile).
        const counts = await countedUpsert(
          q,
          `insert into customers (company_id, customer_type_id, name, zipcode, license_number, license_expires,
             payment_terms)
           select x."companyId", x."customerTypeId", x.name, x.zipcode,
             case when x."hasNumber" then x."licenseNumber" else c.license_number end,
             case when x."hasExpires" then x."licenseExpires" else c.license_expires end,
             case when x."hasTerms" then x."paymentTerms" else c.payment_terms end
           from json_to_recordset($1::json) as x("companyId" integer, "customerTypeId" integer, name text,
             zipcode integer, "licenseNumber" text, "licenseExpires" date, "paymentTerms" text,
             "hasNumber" boolean, "hasExpires" boolean, "hasTerms" boolean)
           left join customers c on c.company_id = x."companyId"
           on conflict (company_id) do update set
             customer_type_id = excluded.customer_type_id, name = excluded.name, zipcode = excluded.zipcode,
             license_number = excluded.license_number, license_expires = excluded.license_expires,
             payment_terms = excluded.payment_terms
           where (customers.customer_type_id, customers.name, customers.zipcode, customers.license_number,
               customers.license_expires, customers.payment_terms)
             is distinct from (excluded.customer_type_id, excluded.name, excluded.zipcode, excluded.license_number,
               excluded.license_expires, excluded.payment_terms)
           returning (xmax = 0) as inserted`,
          [JSON.stringify(unique)],
        );
        return { ...counts, unchanged: rows.length - counts.inserted - counts.updated, rejected: [] };
      },
    };
  },
};
