import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../paths';

/**
 * Placeholder for /order/home (spec section 2): the messages for the customer's type come with
 * the order screens; Continue already opens a new order form.
 */
export function Component() {
  return (
    <Stack gap="md">
      <Title order={1}>Order Messages</Title>
      <Paper withBorder p="lg" radius="md">
        <Text>The order screens come next: messages for your account will be shown here.</Text>
      </Paper>
      <Group justify="flex-end">
        <Button component={Link} to={paths.orderForm(0)}>
          Continue
        </Button>
      </Group>
    </Stack>
  );
}
