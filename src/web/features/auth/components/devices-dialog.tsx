import { Badge, Button, Divider, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { useSignOutAsk } from '../../offline/use-sign-out-ask';
import { formatDateTime } from '../../order/date-format';
import { PasskeysSection } from '../../passkeys/components/passkeys-section';
import { useDeviceSessions, useEndDeviceSession, useLogoutEverywhere } from '../api/device-sessions';
import { useSession } from '../api/get-session';

export interface DevicesDialogProps {
  opened: boolean;
  onClose: () => void;
  /** Where this device lands once its own session ends (the site's sign-in). */
  signedOutTo: string;
}

/**
 * The caller's signed-in devices (issue 36): each with its name and when it was last seen, each
 * of which can be signed out, and "Sign out everywhere". For the shared sign-in these are every
 * device signed in with the customer's number; for staff, the user's own. A person also finds
 * their passkeys here (decision 069).
 */
export function DevicesDialog({ opened, onClose, signedOutTo }: DevicesDialogProps) {
  const sessions = useDeviceSessions(opened);
  const end = useEndDeviceSession(signedOutTo);
  const everywhere = useLogoutEverywhere(signedOutTo);
  const ask = useSignOutAsk();
  const person = useSession().data?.Person;

  return (
    <Modal opened={opened} onClose={onClose} title="Signed-in devices" centered>
      <Stack gap="sm">
        {sessions.isPending && <Loader size="sm" aria-label="Loading devices" />}
        <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Devices">
          {sessions.data?.map((s) => (
            <Group
              component="li"
              key={s.Id}
              justify="space-between"
              wrap="nowrap"
              gap="sm"
              py={6}
              style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
            >
              <div style={{ minWidth: 0 }}>
                <Group gap={6} wrap="wrap">
                  <Text fw={600}>{s.Device}</Text>
                  {s.Current && (
                    <Badge variant="light" size="sm">
                      This device
                    </Badge>
                  )}
                </Group>
                <Text size="sm" c="dimmed">
                  Last seen {formatDateTime(s.LastSeen)}
                </Text>
              </div>
              <Button
                variant="default"
                size="sm"
                miw={96}
                mih={44}
                onClick={() => end.mutate(s)}
                loading={end.isPending && end.variables?.Id === s.Id}
              >
                Sign out
              </Button>
            </Group>
          ))}
        </Stack>
        <Group justify="flex-end" mt="xs">
          <Button
            color="red"
            mih={44}
            onClick={() => void ask().then((go) => go && everywhere.mutate())}
            loading={everywhere.isPending}
          >
            Sign out everywhere
          </Button>
        </Group>
        {person && (
          <>
            <Divider my="xs" />
            <PasskeysSection opened={opened} />
          </>
        )}
      </Stack>
    </Modal>
  );
}
