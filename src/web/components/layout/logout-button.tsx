import { ActionIcon, Button, Tooltip } from '@mantine/core';
import { useLogout } from '../../features/auth/api/logout';
import { IconLogout } from '../icons';

/** The frames' Logout: a labelled button, or an icon on narrow screens; `to` is where it lands. */
export function LogoutButton({ compact, to }: { compact: boolean; to: string }) {
  const logout = useLogout(to);
  if (compact) {
    return (
      <Tooltip label="Logout">
        <ActionIcon
          variant="subtle"
          size="lg"
          aria-label="Logout"
          onClick={() => logout.mutate()}
          loading={logout.isPending}
        >
          <IconLogout />
        </ActionIcon>
      </Tooltip>
    );
  }
  return (
    <Button
      variant="default"
      leftSection={<IconLogout size={18} />}
      onClick={() => logout.mutate()}
      loading={logout.isPending}
    >
      Logout
    </Button>
  );
}
