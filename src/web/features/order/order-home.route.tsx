import { Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { SafeHtml } from '../../components/safe-html';
import { paths } from '../../paths';
import { useSignedInCustomer } from '../auth/api/get-session';
import { useDisplayMessages } from './api/get-display-messages';
import { DeliveryCountdown } from './components/delivery-countdown';
import { HomeDraftOffer } from './components/home-draft-offer';

/** 'Order Message' for one message, 'Order Messages' otherwise (spec section 2). */
export function messagesTitle(count: number): string {
  return count === 1 ? 'Order Message' : 'Order Messages';
}

/** /order/home: the countdown to the next cutoff, the messages for the customer's type, and Continue to a new order. */
export function Component() {
  const customer = useSignedInCustomer();
  const { data, isPending, isError } = useDisplayMessages(customer.CustomerTypeId);
  const messages = data ?? [];

  return (
    <Stack gap="md">
      <Title order={1}>{messagesTitle(messages.length)}</Title>
      <HomeDraftOffer customerId={customer.Id} />
      <DeliveryCountdown customerId={customer.Id} />
      {isPending ? (
        <Group justify="center" py="lg">
          {/* A span may carry a name only with a role (axe: aria-prohibited-attr). */}
          <Loader aria-label="Loading messages" />
        </Group>
      ) : messages.length === 0 ? (
        <Paper withBorder p="lg" radius="md">
          <Text c="dimmed">
            {isError ? 'Messages could not be loaded.' : 'There are no messages at this time.'}
          </Text>
        </Paper>
      ) : (
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {messages.map((m) => (
            <Paper component="li" key={m.Id} withBorder p="lg" radius="md" data-testid="order-message">
              <SafeHtml html={m.Message} style={{ overflowWrap: 'anywhere' }} />
            </Paper>
          ))}
        </Stack>
      )}
      <Group justify="flex-end">
        <Button component={Link} to={paths.orderForm(0)} size="md">
          Continue
        </Button>
      </Group>
    </Stack>
  );
}
