import { Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { Link, useActionData, useLocation, useSearchParams } from 'react-router';
import { emailError } from '../../../domain/order-fields';
import { normalizeCode, personSignInMessages } from '../../../domain/sign-in-code';
import { isApiError } from '../../lib/api-client';
import { paths, RETURN_TO, safeReturnTo } from '../../paths';
import { afterPersonSignIn, useRequestCode, useSignInWithCode } from './api/person-sign-in';
import { type LoginActionData, LoginCard, LoginFailure } from './components/login-card';
import { handleLoginError, hideLoginToast, showLoginToast } from './components/login-toast';

/**
 * A person's sign-in (design.md 8.2): their email, then the 6-digit code it receives. What the
 * page says after the email is the same whether the address is known or not.
 */
export function Component() {
  const [search] = useSearchParams();
  const { pathname, search: query } = useLocation();
  const to = safeReturnTo(search.get(RETURN_TO), ['/order'], paths.orderHome);
  // A form post the server answered (scripts off, or sent before they ran).
  const posted = useActionData() as LoginActionData | undefined;
  const [sentTo, setSentTo] = useState<string | null>(posted?.Sent ?? null);
  const request = useRequestCode();
  const signIn = useSignInWithCode();

  const emailForm = useForm({
    mode: 'controlled',
    initialValues: { Email: posted?.Values.Email ?? '' },
    initialErrors: posted?.Errors ?? {},
    validate: { Email: (v: string) => (v.trim() === '' ? personSignInMessages.email : emailError(v.trim())) },
  });
  const codeForm = useForm({
    mode: 'controlled',
    initialValues: { Code: '' },
    validate: { Code: (v: string) => (normalizeCode(v) ? null : personSignInMessages.code) },
  });

  const send = emailForm.onSubmit(({ Email }) => {
    request.mutate(Email.trim(), {
      onSuccess: () => {
        hideLoginToast();
        setSentTo(Email.trim());
        codeForm.reset();
      },
      onError: (error) => handleLoginError(error, personSignInMessages.failed, emailForm.setFieldError),
    });
  });

  const check = codeForm.onSubmit(({ Code }) => {
    if (!sentTo) return;
    signIn.mutate(
      { Email: sentTo, Code: normalizeCode(Code)! },
      {
        onSuccess: (answer) => {
          hideLoginToast();
          afterPersonSignIn(answer, to);
        },
        onError: (error) => {
          if (isApiError(error, 401)) return showLoginToast(error.ErrorMessage);
          handleLoginError(error, personSignInMessages.failed, codeForm.setFieldError);
        },
      },
    );
  });

  if (sentTo)
    return (
      <LoginCard
        title="Enter your code"
        subtitle={`If ${sentTo} has access, a 6-digit code is on its way. It works once, for 10 minutes.`}
      >
        {/* Without scripts the browser posts the form itself, and the server signs in. */}
        <form method="post" action={pathname + query} onSubmit={check} noValidate>
          <input type="hidden" name="Email" value={sentTo} />
          <Stack gap="md">
            <LoginFailure message={posted?.Sent === sentTo ? posted?.Message : undefined} />
            <TextInput
              label="Code"
              name="Code"
              inputMode="numeric"
              autoComplete="one-time-code"
              withAsterisk
              autoFocus
              maxLength={7}
              {...codeForm.getInputProps('Code')}
            />
            <Button type="submit" fullWidth loading={signIn.isPending}>
              Sign in
            </Button>
            <Group justify="space-between" gap="xs">
              <Anchor component="button" type="button" fz="sm" onClick={() => setSentTo(null)}>
                Use another email
              </Anchor>
              <Anchor
                component="button"
                type="button"
                fz="sm"
                disabled={request.isPending}
                onClick={() => request.mutate(sentTo)}
              >
                Send a new code
              </Anchor>
            </Group>
          </Stack>
        </form>
      </LoginCard>
    );

  return (
    <LoginCard title="Sign in with your email" subtitle="We mail you a code: no password to remember.">
      <form method="post" action={pathname + query} onSubmit={send} noValidate>
        <Stack gap="md">
          <TextInput
            label="Email"
            name="Email"
            type="email"
            autoComplete="email"
            withAsterisk
            autoFocus
            {...emailForm.getInputProps('Email')}
          />
          <Button type="submit" fullWidth loading={request.isPending}>
            Send me a code
          </Button>
          <Text fz="sm" ta="center">
            <Anchor component={Link} to={paths.customerLogin}>
              Sign in with your customer number instead
            </Anchor>
          </Text>
        </Stack>
      </form>
    </LoginCard>
  );
}
