import { Paper, Stack, Text, Title } from '@mantine/core';
import { useRouteTitle } from './route-title';

/**
 * A screen that a later issue fills in. In the admin frame the header already shows the title,
 * so `heading` is off there.
 */
export function PlaceholderPage({ heading = true, note }: { heading?: boolean; note?: string }) {
  const title = useRouteTitle() ?? 'Coming soon';
  return (
    <Stack gap="md">
      {heading && <Title order={1}>{title}</Title>}
      <Paper withBorder p="lg" radius="md">
        <Text>{note ?? `The ${title} screen is coming in a later release.`}</Text>
      </Paper>
    </Stack>
  );
}
