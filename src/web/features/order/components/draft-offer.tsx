import { Button, Group, Paper, Text } from '@mantine/core';
import type { OrderDraftInput } from '../../../../domain/order-draft.schema';
import { draftOfferText } from '../saved-draft';

export interface DraftOfferProps {
  draft: OrderDraftInput;
  onContinue: () => void;
  onDiscard: () => void;
  discarding?: boolean;
}

/** The offer of the customer's unsent order (design.md 7.3): Continue it, or Discard it. */
export function DraftOffer({ draft, onContinue, onDiscard, discarding = false }: DraftOfferProps) {
  const text = draftOfferText(draft);
  return (
    <Paper
      component="section"
      withBorder
      p="md"
      radius="md"
      aria-label="Unsent order"
      data-testid="draft-offer"
      bg="var(--mantine-color-blue-light)"
    >
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text fw={500} style={{ flex: '1 1 16rem' }}>
          {text}
        </Text>
        <Group gap="sm" ml="auto" wrap="nowrap">
          <Button variant="default" onClick={onDiscard} loading={discarding}>
            Discard
          </Button>
          <Button onClick={onContinue} disabled={discarding}>
            Continue
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
