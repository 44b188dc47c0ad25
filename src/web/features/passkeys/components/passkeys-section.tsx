import { Alert, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconKey } from '../../../components/icons';
import { formatDateTime } from '../../order/date-format';
import { useAddPasskey } from '../api/add-passkey';
import { usePasskeys } from '../api/get-passkeys';
import { useRemovePasskey } from '../api/remove-passkey';
import { passkeyErrorMessage } from '../passkey-errors';

/**
 * A person's passkeys in their Signed-in Devices dialog (design.md 8.2, decision 069): each with
 * the device it was added on, when, and its last sign-in, each removable; and "Add a passkey".
 */
export function PasskeysSection({ opened }: { opened: boolean }) {
  const passkeys = usePasskeys(opened);
  const add = useAddPasskey();
  const remove = useRemovePasskey();

  return (
    <Stack component="section" gap="xs" aria-labelledby="passkeys-title">
      <Title order={2} size="h4" id="passkeys-title">
        Passkeys
      </Title>
      <Text size="sm" c="dimmed">
        Sign in with this device's fingerprint, face or screen lock, without a mailed code.
      </Text>
      {passkeys.isPending && <Loader size="sm" aria-label="Loading passkeys" />}
      {passkeys.data?.length === 0 && <Text size="sm">You have no passkeys yet.</Text>}
      <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Passkeys">
        {passkeys.data?.map((p) => (
          <Group
            component="li"
            key={p.Id}
            justify="space-between"
            wrap="nowrap"
            gap="sm"
            py={6}
            style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
          >
            <div style={{ minWidth: 0 }}>
              <Text fw={600}>{p.Device}</Text>
              <Text size="sm" c="dimmed">
                Added {formatDateTime(p.CreatedAt)}
              </Text>
              <Text size="sm" c="dimmed">
                {p.LastUsed ? `Last used ${formatDateTime(p.LastUsed)}` : 'Not used yet'}
              </Text>
            </div>
            <Button
              variant="default"
              size="sm"
              miw={96}
              mih={44}
              onClick={() => remove.mutate(p)}
              loading={remove.isPending && remove.variables?.Id === p.Id}
              aria-label={`Remove the passkey of ${p.Device}`}
            >
              Remove
            </Button>
          </Group>
        ))}
      </Stack>
      {add.isError && (
        <Alert color="red" variant="light" role="alert" p="sm">
          {passkeyErrorMessage(add.error, 'add')}
        </Alert>
      )}
      <Group justify="flex-start">
        <Button
          variant="light"
          mih={44}
          leftSection={<IconKey />}
          onClick={() => add.mutate()}
          loading={add.isPending}
        >
          Add a passkey
        </Button>
      </Group>
    </Stack>
  );
}
