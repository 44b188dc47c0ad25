import { Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useNavigate, useSearchParams } from 'react-router';
import { adminLoginErrors, adminLoginMessages } from '../../../domain/login-rules';
import { paths, RETURN_TO, safeReturnTo } from '../../paths';
import { useAuthenticateAdmin } from './api/authenticate-admin';
import { LoginCard } from './components/login-card';
import { handleLoginError, hideLoginToast } from './components/login-toast';

interface AdminLoginValues {
  User: string;
  Password: string;
}

/** Spec section 2, /maint/login: User Name and Password, button 'Admin Login'. */
export function Component() {
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const authenticate = useAuthenticateAdmin();
  const form = useForm<AdminLoginValues>({
    mode: 'controlled',
    initialValues: { User: '', Password: '' },
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
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label="User Name"
            autoComplete="username"
            withAsterisk
            autoFocus
            {...form.getInputProps('User')}
          />
          <PasswordInput
            label="Password"
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
