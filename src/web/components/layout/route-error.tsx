import { Anchor, Button, Center, Stack, Text, Title } from '@mantine/core';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { NO_CONNECTION_MESSAGE } from '../../lib/messages';
import { paths } from '../../paths';

/** Any path the router does not know (spec section 2). */
export function NotFoundPage() {
  return (
    <Center component="main" mih="100dvh" p="md">
      <Stack align="center" ta="center" gap="sm">
        <Title order={1}>Page not found</Title>
        <Text>The page you asked for does not exist or has moved.</Text>
        <Anchor component={Link} to={paths.root}>
          Go to the home page
        </Anchor>
      </Stack>
    </Center>
  );
}

/**
 * The router's error boundary. A screen whose code cannot be loaded (offline, or a new release
 * replaced the files) gets a reload button rather than a blank page.
 */
export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  if (import.meta.env.DEV) console.error(error);
  return (
    <Center component="main" mih="100dvh" p="md">
      <Stack align="center" ta="center" gap="sm" maw={520}>
        <Title order={1}>Something went wrong</Title>
        <Text>{NO_CONNECTION_MESSAGE}</Text>
        <Button onClick={() => window.location.reload()}>Reload</Button>
      </Stack>
    </Center>
  );
}
