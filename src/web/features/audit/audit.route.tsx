import { Stack, Text } from '@mantine/core';
import { useMemo } from 'react';
import { AUDIT_PAGE_SIZE, type AuditEntry } from '../../../domain/audit.schema';
import {
  DataTable,
  type DataTableColumn,
  FilterNote,
  formatDateTime,
  useFilterDraft,
  useTableSearchParams,
} from '../../components/data-table';
import { useFilterDrawer } from '../../components/layout/filter-drawer';
import { useBelow } from '../../lib/use-below';
import { breakpoints } from '../../theme';
import { useAudit } from './api/get-audit';
import {
  AUDIT_FILTER_DELAY_MS,
  AuditSearchSchema,
  auditTableDefaults,
  entityLabels,
  toAuditQuery,
} from './audit-filter';
import { AuditChanges } from './components/audit-changes';
import { AuditFilters } from './components/audit-filters';

const entityLabel = (e: string) => entityLabels[e as keyof typeof entityLabels] ?? e;
const changes: DataTableColumn<AuditEntry> = {
  key: 'Changes',
  header: 'Changes',
  width: 340,
  render: (e) => <AuditChanges changes={e.Changes} />,
};

/** Newest first, as the server sends them: the columns do not sort one page of many. */
const columns: DataTableColumn<AuditEntry>[] = [
  { key: 'At', header: 'When', render: (e) => formatDateTime(e.At), nowrap: true },
  { key: 'User', header: 'User', nowrap: true },
  { key: 'Action', header: 'Action', nowrap: true },
  {
    key: 'Entity',
    header: 'Record',
    render: (e) => `${entityLabel(e.Entity)} ${e.EntityId}`,
  },
  { key: 'Summary', header: 'Summary', width: 260 },
  changes,
];

/**
 * A phone's two columns, side by side without a sideways swipe: what was done (the summary, then
 * when and by whom) and the fields it changed. The summary names the record and the action.
 */
const phoneColumns: DataTableColumn<AuditEntry>[] = [
  {
    key: 'Summary',
    header: 'Change',
    width: '45%',
    render: (e) => (
      <>
        <Text fz="sm">{e.Summary}</Text>
        <Text fz="xs" c="gray.7">
          {formatDateTime(e.At)} by {e.User}
        </Text>
      </>
    ),
  },
  { ...changes, header: 'Fields', width: undefined },
];

/** /maint/audit: who changed what and when (design.md 7.6), filtered by the server, a page at a time. */
export function Component() {
  const { filters, setFilters, isFiltered, tableState } = useTableSearchParams(
    AuditSearchSchema,
    auditTableDefaults,
  );
  const { isNarrow } = useFilterDrawer();
  const draft = useFilterDraft({
    applied: filters,
    apply: setFilters,
    empty: auditTableDefaults.filters,
    isNarrow,
    delay: AUDIT_FILTER_DELAY_MS,
  });
  const query = useMemo(() => toAuditQuery(filters, tableState.page), [filters, tableState.page]);
  const audit = useAudit(query);
  const small = useBelow(breakpoints.small);

  return (
    <Stack gap="md">
      <AuditFilters draft={draft.draft} set={draft.set} onUpdate={draft.update} onReset={draft.reset} />
      <FilterNote shown={isNarrow && isFiltered} onClear={draft.reset} />
      <Text fz="sm" c="dimmed">
        Every change staff make, newest first.
      </Text>
      <DataTable
        label="Audit trail"
        columns={small ? phoneColumns : columns}
        rows={audit.isError ? [] : audit.data?.Entries}
        rowKey={(e) => e.Id}
        filtered={isFiltered}
        loading={audit.isFetching}
        minWidth={small ? 0 : 1040}
        page={tableState.page}
        onPageChange={tableState.onPageChange}
        pageSize={AUDIT_PAGE_SIZE}
        serverTotal={audit.isError ? 0 : (audit.data?.Total ?? 0)}
      />
    </Stack>
  );
}
