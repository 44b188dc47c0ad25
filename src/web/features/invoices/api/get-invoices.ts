import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InvoiceDetail, InvoiceSummary } from '../../../../domain/invoice.schema';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET Customer/{id}/Invoices: the customer's invoices, newest first (design.md 8.4). */
export const invoicesQueryOptions = (customerId: number) =>
  queryOptions({
    queryKey: queryKeys.invoices.list({ customerId }),
    queryFn: ({ signal }) => apiFetch<InvoiceSummary[]>(`Customer/${customerId}/Invoices`, { signal }),
  });

export const useInvoices = (customerId: number) => useQuery(invoicesQueryOptions(customerId));

/** GET Invoice/{id}: one invoice with its line-by-line check. */
export const invoiceQueryOptions = (id: number) =>
  queryOptions({
    queryKey: queryKeys.invoices.detail(id),
    queryFn: ({ signal }) => apiFetch<InvoiceDetail>(`Invoice/${id}`, { signal }),
  });

export const useInvoice = (id: number) =>
  useQuery({ ...invoiceQueryOptions(id), enabled: Number.isInteger(id) && id > 0 });
