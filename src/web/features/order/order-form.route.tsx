import { Group, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { useParams } from 'react-router';
import { useSignedInCustomer } from '../auth/api/get-session';
import { SaveStatus } from './components/save-status';
import { OrderFormScreen, useChangeId, useCopyId } from './order-form-screen';
import type { AutosaveStatus } from './use-draft-autosave';

/**
 * /order/form/{id}: a new order (id 0), a Re-Order of a past one with its date cleared
 * (`?copy=`), or a change of a placed one before its cutoff (`?change=`, design.md 7.10).
 */
export function Component() {
  const signedIn = useSignedInCustomer();
  const copyId = useCopyId(useParams().id);
  const changeId = useChangeId();
  const [saveStatus, setSaveStatus] = useState<AutosaveStatus>('idle');
  return (
    <Stack gap="md">
      <Group justify="space-between" align="baseline" gap="xs" wrap="nowrap">
        <Title order={1}>{changeId ? 'Change Order' : 'New Order'}</Title>
        {!changeId && <SaveStatus status={saveStatus} />}
      </Group>
      <OrderFormScreen
        customer={signedIn}
        copyId={changeId ? null : copyId}
        changeId={changeId}
        onSaveStatus={setSaveStatus}
      />
    </Stack>
  );
}
