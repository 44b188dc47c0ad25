import { Group, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import { maintMenu } from '../../components/layout/maint/maint-menu';
import { useSignedInUser } from '../auth/api/get-session';
import { SignInAttacksCard } from './components/sign-in-attacks-card';

/** Spec section 2, /maint/home: welcome text, the tasks, and what the sign-in limits saw (issue 15). */
export function Component() {
  const user = useSignedInUser();
  return (
    <Stack gap="lg" maw={960}>
      <Stack gap={4}>
        <Title order={2}>Welcome, {user.Name || user.UserName}</Title>
        <Text>
          Maintain items, customers, customer types and order messages, import files from the back office, and
          regenerate order files. Choose a task below or from the Options menu.
        </Text>
      </Stack>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
        {maintMenu.map((e) => (
          <UnstyledButton key={e.to} component={Link} to={e.to}>
            <Paper withBorder p="md" radius="md" h="100%">
              <Group gap="sm" wrap="nowrap">
                <ThemeIcon variant="light" size="lg" radius="md">
                  <e.Icon size={20} />
                </ThemeIcon>
                <Text fw={600}>{e.label}</Text>
              </Group>
            </Paper>
          </UnstyledButton>
        ))}
      </SimpleGrid>
      <SignInAttacksCard />
    </Stack>
  );
}
