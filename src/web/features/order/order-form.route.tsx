import { Group, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { useParams } from 'react-router';
import { useSignedInCustomer } from '../auth/api/get-session';
import { SaveStatus } from './components/save-status';
import { OrderFormScreen, useCopyId } from './order-form-screen';
import type { AutosaveStatus } from './use-draft-autosave';

/** /order/form/{id}: a new order (id 0), or a Re-Order of a past one with its date cleared. */
export function Component() {
  const signedIn = useSignedInCustomer();
  const copyId = useCopyId(useParams().id);
  const [saveStatus, setSaveStatus] = useState<AutosaveStatus>('idle');
  return (
    <Stack gap="md">
      <Group justify="space-between" align="baseline" gap="xs" wrap="nowrap">
        <Title order={1}>New Order</Title>
        <SaveStatus status={saveStatus} />
      </Group>
      <OrderFormScreen customer={signedIn} copyId={copyId} onSaveStatus={setSaveStatus} />
    </Stack>
  );
}
