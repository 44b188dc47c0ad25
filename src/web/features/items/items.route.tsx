import { Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { FilterPanel } from '../../components/layout/filter-drawer';
import { PlaceholderPage } from '../../components/layout/placeholder-page';

/**
 * Placeholder for the Items table. It already shows the filter panel mechanism: inline on wide
 * screens, in the right-hand drawer with Update and Reset below 600 px.
 */
export function Component() {
  const empty = { Code: '', Description: '' };
  const [draft, setDraft] = useState(empty);
  const [, setApplied] = useState(empty);
  return (
    <Stack gap="md">
      <FilterPanel
        onUpdate={() => setApplied(draft)}
        onReset={() => {
          setDraft(empty);
          setApplied(empty);
        }}
      >
        <TextInput
          label="Code"
          value={draft.Code}
          onChange={(e) => setDraft({ ...draft, Code: e.currentTarget.value })}
        />
        <TextInput
          label="Description"
          value={draft.Description}
          onChange={(e) => setDraft({ ...draft, Description: e.currentTarget.value })}
        />
      </FilterPanel>
      <PlaceholderPage heading={false} />
    </Stack>
  );
}
