import { Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { queryKeys } from '../../lib/query-keys';
import { useGoBack } from '../../lib/use-go-back';
import { paths } from '../../paths';
import { useSignedInUser } from '../auth/api/get-session';
import { useUser } from './api/get-user';
import { UserForm } from './components/user-form';

/** /maint/user/edit/{id} (design.md 5.9): add (id 0) or edit a staff user. */
export function Component() {
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id >= 0;
  const me = useSignedInUser();
  const queryClient = useQueryClient();
  const goBack = useGoBack(paths.users);
  const user = useUser(valid ? id : 0);

  if (!valid) return <Text>There is no user with this id.</Text>;
  if (id > 0 && user.isError) return <Text>This user could not be loaded.</Text>;
  if (id > 0 && !user.data) return null;

  const isSelf = id === me.Id;
  const onSaved = () => {
    // The frame shows the signed-in admin's name.
    if (isSelf) void queryClient.invalidateQueries({ queryKey: queryKeys.session });
    goBack();
  };
  return <UserForm key={id} id={id} user={user.data} isSelf={isSelf} onSaved={onSaved} onCancel={goBack} />;
}
