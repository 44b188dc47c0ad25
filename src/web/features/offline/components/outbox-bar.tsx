import { Alert, Button, Group, List, Stack, Text } from '@mantine/core';
import { useNavigate } from 'react-router';
import { useOnline } from '../../../components/app-status/online';
import { paths } from '../../../paths';
import type { DraftRouteState } from '../../order/use-draft-choice';
import { entrySummary, type OutboxEntry, waiting, waitingText } from '../outbox-states';
import { useOutbox } from '../use-outbox';

/**
 * What the device's outbox holds (issue 39), above every customer screen: the orders waiting
 * to send, then what became of each sent one, until the customer has seen it. Nothing in the
 * outbox goes away without being shown here.
 */
export function OutboxBar() {
  const { owner, entries } = useOutbox();
  const online = useOnline();
  if (!owner || entries.length === 0) return null;
  const text = waitingText(entries);
  const send = () => void import('../outbox').then((m) => m.sendWaiting(owner));
  return (
    <Stack gap="xs" mb="md" data-testid="outbox">
      {text && (
        <Alert
          color="yellow"
          variant="light"
          p="sm"
          title={text}
          role="status"
          // The yellow of the title reads too faint on its light ground (axe: color-contrast).
          styles={{ title: { color: 'var(--mantine-color-text)' } }}
        >
          <Stack gap={6}>
            <List size="sm" spacing={2}>
              {waiting(entries).map((e) => (
                <List.Item key={e.Key}>
                  {entrySummary(e)}
                  {e.Message && (
                    <Text span fz="xs" c="dimmed">
                      {' '}
                      ({e.Message})
                    </Text>
                  )}
                </List.Item>
              ))}
            </List>
            <Group justify="space-between" gap="xs">
              <Text fz="sm">
                {online ? 'Sending…' : 'Sent by itself as soon as the network is back. It is placed once.'}
              </Text>
              {online && (
                <Button size="xs" variant="default" onClick={send}>
                  Send now
                </Button>
              )}
            </Group>
          </Stack>
        </Alert>
      )}
      {entries.map((e) => (e.State === 'waiting' ? null : <Answered key={e.Key} entry={e} />))}
    </Stack>
  );
}

function Answered({ entry }: { entry: OutboxEntry }) {
  const navigate = useNavigate();
  const dismiss = () => import('../outbox').then((m) => m.dismissEntry(entry.Key));
  const summary = entrySummary(entry);
  if (entry.State === 'placed') {
    return (
      <Alert color="green" variant="light" p="sm" title="Sent: your order is placed" role="status">
        <Group justify="space-between" gap="xs">
          <Text fz="sm">
            {summary}. Web Conf #:{' '}
            <Text span fw={700} data-testid="outbox-conf-number">
              {entry.OrderNum}
            </Text>
          </Text>
          <Button size="xs" variant="default" onClick={() => void dismiss()}>
            OK
          </Button>
        </Group>
      </Alert>
    );
  }
  const state: DraftRouteState = { draft: 'continue' };
  return (
    <Alert color="red" variant="light" p="sm" title="Not placed: back as your draft" role="alert">
      <Stack gap={6}>
        <Text fz="sm" data-testid="outbox-refusal">
          {entry.Message}
        </Text>
        <Text fz="sm">
          {summary}.{' '}
          {entry.DraftSaved
            ? 'Open it to check it and send it again.'
            : 'It becomes your draft again as soon as the network is back.'}
        </Text>
        {entry.DraftSaved && (
          <Group gap="xs">
            <Button
              size="xs"
              onClick={() => void dismiss().then(() => navigate(paths.orderForm(0), { state }))}
            >
              Open the order
            </Button>
            <Button size="xs" variant="default" onClick={() => void dismiss()}>
              OK
            </Button>
          </Group>
        )}
      </Stack>
    </Alert>
  );
}
