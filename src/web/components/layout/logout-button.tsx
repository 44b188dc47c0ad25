import { ActionIcon, Button } from '@mantine/core';
import { useLogout } from '../../features/auth/api/logout';
import { useSignOutAsk } from '../../features/offline/use-sign-out-ask';
import { IconLogout } from '../icons';

/** The frames' Logout: a labelled button, or an icon on narrow screens; `to` is where it lands. */
export function LogoutButton({ compact, to }: { compact: boolean; to: string }) {
  const logout = useLogout(to);
  const ask = useSignOutAsk();
  const signOut = () => void ask().then((go) => go && logout.mutate());
  if (compact) {
    // The browser's own tooltip (`title`), for a mouse over the icon on a narrow window: Mantine's
    // Tooltip mounts a portal and a floating element that render again, synchronously, as every
    // customer page first shows, for a hint a phone never shows (issue 22).
    return (
      <ActionIcon
        variant="subtle"
        size="lg"
        aria-label="Logout"
        title="Logout"
        onClick={signOut}
        loading={logout.isPending}
      >
        <IconLogout />
      </ActionIcon>
    );
  }
  return (
    <Button
      variant="default"
      leftSection={<IconLogout size={18} />}
      onClick={signOut}
      loading={logout.isPending}
    >
      Logout
    </Button>
  );
}
