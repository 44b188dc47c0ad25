import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AuditPage } from '../../../../domain/audit.schema';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import type { AuditQueryParams } from '../audit-filter';

export function getAudit(query: AuditQueryParams, signal?: AbortSignal): Promise<AuditPage> {
  const search = new URLSearchParams(query as Record<string, string>).toString();
  return apiFetch<AuditPage>(search ? `Audit?${search}` : 'Audit', { signal });
}

/** GET /Audit (admin): one page of the trail, newest first. */
export function auditQueryOptions(query: AuditQueryParams) {
  return queryOptions({
    queryKey: queryKeys.audit.list(query),
    queryFn: ({ signal }) => getAudit(query, signal),
  });
}

/** Reloaded whenever the screen opens (the writes it lists happen on the other screens). */
export function useAudit(query: AuditQueryParams) {
  return useQuery({
    ...auditQueryOptions(query),
    placeholderData: keepPreviousData,
    refetchOnMount: 'always',
  });
}
