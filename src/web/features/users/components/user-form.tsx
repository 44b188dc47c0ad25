import { Paper, PasswordInput, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { type FormErrors, useForm } from '@mantine/form';
import { useId } from 'react';
import { PASSWORD_MIN, type User, UserSaveSchema, userMessages } from '../../../../domain/user.schema';
import { DigitsInput } from '../../../components/digits-input';
import { SaveCancelButtons } from '../../../components/save-cancel-buttons';
import { isApiError } from '../../../lib/api-client';
import { showSavedToast } from '../../../lib/saved-toast';
import { showSaveError } from '../../../lib/server-form-errors';
import { zodValidate } from '../../../lib/zod-form';
import { useSaveUser } from '../api/save-user';

export interface UserFormValues {
  Name: string;
  UserName: string;
  /** Never loaded: the API returns no password. On an edit, a value here resets it. */
  Password: string;
  Company: string;
  Email: string;
  Phone: string;
  Fax: string;
  IsActive: boolean;
}

const validateSave = zodValidate(UserSaveSchema);
export const validateUser =
  (id: number) =>
  (values: UserFormValues): FormErrors =>
    validateSave({ Id: id, ...values });

const formFields = ['Name', 'UserName', 'Password', 'Company', 'Email', 'Phone', 'Fax', 'IsActive'] as const;

export function userFormValues(user: User | undefined): UserFormValues {
  return {
    Name: user?.Name ?? '',
    UserName: user?.UserName ?? '',
    Password: '',
    Company: user?.Company ?? '',
    Email: user?.Email ?? '',
    Phone: user?.Phone ?? '',
    Fax: user?.Fax ?? '',
    IsActive: user?.IsActive ?? true,
  };
}

export interface UserFormProps {
  /** 0 for a new user. */
  id: number;
  user?: User;
  /** The signed-in admin is editing themselves: they cannot deactivate their own user. */
  isSelf: boolean;
  onSaved: (user: User) => void;
  onCancel: () => void;
}

/** A staff user (design.md 5.9): a password goes in on create or as a reset, and is never shown. */
export function UserForm({ id, user, isSelf, onSaved, onCancel }: UserFormProps) {
  const save = useSaveUser();
  const selfNoteId = useId();
  const isNew = id === 0;
  const form = useForm<UserFormValues>({
    mode: 'controlled',
    initialValues: userFormValues(user),
    validate: validateUser(id),
  });

  const submit = form.onSubmit((values) => {
    save.mutate(UserSaveSchema.parse({ Id: id, ...values }), {
      onSuccess: (saved) => {
        showSavedToast(`User ${saved.UserName} saved`);
        onSaved(saved);
      },
      onError: (error) => {
        // 409: the user name is taken (names are unique without regard to case).
        if (isApiError(error, 409)) form.setFieldError('UserName', error.ErrorMessage);
        else showSaveError(error, form.setFieldError, formFields);
      },
    });
  });

  return (
    <Paper withBorder p={{ base: 'md', xs: 'lg' }} radius="md" maw={760}>
      <form onSubmit={submit} noValidate autoComplete="off">
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <TextInput label="Name" autoComplete="off" {...form.getInputProps('Name')} />
            <TextInput
              label="User Name"
              withAsterisk
              autoComplete="off"
              spellCheck={false}
              {...form.getInputProps('UserName')}
            />
            <PasswordInput
              label={isNew ? 'Password' : 'New Password'}
              description={
                isNew
                  ? `At least ${PASSWORD_MIN} characters`
                  : `Leave empty to keep the current password; at least ${PASSWORD_MIN} characters to reset it`
              }
              withAsterisk={isNew}
              autoComplete="new-password"
              {...form.getInputProps('Password')}
            />
            <TextInput label="Company" {...form.getInputProps('Company')} />
            <TextInput label="Email" type="email" autoComplete="off" {...form.getInputProps('Email')} />
            <DigitsInput
              label="Phone"
              digits={10}
              placeholder="10 digits"
              type="tel"
              {...form.getInputProps('Phone')}
            />
            <DigitsInput
              label="Fax"
              digits={10}
              placeholder="10 digits"
              type="tel"
              {...form.getInputProps('Fax')}
            />
          </SimpleGrid>
          <Stack gap={4}>
            <Switch
              label="Active"
              disabled={isSelf}
              aria-describedby={isSelf ? selfNoteId : undefined}
              {...form.getInputProps('IsActive', { type: 'checkbox' })}
            />
            {isSelf && (
              <Text id={selfNoteId} fz="sm" c="dimmed">
                {userMessages.cannotDeactivateSelf}
              </Text>
            )}
          </Stack>
          <SaveCancelButtons onCancel={onCancel} saving={save.isPending} />
        </Stack>
      </form>
    </Paper>
  );
}
