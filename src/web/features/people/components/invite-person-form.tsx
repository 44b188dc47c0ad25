import { Alert, Button, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { type InvitePerson, InvitePersonSchema } from '../../../../domain/people.schema';
import { IconPlus } from '../../../components/icons';
import { isApiError } from '../../../lib/api-client';
import { showSaveError } from '../../../lib/server-form-errors';
import { zodValidate } from '../../../lib/zod-form';
import { useInvitePerson } from '../api/invite-person';
import { ROLE_DESCRIPTIONS, RoleSelect, thumbInput } from './roles';

const FIELDS = ['Name', 'Email', 'Role'] as const;
const validate = zodValidate<InvitePerson>(InvitePersonSchema);

/**
 * Invite someone: Name, Email and Role. The role is theirs at once and the mail carries a
 * sign-in link; the form then says so and empties for the next. The server's refusals go under
 * their fields: 422's field errors, and 409 "already has access" under Email.
 */
export function InvitePersonForm({ customerId, isPhone }: { customerId: number; isPhone: boolean }) {
  const invite = useInvitePerson(customerId);
  const [mailed, setMailed] = useState<string | null>(null);
  const form = useForm<InvitePerson>({
    mode: 'controlled',
    initialValues: { Name: '', Email: '', Role: 'Orderer' },
    validate,
  });
  const thumb = thumbInput(isPhone);

  const submit = form.onSubmit((values) => {
    setMailed(null);
    invite.mutate(values, {
      onSuccess: (person) => {
        setMailed(person.Email);
        form.reset();
      },
      onError: (error) =>
        isApiError(error, 409)
          ? form.setFieldError('Email', error.ErrorMessage)
          : showSaveError(error, form.setFieldError, FIELDS),
    });
  });

  return (
    <Stack gap="sm">
      {mailed && (
        <Alert
          color="green"
          role="status"
          withCloseButton
          closeButtonLabel="Close"
          onClose={() => setMailed(null)}
        >
          {/* "sign-in" kept whole: a phone broke the line at its hyphen. */}
          We mailed {mailed} a <span style={{ whiteSpace: 'nowrap' }}>sign-in</span> link
        </Alert>
      )}
      <form onSubmit={submit} noValidate aria-label="Invite">
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <TextInput
              label="Name"
              withAsterisk
              autoComplete="off"
              styles={thumb}
              key={form.key('Name')}
              {...form.getInputProps('Name')}
            />
            <TextInput
              label="Email"
              type="email"
              withAsterisk
              autoComplete="off"
              styles={thumb}
              key={form.key('Email')}
              {...form.getInputProps('Email')}
            />
          </SimpleGrid>
          <RoleSelect
            label="Role"
            withAsterisk
            description={ROLE_DESCRIPTIONS[form.values.Role]}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            maw={{ xs: 'calc(50% - var(--mantine-spacing-sm) / 2)' }}
            isPhone={isPhone}
            value={form.values.Role}
            onChange={(role) => form.setFieldValue('Role', role)}
            error={form.errors.Role}
          />
          <Group justify="flex-end">
            <Button
              type="submit"
              leftSection={<IconPlus size={18} />}
              loading={invite.isPending}
              fullWidth={isPhone}
            >
              Invite
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
