import type { CustomerTypeListItem } from '../../domain/customer-type.schema';

/** Answers the web tests share, as the demo data has them (src/server/db/seed/demo-catalog.ts). */

/** GET CustomerTypes: a type-1 customer's type, and a reference customers' type (Reference PO). */
export const customerTypes: CustomerTypeListItem[] = [
  { Id: 1, Name: 'Bars & Taverns', LeadHours: 24, CutoffHours: 16, CutoffMinutes: 0, MinimumCases: 0 },
  {
    Id: 6,
    Name: 'Chain Accounts (Ref PO)',
    LeadHours: 96,
    CutoffHours: 11,
    CutoffMinutes: 0,
    MinimumCases: 0,
  },
];
