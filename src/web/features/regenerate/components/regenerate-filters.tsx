import { TextInput } from '@mantine/core';
import { clearSection } from '../../../components/data-table';
import { DigitsInput } from '../../../components/digits-input';
import { FilterPanel } from '../../../components/layout/filter-drawer';
import { CustomerTypeSelect } from '../../customers/components/customer-type-select';
import { orderNumLabel, type RegenerateSearch } from '../regenerate-filter';
import { DateFilterInput } from './date-filter-input';

export interface RegenerateFiltersProps {
  draft: RegenerateSearch;
  set: <K extends keyof RegenerateSearch>(field: K, value: RegenerateSearch[K]) => void;
  onUpdate: () => void;
  onReset: () => void;
}

/** Spec section 2's order history filter bar: Company Id, Customer Type, Web Conf #, Start and End Date. */
export function RegenerateFilters({ draft, set, onUpdate, onReset }: RegenerateFiltersProps) {
  const orderLabel = orderNumLabel(draft.CustomerTypeId);
  return (
    <FilterPanel onUpdate={onUpdate} onReset={onReset}>
      <DigitsInput
        label="Company Id"
        digits={4}
        w={{ base: '100%', xs: 120 }}
        value={draft.CompanyId}
        onChange={(v) => set('CompanyId', v)}
        {...clearSection('Company Id', draft.CompanyId, () => set('CompanyId', ''))}
      />
      <CustomerTypeSelect
        w={{ base: '100%', xs: 210 }}
        value={draft.CustomerTypeId}
        onChange={(v) => set('CustomerTypeId', v)}
      />
      <TextInput
        label={orderLabel}
        w={{ base: '100%', xs: 210 }}
        value={draft.OrderNum}
        autoComplete="off"
        onChange={(e) => set('OrderNum', e.currentTarget.value.toUpperCase())}
        {...clearSection(orderLabel, draft.OrderNum, () => set('OrderNum', ''))}
      />
      <DateFilterInput
        label="Start Date"
        w={{ base: '100%', xs: 150 }}
        value={draft.StartDate}
        maxDate={draft.EndDate}
        onChange={(v) => set('StartDate', v)}
      />
      <DateFilterInput
        label="End Date"
        w={{ base: '100%', xs: 150 }}
        value={draft.EndDate}
        minDate={draft.StartDate}
        onChange={(v) => set('EndDate', v)}
      />
    </FilterPanel>
  );
}
