import { TextInput } from '@mantine/core';
import { clearSection } from '../../../components/data-table';
import { DigitsInput } from '../../../components/digits-input';
import { FilterPanel } from '../../../components/layout/filter-drawer';
import type { CustomerSearch } from '../customer-filter';
import { CustomerTypeSelect } from './customer-type-select';

export interface CustomerFiltersProps {
  draft: CustomerSearch;
  set: <K extends keyof CustomerSearch>(field: K, value: CustomerSearch[K]) => void;
  onUpdate: () => void;
  onReset: () => void;
}

/** Spec section 5's customer filter: Company Id (4-digit mask), Name, Customer Type. */
export function CustomerFilters({ draft, set, onUpdate, onReset }: CustomerFiltersProps) {
  return (
    <FilterPanel onUpdate={onUpdate} onReset={onReset}>
      <DigitsInput
        label="Company Id"
        digits={4}
        w={{ base: '100%', xs: 130 }}
        value={draft.CompanyId}
        onChange={(v) => set('CompanyId', v)}
        {...clearSection('Company Id', draft.CompanyId, () => set('CompanyId', ''))}
      />
      <TextInput
        label="Name"
        w={{ base: '100%', xs: 240 }}
        value={draft.Name}
        onChange={(e) => set('Name', e.currentTarget.value)}
        {...clearSection('Name', draft.Name, () => set('Name', ''))}
      />
      <CustomerTypeSelect
        w={{ base: '100%', xs: 220 }}
        value={draft.CustomerTypeId}
        onChange={(v) => set('CustomerTypeId', v)}
      />
    </FilterPanel>
  );
}
