import { Button, Center, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import type { Session } from '../../../domain/auth.schema';
import { useSession } from '../../features/auth/api/get-session';
import { NO_CONNECTION_MESSAGE, NO_CONNECTION_TITLE } from '../../lib/messages';
import { loginPath } from '../../paths';
import { PageLoader } from './root-layout';

export interface RequireRoleProps {
  /** The role the routes below need. */
  need: NonNullable<Session['Role']>;
  /** Where to send someone without that role; the current path is kept in `returnTo`. */
  login: string;
  children: ReactNode;
}

/**
 * Route guard (spec section 6, design.md section 3: the role is checked, not just "signed in").
 * It follows the session query, so when any call answers 401 and the session is refetched, the
 * user is sent to the login page at once.
 */
export function RequireRole({ need, login, children }: RequireRoleProps) {
  const session = useSession();
  const location = useLocation();

  if (session.data === undefined) {
    if (session.isError) return <SessionUnavailable onRetry={() => void session.refetch()} />;
    return <PageLoader />;
  }
  if (session.data.Role !== need) {
    return <Navigate to={loginPath(login, location.pathname + location.search)} replace />;
  }
  return children;
}

function SessionUnavailable({ onRetry }: { onRetry: () => void }) {
  return (
    <Center h="100dvh" p="md">
      <Stack align="center" maw={480} ta="center">
        <Title order={1} size="h3">
          {NO_CONNECTION_TITLE}
        </Title>
        <Text>{NO_CONNECTION_MESSAGE}</Text>
        <Button onClick={onRetry}>Try Again</Button>
      </Stack>
    </Center>
  );
}
