import { Button, Stack, Text } from '@mantine/core';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { paths, RETURN_TO, safeReturnTo } from '../../paths';
import { useSession } from './api/get-session';
import { usePickVenue } from './api/person-sign-in';
import { LoginCard } from './components/login-card';

/**
 * Which venue to order for (design.md 8.2), after a person with several signs in. The top bar
 * switches later; this page is where the sign-in lands.
 */
export function Component() {
  const [search] = useSearchParams();
  const to = safeReturnTo(search.get(RETURN_TO), ['/order'], paths.orderHome);
  const { pathname, search: query } = useLocation();
  const session = useSession();
  const pick = usePickVenue();
  if (session.isPending) return null;
  if (!session.data?.Person) return <Navigate to={paths.personLogin} replace />;
  const current = session.data.Customer?.Id;

  return (
    <LoginCard
      title="Choose a venue"
      subtitle={`Signed in as ${session.data.Person.Name}. Which venue are you ordering for?`}
    >
      <Stack gap="sm">
        {session.data.Venues.map((v) => (
          // Each venue is a form of its own: a tap before the scripts run posts it.
          <form
            key={v.CustomerId}
            method="post"
            action={pathname + query}
            onSubmit={(event) => {
              event.preventDefault();
              pick.mutate(v.CustomerId, { onSuccess: () => window.location.replace(to) });
            }}
          >
            <input type="hidden" name="CustomerId" value={v.CustomerId} />
            <Button
              type="submit"
              styles={{ label: { whiteSpace: 'normal', textAlign: 'left' } }}
              variant={v.CustomerId === current ? 'light' : 'default'}
              size="lg"
              h="auto"
              py="sm"
              justify="space-between"
              fullWidth
              loading={pick.isPending && pick.variables === v.CustomerId}
              onClick={() => pick.mutate(v.CustomerId, { onSuccess: () => window.location.replace(to) })}
            >
              <Stack gap={0} align="flex-start">
                <Text fw={600}>{v.Name}</Text>
                <Text fz="sm" c="dimmed">
                  #{v.CompanyId} · {v.Role}
                </Text>
              </Stack>
            </Button>
          </form>
        ))}
      </Stack>
    </LoginCard>
  );
}
