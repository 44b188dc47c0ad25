import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import { Link, useActionData, useLocation, useParams } from 'react-router';
import { isApiError } from '../../lib/api-client';
import { paths } from '../../paths';
import { afterPersonSignIn, useAcceptInvitation } from './api/person-sign-in';
import { type LoginActionData, LoginCard } from './components/login-card';

/**
 * The invitation's link (design.md 8.2): one tap signs the person in, once, within 7 days. The
 * page does not use the token until then, so a mail scanner that opens links does not spend it.
 */
export function Component() {
  const { token = '' } = useParams();
  const { pathname } = useLocation();
  const accept = useAcceptInvitation();
  const posted = useActionData() as LoginActionData | undefined;
  const refused = isApiError(accept.error, 401) ? accept.error.ErrorMessage : (posted?.Message ?? null);

  return (
    <LoginCard
      title="You're invited"
      subtitle="Your distributor's ordering site: sign in to order for your venue."
    >
      <Stack gap="md">
        {refused ? (
          <Alert color="red" variant="light" role="alert" p="sm">
            {refused}
          </Alert>
        ) : (
          <Text fz="sm">This link signs you in once. Next time, sign in with your email.</Text>
        )}
        {!refused && (
          // A tap before the scripts run posts the form; the server accepts it the same way.
          <form
            method="post"
            action={pathname}
            onSubmit={(event) => {
              event.preventDefault();
              accept.mutate(token, { onSuccess: (answer) => afterPersonSignIn(answer, paths.orderHome) });
            }}
          >
            <Button type="submit" fullWidth loading={accept.isPending}>
              Accept and sign in
            </Button>
          </form>
        )}
        <Text fz="sm" ta="center">
          <Anchor component={Link} to={paths.personLogin}>
            Sign in with your email
          </Anchor>
        </Text>
      </Stack>
    </LoginCard>
  );
}
