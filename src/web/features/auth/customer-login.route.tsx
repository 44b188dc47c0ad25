import { Button, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useNavigate, useSearchParams } from 'react-router';
import { customerLoginMessages } from '../../../domain/login-rules';
import { DigitsInput } from '../../components/digits-input';
import { paths, RETURN_TO, safeReturnTo } from '../../paths';
import { useAuthenticateCustomer } from './api/authenticate-customer';
import { LoginCard } from './components/login-card';
import { handleLoginError, hideLoginToast } from './components/login-toast';
import { type CustomerLoginValues, customerLoginPageErrors } from './customer-login-errors';

export { customerLoginPageErrors };

/** Spec section 2, /user/login: Customer Number (4 digits) and Zip Code (5 digits). */
export function Component() {
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const authenticate = useAuthenticateCustomer();
  const form = useForm<CustomerLoginValues>({
    mode: 'controlled',
    initialValues: { CompanyId: '', Zipcode: '' },
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
        onError: (error) => handleLoginError(error, customerLoginMessages.failed, form.setFieldError),
      },
    );
  });

  return (
    <LoginCard title="Customer Login" subtitle="Sign in with your customer number and zip code.">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <DigitsInput
            label="Customer Number"
            digits={4}
            withAsterisk
            autoFocus
            {...form.getInputProps('CompanyId')}
          />
          <DigitsInput label="Zip Code" digits={5} withAsterisk {...form.getInputProps('Zipcode')} />
          <Button type="submit" fullWidth mt="xs" loading={authenticate.isPending}>
            Login
          </Button>
        </Stack>
      </form>
    </LoginCard>
  );
}
