import { Button, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import type { VenuePerson } from '../../../../domain/people.schema';
import type { VenueRole } from '../../../../domain/venue-roles';
import { showConfirmDialog } from '../../../components/dialogs/confirm-dialog';
import { queryKeys } from '../../../lib/query-keys';
import { showSavedToast } from '../../../lib/saved-toast';
import { useChangeRole } from '../api/change-role';
import { useRemovePerson } from '../api/remove-person';
import { RoleSelect } from './roles';

export interface PersonActionsProps {
  customerId: number;
  venueName: string;
  person: VenuePerson;
  /** The signed-in person's own row (an Owner's page): a change of theirs changes their session. */
  isMe: boolean;
  isPhone: boolean;
}

/**
 * A person's role and their removal. The select shows the role being saved, then the server's;
 * a refusal (an Owner's last Owner, 409) opens the error dialog with the server's message and the
 * role stays as it was. Giving up your own Owner role, or your own access, is confirmed first.
 */
export function useRoleAndRemoval({ customerId, venueName, person, isMe }: PersonActionsProps) {
  const queryClient = useQueryClient();
  const change = useChangeRole(customerId);
  const remove = useRemovePerson(customerId);
  // Your own role or access changed, the session's role changed too (or it ended): ask again.
  const afterOwn = () => isMe && void queryClient.invalidateQueries({ queryKey: queryKeys.session });

  const setRole = async (Role: VenueRole) => {
    if (
      isMe &&
      person.Role === 'Owner' &&
      !(await showConfirmDialog({
        title: 'Change your role',
        message: (
          <Text>{`As ${Role} you will no longer manage the people of ${venueName}. Change your role?`}</Text>
        ),
        yesLabel: `Make me ${Role}`,
        noLabel: 'Cancel',
      }))
    )
      return;
    change.mutate(
      { personId: person.Id, Role },
      {
        onSuccess: () => {
          queryClient.setQueryData<VenuePerson[]>(queryKeys.people(customerId), (list) =>
            list?.map((p) => (p.Id === person.Id ? { ...p, Role } : p)),
          );
          showSavedToast(`${person.Name} is now ${Role}`);
          afterOwn();
        },
      },
    );
  };

  const confirmRemove = async () => {
    const yes = await showConfirmDialog({
      title: 'Remove',
      message: (
        <Text>
          {isMe
            ? `Remove yourself from ${venueName}? You will be signed out and can no longer sign in for it.`
            : `Remove ${person.Name} (${person.Email}) from ${venueName}? They are signed out there and can no longer sign in for it.`}
        </Text>
      ),
      yesLabel: 'Remove',
      noLabel: 'Cancel',
    });
    if (!yes) return;
    remove.mutate(person, {
      onSuccess: () => {
        queryClient.setQueryData<VenuePerson[]>(queryKeys.people(customerId), (list) =>
          list?.filter((p) => p.Id !== person.Id),
        );
        showSavedToast(`${person.Name} removed`);
        afterOwn();
      },
    });
  };

  return {
    role: change.isPending ? change.variables.Role : person.Role,
    saving: change.isPending,
    removing: remove.isPending,
    setRole: (role: VenueRole) => void setRole(role),
    confirmRemove: () => void confirmRemove(),
  };
}

/** The role select of a row, named for its person. */
export function PersonRoleSelect(
  props: PersonActionsProps & { actions: ReturnType<typeof useRoleAndRemoval> },
) {
  const { person, isPhone, actions } = props;
  return (
    <RoleSelect
      aria-label={`Role of ${person.Name}`}
      value={actions.role}
      onChange={actions.setRole}
      disabled={actions.saving || actions.removing}
      isPhone={isPhone}
    />
  );
}

/** Remove, named for its person; a thumb's height on a phone. */
export function RemovePersonButton(
  props: PersonActionsProps & { actions: ReturnType<typeof useRoleAndRemoval> },
) {
  const { person, actions } = props;
  return (
    <Button
      variant="default"
      aria-label={`Remove ${person.Name}`}
      onClick={actions.confirmRemove}
      loading={actions.removing}
      disabled={actions.saving}
    >
      Remove
    </Button>
  );
}
