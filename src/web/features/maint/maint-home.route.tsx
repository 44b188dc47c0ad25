import { Group, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import { maintMenu } from '../../components/layout/maint/maint-menu';
import { useSignedInUser } from '../auth/api/get-session';
import { Dashboard } from './components/dashboard';
import { SignInAttacksCard } from './components/sign-in-attacks-card';

/**
 * /maint/home: the day at a glance (design.md 7.8), what the sign-in limits saw (issue 15), and
 * the tasks of spec section 2's welcome screen.
 */
export function Component() {
  const user = useSignedInUser();
  return (
    <Stack gap="lg" maw={1200}>
      <Title order={2}>Welcome, {user.Name || user.UserName}</Title>
      <Dashboard />
      <SignInAttacksCard />
      <Stack gap="sm">
        <Title order={3} size="h4">
          Tasks
        </Title>
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
      </Stack>
    </Stack>
  );
}
