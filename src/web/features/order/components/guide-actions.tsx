import { Button, Group, Paper, Stack, Text } from '@mantine/core';

export interface GuideActionsProps {
  /** Whether the customer has a previous order to repeat. */
  hasLastOrder: boolean;
  loadingLast: boolean;
  onSameAsLast: () => void;
  /** Whether any product has a par: saved, or suggested (to accept while counting). */
  hasPars: boolean;
  counting: boolean;
  onOrderToPar: () => void;
  onFillToPar: () => void;
  onCancelCount: () => void;
  canClear: boolean;
  onClear: () => void;
  /** What Undo puts back ('Same as last order'), or null when there is nothing to undo. */
  undoLabel: string | null;
  onUndo: () => void;
  /** A sentence about the last action: what was filled, what was left out. */
  note: GuideNote | null;
}

export interface GuideNote {
  title: string;
  text: string;
  /** Yellow when something was left out. */
  warn: boolean;
}

/** The guide's quick starts: same as last time, to par from a count, clear; each undone once. */
export function GuideActions(props: GuideActionsProps) {
  if (props.counting) {
    return (
      <Paper withBorder p="sm" radius="sm" data-testid="par-count">
        <Stack gap="xs">
          <Text fz="sm">
            Type the cases you have on hand for each product with a par, then Fill to par: each gets its par
            minus what you have. An empty count is 0 on hand. A suggested par fills once you use it.
          </Text>
          <Group gap="sm">
            <Button onClick={props.onFillToPar}>Fill to par</Button>
            <Button variant="default" onClick={props.onCancelCount}>
              Cancel
            </Button>
          </Group>
        </Stack>
      </Paper>
    );
  }
  return (
    <Stack gap="xs">
      <Group gap="xs" wrap="wrap">
        <Button
          variant="outline"
          onClick={props.onSameAsLast}
          loading={props.loadingLast}
          disabled={!props.hasLastOrder}
        >
          Same as last order
        </Button>
        <Button variant="outline" onClick={props.onOrderToPar} disabled={!props.hasPars}>
          Order to par
        </Button>
        <Button variant="default" onClick={props.onClear} disabled={!props.canClear}>
          Clear
        </Button>
        {props.undoLabel && (
          <Button variant="subtle" onClick={props.onUndo} aria-label={`Undo ${props.undoLabel}`}>
            Undo
          </Button>
        )}
      </Group>
      {props.note && (
        <Paper
          withBorder
          p="sm"
          radius="sm"
          data-testid="guide-note"
          role="status"
          style={{
            borderLeft: `4px solid var(--mantine-color-${props.note.warn ? 'yellow-6' : 'blue-9'})`,
          }}
        >
          <Text fz="sm" fw={700}>
            {props.note.title}
          </Text>
          <Text fz="sm">{props.note.text}</Text>
        </Paper>
      )}
    </Stack>
  );
}
