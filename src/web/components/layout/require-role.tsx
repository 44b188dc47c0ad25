import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useDeferredValue } from 'react';
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
  // The session's answer comes through React Query's store subscription, and React draws such
  // an update at once and in one piece: the whole frame and screen behind the guard were one
  // long task on a phone (issue 22: total blocking time). On that first answer the loader stays
  // one render more, and React draws what is behind the guard in a background render, in short
  // slices the phone can answer between. Only the first answer waits: once shown, a changed
  // session (signed out) is acted on in the same render, before the screens below read it.
  const answered = useDeferredValue(session.data !== undefined);

  // No answer and none kept on the device (issue 39): with no network, the read waits (paused).
  if (session.data === undefined && (session.isError || session.fetchStatus === 'paused')) {
    return <SessionUnavailable onRetry={() => void session.refetch()} />;
  }
  if (session.data === undefined || !answered) return <PageLoader />;
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
