import { Paper, Stack, Text, Title } from '@mantine/core';
import { formatCompanyId } from '../../../domain/company-id';
import { useSession, useSignedInCustomer } from '../auth/api/get-session';
import { PeoplePanel } from './components/people-panel';

/** What someone else at the venue reads here: the page, not an error (the server refuses the calls anyway). */
export const NOT_OWNER = "Only the venue's Owner manages its people";

/**
 * /order/people: the venue's people for its Owner (design.md 8.2), the drawing staff see on the
 * customer's view. The menu shows it to the Owner only; anyone else who opens it is told why.
 */
export function Component() {
  const customer = useSignedInCustomer();
  const session = useSession().data;
  return (
    <Stack gap="md">
      <Title order={1}>People</Title>
      {session?.VenueRole === 'Owner' ? (
        <PeoplePanel
          customerId={customer.Id}
          venueName={customer.Name}
          venueLabel={`${formatCompanyId(customer.CompanyId)} ${customer.Name}`}
          me={session.Person?.Id ?? null}
        />
      ) : (
        <Paper withBorder p="lg" radius="md">
          <Text>{NOT_OWNER}.</Text>
        </Paper>
      )}
    </Stack>
  );
}
