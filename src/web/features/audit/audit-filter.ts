import { z } from 'zod';
import { AUDIT_ENTITIES } from '../../../domain/audit.schema';
import { isIsoDate } from '../../../domain/business-date';
import type { TableDefaults } from '../../components/data-table';

/** The audit screen's filter as URL search parameters (decision 013), in the form the inputs edit them. */
export const AuditSearchSchema = z.object({
  From: z.string().refine(isIsoDate),
  To: z.string().refine(isIsoDate),
  User: z.string().max(64),
  /** '' is every kind of record. */
  Entity: z.union([z.literal(''), z.enum(AUDIT_ENTITIES)]),
});
export type AuditSearch = z.output<typeof AuditSearchSchema>;

/** The server sorts newest first; the table does not sort (its rows are one page of many). */
export const auditTableDefaults: TableDefaults<AuditSearch> = {
  filters: { From: '', To: '', User: '', Entity: '' },
  sort: { key: 'At', dir: 'desc' },
};

/** Every field waits as the Regenerate list's do (decision 013: one delay for a screen's fields). */
export const AUDIT_FILTER_DELAY_MS = 600;

/** GET Audit's query; fields not set stay out. */
export type AuditQueryParams = Partial<Record<'from' | 'to' | 'user' | 'entity' | 'page', string>>;

export function toAuditQuery(search: AuditSearch, page: number): AuditQueryParams {
  const query: AuditQueryParams = {};
  if (search.From) query.from = search.From;
  if (search.To) query.to = search.To;
  const user = search.User.trim();
  if (user) query.user = user;
  if (search.Entity) query.entity = search.Entity;
  if (page > 1) query.page = String(page);
  return query;
}

/** How the screen names each kind of record. */
export const entityLabels: Record<(typeof AUDIT_ENTITIES)[number], string> = {
  CustomerType: 'Customer Type',
  Customer: 'Customer',
  CustomerProduct: 'Customer Item',
  Product: 'Item',
  Message: 'Message',
  Footer: 'Footer',
  User: 'User',
  Holiday: 'Holiday',
  CustomerReminders: 'Customer Reminders',
  CustomerPars: 'Customer Pars',
  Import: 'Import',
  Regenerate: 'Regenerate Orders',
  Order: 'Order',
  Draft: 'Customer Draft',
  VenuePerson: 'Customer People',
  CustomerSubstitutions: 'Customer Substitutions',
  StandingOrder: 'Standing Order',
};
