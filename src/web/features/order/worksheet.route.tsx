import { Container, Paper, Stack, Text, Title } from '@mantine/core';
import { useParams } from 'react-router';

/** Placeholder for the printable worksheet (spec section 2): a bare page outside the customer frame. */
export function Component() {
  const { name } = useParams();
  return (
    <Container component="main" size="lg" py="md">
      <Stack gap="md">
        <Title order={1}>Order Worksheet</Title>
        {name && <Text fw={600}>{name}</Text>}
        <Paper withBorder p="lg" radius="md">
          <Text>The printable worksheet is coming in a later release.</Text>
        </Paper>
      </Stack>
    </Container>
  );
}
