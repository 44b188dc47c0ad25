import { Button, Group, Stack } from '@mantine/core';
import { Link } from 'react-router';
import { z } from 'zod';
import type { User } from '../../../domain/user.schema';
import { DataTable, type DataTableColumn, useTableSearchParams, yesNo } from '../../components/data-table';
import { showConfirmDialog } from '../../components/dialogs/confirm-dialog';
import { IconEdit, IconPlus, IconX } from '../../components/icons';
import { paths } from '../../paths';
import { useSignedInUser } from '../auth/api/get-session';
import { useDeleteUser } from './api/delete-user';
import { useUsers } from './api/get-users';

const columns: DataTableColumn<User>[] = [
  { key: 'UserName', header: 'User Name', sortBy: true, nowrap: true },
  { key: 'Name', header: 'Name', sortBy: true },
  { key: 'Company', header: 'Company', sortBy: true },
  { key: 'Email', header: 'Email', sortBy: true },
  { key: 'IsActive', header: 'Active?', sortBy: true, nowrap: true, render: (u) => yesNo(u.IsActive) },
];

const SearchSchema = z.object({});
const defaults = { filters: {}, sort: { key: 'UserName', dir: 'asc' as const } };

/** /maint/users (design.md 5.9): the staff users, Add User, edit and delete (never oneself). */
export function Component() {
  const users = useUsers();
  const me = useSignedInUser();
  const remove = useDeleteUser();
  const { tableState } = useTableSearchParams(SearchSchema, defaults);

  const confirmDelete = async (u: User) => {
    const yes = await showConfirmDialog({
      title: 'Delete User',
      message: `Delete the user ${u.UserName}? They will no longer be able to sign in.`,
    });
    if (yes) remove.mutate(u.Id);
  };

  return (
    <Stack gap="md">
      <Group justify="flex-end">
        <Button component={Link} to={paths.userEdit(0)} leftSection={<IconPlus size={18} />}>
          Add User
        </Button>
      </Group>
      <DataTable
        label="Users"
        columns={columns}
        rows={users.data ?? (users.isError ? [] : undefined)}
        rowKey={(u) => u.Id}
        minWidth={720}
        {...tableState}
        actions={(u) => [
          { label: `Edit user ${u.UserName}`, icon: <IconEdit size={18} />, to: paths.userEdit(u.Id) },
          ...(u.Id === me.Id
            ? []
            : [
                {
                  label: `Delete user ${u.UserName}`,
                  icon: <IconX size={18} />,
                  onClick: () => void confirmDelete(u),
                },
              ]),
        ]}
      />
    </Stack>
  );
}
