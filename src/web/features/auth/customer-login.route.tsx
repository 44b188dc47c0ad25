import { Anchor, Button, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link, useActionData, useLocation, useNavigate, useSearchParams } from 'react-router';
import {
  type CustomerLoginValues,
  customerLoginMessages,
  customerLoginPageErrors,
} from '../../../domain/login-rules';
import { personSignInMessages } from '../../../domain/sign-in-code';
import { DigitsInput } from '../../components/digits-input';
import { isApiError } from '../../lib/api-client';
import { paths, RETURN_TO, safeReturnTo } from '../../paths';
import { PasskeySignIn } from '../passkeys/components/passkey-sign-in';
import { useAuthenticateCustomer } from './api/authenticate-customer';
import { type LoginActionData, LoginCard, LoginFailure } from './components/login-card';
import { handleLoginError, hideLoginToast, showLoginToast } from './components/login-toast';

export { customerLoginPageErrors };

/** Spec section 2, /user/login: Customer Number (4 digits) and Zip Code (5 digits). */
export function Component() {
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const { pathname, search: query } = useLocation();
  const authenticate = useAuthenticateCustomer();
  // A form post the server answered (scripts off, or sent before they ran): its values and messages.
  const posted = useActionData() as LoginActionData | undefined;
  const form = useForm<CustomerLoginValues>({
    mode: 'controlled',
    initialValues: {
      CompanyId: posted?.Values.CompanyId ?? '',
      Zipcode: posted?.Values.Zipcode ?? '',
    },
    initialErrors: posted?.Errors ?? {},
    validate: customerLoginPageErrors,
  });

  const submit = form.onSubmit((values) => {
    authenticate.mutate(
      { CompanyId: Number(values.CompanyId), Zipcode: Number(values.Zipcode) },
      {
        onSuccess: () => {
          hideLoginToast();
          const to = safeReturnTo(search.get(RETURN_TO), ['/order'], paths.orderHome);
          void navigate(to, { replace: true });
        },
        onError: (error) =>
          // Right number and zip code, but the customer's people sign in for themselves now.
          isApiError(error, 401) && error.ErrorMessage === personSignInMessages.sharedOff
            ? showLoginToast(error.ErrorMessage)
            : handleLoginError(error, customerLoginMessages.failed, form.setFieldError),
      },
    );
  });

  return (
    <LoginCard title="Customer Login" subtitle="Sign in with your customer number and zip code.">
      {/* Without scripts the browser posts the form itself, and the server signs in (issue 34). */}
      <form method="post" action={pathname + query} onSubmit={submit} noValidate>
        <Stack gap="md">
          <LoginFailure message={posted?.Message} />
          <DigitsInput
            label="Customer Number"
            name="CompanyId"
            digits={4}
            withAsterisk
            autoFocus
            {...form.getInputProps('CompanyId')}
          />
          <DigitsInput
            label="Zip Code"
            name="Zipcode"
            digits={5}
            withAsterisk
            {...form.getInputProps('Zipcode')}
          />
          <Button type="submit" fullWidth mt="xs" loading={authenticate.isPending}>
            Login
          </Button>
          <Text fz="sm" ta="center">
            <Anchor component={Link} to={paths.personLogin + query}>
              Sign in with your email
            </Anchor>
          </Text>
        </Stack>
      </form>
      <PasskeySignIn />
    </LoginCard>
  );
}
