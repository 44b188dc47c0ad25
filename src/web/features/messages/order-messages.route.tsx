import { Button, Group, Stack, Title } from '@mantine/core';
import { Link } from 'react-router';
import { IconPlus } from '../../components/icons';
import { paths } from '../../paths';
import { FooterEditor } from '../settings/components/footer-editor';
import { MessagesTable } from './components/messages-table';

/** Spec section 2, /maint/ordermessages: the footer editor, then the messages with Add New. */
export function Component() {
  return (
    <Stack gap="lg">
      <FooterEditor />
      <Stack gap="sm" component="section" aria-labelledby="messages-title">
        <Group justify="space-between" gap="sm">
          <Title order={2} size="h4" id="messages-title">
            Order Messages
          </Title>
          <Button component={Link} to={paths.orderMessageEdit(0)} leftSection={<IconPlus size={18} />}>
            Add New
          </Button>
        </Group>
        <MessagesTable />
      </Stack>
    </Stack>
  );
}
