import { Select, TextInput } from '@mantine/core';
import { AUDIT_ENTITIES } from '../../../../domain/audit.schema';
import { clearSection } from '../../../components/data-table';
import { FilterPanel } from '../../../components/layout/filter-drawer';
import { DateFilterInput } from '../../regenerate/components/date-filter-input';
import { type AuditSearch, entityLabels } from '../audit-filter';

export interface AuditFiltersProps {
  draft: AuditSearch;
  set: <K extends keyof AuditSearch>(field: K, value: AuditSearch[K]) => void;
  onUpdate: () => void;
  onReset: () => void;
}

const entityOptions = [
  { value: '', label: 'All Records' },
  ...AUDIT_ENTITIES.map((e) => ({ value: e, label: entityLabels[e] })),
];

/** The audit trail's filters: From and To dates, the admin's User Name, and the kind of Record. */
export function AuditFilters({ draft, set, onUpdate, onReset }: AuditFiltersProps) {
  return (
    <FilterPanel onUpdate={onUpdate} onReset={onReset}>
      <DateFilterInput
        label="From"
        w={{ base: '100%', xs: 150 }}
        value={draft.From}
        maxDate={draft.To}
        onChange={(v) => set('From', v)}
      />
      <DateFilterInput
        label="To"
        w={{ base: '100%', xs: 150 }}
        value={draft.To}
        minDate={draft.From}
        onChange={(v) => set('To', v)}
      />
      <TextInput
        label="User Name"
        w={{ base: '100%', xs: 180 }}
        value={draft.User}
        autoComplete="off"
        onChange={(e) => set('User', e.currentTarget.value)}
        {...clearSection('User Name', draft.User, () => set('User', ''))}
      />
      <Select
        label="Record"
        w={{ base: '100%', xs: 210 }}
        allowDeselect={false}
        data={entityOptions}
        value={draft.Entity}
        onChange={(v) => set('Entity', (v ?? '') as AuditSearch['Entity'])}
      />
    </FilterPanel>
  );
}
