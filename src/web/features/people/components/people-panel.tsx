import { Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { useBelow } from '../../../lib/use-below';
import { breakpoints } from '../../../theme';
import { usePeople } from '../api/get-people';
import { InvitePersonForm } from './invite-person-form';
import { PeopleList } from './people-list';
import { SharedSignInSwitch } from './shared-sign-in-switch';

export interface PeoplePanelProps {
  customerId: number;
  /** The venue as people know it: 'Blue Heron Tavern'. */
  venueName: string;
  /** '1001 Blue Heron Tavern': the venue with its customer number, for the shared sign-in. */
  venueLabel: string;
  /** The signed-in person (an Owner's page), whose own row is marked; null for staff. */
  me: number | null;
}

/**
 * A venue's people (design.md 8.2), one drawing for its Owner (/order/people) and for staff (the
 * customer's view, People): who has access with their role, each changed or removed; Invite; and
 * the shared sign-in. The server records staff's writes in the audit trail.
 */
export function PeoplePanel({ customerId, venueName, venueLabel, me }: PeoplePanelProps) {
  const isPhone = useBelow(breakpoints.small);
  const people = usePeople(customerId);
  const inviteTitle = useId();
  const pad = { base: 'sm', xs: 'lg' };

  return (
    <Stack gap="md" maw={960}>
      {people.data && people.data.length > 0 && isPhone ? (
        // A phone's cards stand on the page as they are: no frame around them.
        <PeopleList customerId={customerId} venueName={venueName} people={people.data} me={me} isPhone />
      ) : (
        <Paper withBorder p={pad} radius="md">
          {people.isPending ? (
            <Group justify="center" py="lg">
              <Loader aria-label="Loading people" />
            </Group>
          ) : people.isError ? (
            <Text c="dimmed">The people of this venue could not be loaded.</Text>
          ) : people.data.length === 0 ? (
            <Text c="dimmed">
              Nobody has their own sign-in here yet: invite the people who order for {venueName}.
            </Text>
          ) : (
            <PeopleList
              customerId={customerId}
              venueName={venueName}
              people={people.data}
              me={me}
              isPhone={false}
            />
          )}
        </Paper>
      )}
      <Paper withBorder p={pad} radius="md" component="section" aria-labelledby={inviteTitle}>
        <Stack gap="sm">
          <Title order={2} size="h4" id={inviteTitle}>
            Invite
          </Title>
          <InvitePersonForm customerId={customerId} isPhone={isPhone} />
        </Stack>
      </Paper>
      <Paper withBorder p={pad} radius="md">
        <SharedSignInSwitch
          customerId={customerId}
          venueLabel={venueLabel}
          peopleCount={people.data?.length}
          isPhone={isPhone}
        />
      </Paper>
    </Stack>
  );
}
