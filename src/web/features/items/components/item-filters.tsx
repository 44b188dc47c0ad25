import { Select, TextInput } from '@mantine/core';
import { clearSection } from '../../../components/data-table';
import { FilterPanel } from '../../../components/layout/filter-drawer';
import type { ItemSearch } from '../item-filter';

export interface ItemFiltersProps {
  draft: ItemSearch;
  set: <K extends keyof ItemSearch>(field: K, value: ItemSearch[K]) => void;
  onUpdate: () => void;
  onReset: () => void;
}

/** A yes / no / All choice (spec section 9: the label for all is 'All'). */
function TriStateSelect({
  label,
  yes,
  no,
  value,
  onChange,
}: {
  label: string;
  yes: string;
  no: string;
  value: boolean | null;
  onChange: (value: boolean | null) => void;
}) {
  return (
    <Select
      label={label}
      w={{ base: '100%', xs: 150 }}
      allowDeselect={false}
      data={[
        { value: 'all', label: 'All' },
        { value: 'true', label: yes },
        { value: 'false', label: no },
      ]}
      value={value === null ? 'all' : String(value)}
      onChange={(v) => onChange(v === 'true' ? true : v === 'false' ? false : null)}
    />
  );
}

/** Spec section 2's item filter panel: Code, Description, Frozen, Active. */
export function ItemFilters({ draft, set, onUpdate, onReset }: ItemFiltersProps) {
  return (
    <FilterPanel onUpdate={onUpdate} onReset={onReset}>
      <TextInput
        label="Code"
        w={{ base: '100%', xs: 160 }}
        value={draft.Code}
        onChange={(e) => set('Code', e.currentTarget.value)}
        {...clearSection('Code', draft.Code, () => set('Code', ''))}
      />
      <TextInput
        label="Description"
        w={{ base: '100%', xs: 240 }}
        value={draft.Description}
        onChange={(e) => set('Description', e.currentTarget.value)}
        {...clearSection('Description', draft.Description, () => set('Description', ''))}
      />
      <TriStateSelect
        label="Frozen"
        yes="Frozen only"
        no="Non-frozen only"
        value={draft.Frozen}
        onChange={(v) => set('Frozen', v)}
      />
      <TriStateSelect
        label="Active"
        yes="Active"
        no="Inactive"
        value={draft.Active}
        onChange={(v) => set('Active', v)}
      />
    </FilterPanel>
  );
}
