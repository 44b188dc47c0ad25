import { Switch, Text } from '@mantine/core';
import { showConfirmDialog } from '../../../components/dialogs/confirm-dialog';
import { showSavedToast } from '../../../lib/saved-toast';
import { useSetSharedSignIn, useSharedSignIn } from '../api/shared-sign-in';

export const SHARED_SIGN_IN_HELP =
  'Anyone with the customer number and zip code can sign in as an Orderer. Turn it off once everyone has their own sign-in.';

export interface SharedSignInSwitchProps {
  customerId: number;
  /** '1001 Blue Heron Tavern', for the confirmation and the toast. */
  venueLabel: string;
  /** How many people have their own sign-in: with none, turning it off locks everyone out. */
  peopleCount: number | undefined;
  isPhone: boolean;
}

/**
 * The shared sign-in (customer number and zip code, design.md 8.2), on or off. Turning it off
 * signs out everyone signed in that way, so it is confirmed first; on again, it is saved at once.
 * The switch shows the server's answer: a failed save (the error dialog says why) leaves it.
 */
export function SharedSignInSwitch({
  customerId,
  venueLabel,
  peopleCount,
  isPhone,
}: SharedSignInSwitchProps) {
  const shared = useSharedSignIn(customerId);
  const save = useSetSharedSignIn(customerId);
  const on = save.isPending ? save.variables : shared.data;

  const change = async (next: boolean) => {
    if (!next) {
      const nobody =
        peopleCount === 0
          ? ' Nobody has their own sign-in yet: until you invite someone, nobody can sign in for it.'
          : '';
      const yes = await showConfirmDialog({
        title: 'Turn off the shared sign-in',
        // A node, not HTML: the venue's name is shown as written.
        message: (
          <Text>
            {`Everyone signed in to ${venueLabel} with its customer number and zip code is signed out, and only the people listed here can sign in.${nobody}`}
          </Text>
        ),
        yesLabel: 'Turn off',
        noLabel: 'Cancel',
      });
      if (!yes) return;
    }
    save.mutate(next, {
      onSuccess: () => showSavedToast(`Shared sign-in ${next ? 'on' : 'off'} for ${venueLabel}`),
    });
  };

  return (
    <Switch
      label="Shared sign-in"
      description={SHARED_SIGN_IN_HELP}
      checked={on ?? false}
      disabled={on === undefined || save.isPending}
      onChange={(event) => void change(event.currentTarget.checked)}
      styles={isPhone ? { body: { minHeight: 44, alignItems: 'center' } } : undefined}
    />
  );
}
