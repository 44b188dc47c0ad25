import { Alert, Box, Center, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { APP_NAME } from '../../../components/layout/route-title';

/** The centred card both login pages use. */
export function LoginCard({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle: string;
  children: ReactNode;
}) {
  return (
    <Box component="main" bg="gray.1" mih="100dvh">
      <Center mih="100dvh" p="md">
        <Paper withBorder shadow="sm" radius="md" p={{ base: 'lg', xs: 'xl' }} w="100%" maw={420}>
          <Stack gap={4} mb="lg">
            <Text fz="sm" fw={700} c="blue.9" tt="uppercase" style={{ letterSpacing: '0.06em' }}>
              {APP_NAME}
            </Text>
            <Title order={1} size="h2">
              {title}
            </Title>
            <Text c="dimmed" fz="sm">
              {subtitle}
            </Text>
          </Stack>
          {children}
        </Paper>
      </Center>
    </Box>
  );
}

/** What a login page's form post answers when it fails (the server's page-data.ts sends it). */
export interface LoginActionData {
  Values: Record<string, string>;
  Errors?: Record<string, string>;
  /** The spec's message (section 8), a toast when scripts run. */
  Message?: string;
  /** The email sign-in's first step was posted: the code went to this address (design.md 8.2). */
  Sent?: string;
}

/**
 * The failed sign-in's message on a page the server drew again after a form post (scripts off,
 * or the form sent before they ran); with scripts, a failure is the toast (login-toast.ts).
 */
export function LoginFailure({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <Alert color="red" variant="light" role="alert" p="sm">
      {message}
    </Alert>
  );
}
