import { Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useActionData, useLocation, useNavigate, useSearchParams } from 'react-router';
import { adminLoginErrors, adminLoginMessages } from '../../../domain/login-rules';
import { paths, RETURN_TO, safeReturnTo } from '../../paths';
import { useAuthenticateAdmin } from './api/authenticate-admin';
import { type LoginActionData, LoginCard, LoginFailure } from './components/login-card';
import { handleLoginError, hideLoginToast } from './components/login-toast';

interface AdminLoginValues {
  User: string;
  Password: string;
}

/** Spec section 2, /maint/login: User Name and Password, button 'Admin Login'. */
export function Component() {
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const { pathname, search: query } = useLocation();
  const authenticate = useAuthenticateAdmin();
  // A form post the server answered (scripts off, or sent before they ran): the name and messages.
  const posted = useActionData() as LoginActionData | undefined;
  const form = useForm<AdminLoginValues>({
    mode: 'controlled',
    initialValues: { User: posted?.Values.User ?? '', Password: '' },
    initialErrors: posted?.Errors ?? {},
    validate: adminLoginErrors,
  });

  const submit = form.onSubmit((values) => {
    authenticate.mutate(
      { User: values.User.trim(), Password: values.Password },
      {
        onSuccess: () => {
          hideLoginToast();
          const to = safeReturnTo(search.get(RETURN_TO), [paths.maint], paths.maintHome);
          void navigate(to, { replace: true });
        },
        onError: (error) => handleLoginError(error, adminLoginMessages.failed, form.setFieldError),
      },
    );
  });

  return (
    <LoginCard title="Maintenance" subtitle="Staff sign-in for the maintenance site.">
      {/* Without scripts the browser posts the form itself, and the server signs in (issue 34). */}
      <form method="post" action={pathname + query} onSubmit={submit} noValidate>
        <Stack gap="md">
          <LoginFailure message={posted?.Message} />
          <TextInput
            label="User Name"
            name="User"
            autoComplete="username"
            withAsterisk
            autoFocus
            {...form.getInputProps('User')}
          />
          <PasswordInput
            label="Password"
            name="Password"
            autoComplete="current-password"
            withAsterisk
            {...form.getInputProps('Password')}
          />
          <Button type="submit" fullWidth mt="xs" loading={authenticate.isPending}>
            Admin Login
          </Button>
        </Stack>
      </form>
    </LoginCard>
  );
}
