import { Button, Group, Stack, Text, TextInput, VisuallyHidden } from '@mantine/core';
import type { KeyboardEvent } from 'react';
import type { OrderGuideProduct } from '../../../../domain/order-guide.schema';
import { focusOnQuickTap } from '../../../lib/quick-tap';
import { historyCell, parOf, suggestionOf } from '../order-guide-draft';
import { formatMonthDay } from '../order-time';

/** What a row of the guide needs beside its quantities (design.md 7.1). */
export interface GuideView {
  /** The guide's past delivery dates, oldest first. */
  dates: readonly string[];
  figures: ReadonlyMap<string, OrderGuideProduct>;
  /** When the distributor's last availability file was applied, or null (design.md 8.3). */
  stockAsOf: string | null;
  /** With no network, when the guide shown was read (ms): it is the device's copy (issue 39). */
  readAt: number | null;
  /** Ordering to par: the on-hand counts typed so far, by code; null when not counting. */
  onHand: Readonly<Record<string, string>> | null;
  onOnHand: (code: string, value: string) => void;
  onEditPar: (code: string) => void;
  /** Saves the suggested pars of these products as their pars (one row's, or every one shown). */
  onAcceptPars: (codes: readonly string[]) => void;
}

/**
 * The last deliveries as the worksheet writes them ('2 C' or '-'), oldest first, each under its
 * date ('11/18'): figures without dates read as a row of noise (issue 33).
 */
export function LastDeliveries({
  dates,
  figures,
  tight = false,
}: {
  dates: readonly string[];
  figures?: OrderGuideProduct;
  /** A phone's card: narrower cells, beside the product's code. */
  tight?: boolean;
}) {
  if (dates.length === 0) return null;
  return (
    <>
      <VisuallyHidden> Last deliveries: </VisuallyHidden>
      <Group gap={tight ? 4 : 6} wrap="nowrap" fz="xs" ff="monospace" data-testid="last-deliveries">
        {dates.map((d) => (
          <Stack key={d} gap={0} align="center" miw={tight ? 30 : 34}>
            <Text span fz={10} c="dimmed" lh={1.2}>
              {formatMonthDay(d)}
              <VisuallyHidden>:</VisuallyHidden>
            </Text>
            <Text span fz="xs" lh={1.3}>
              {historyCell(figures?.History[d])}
            </Text>
          </Stack>
        ))}
      </Group>
    </>
  );
}

/** The par, saved or suggested, as a button that opens its editor (the suggestion beside it, or under it where narrow). */
export function ParButton({
  code,
  description,
  figures,
  onEditPar,
  stacked = false,
}: {
  code: string;
  description: string;
  figures?: OrderGuideProduct;
  onEditPar: (code: string) => void;
  stacked?: boolean;
}) {
  if (!figures) return null;
  const saved = figures.Par;
  const suggestion =
    saved === null && figures.SuggestedPar > 0 ? (
      <Text fz="xs" c="dimmed" span style={{ whiteSpace: 'nowrap' }}>
        suggested {figures.SuggestedPar}
      </Text>
    ) : null;
  const button = (
    <Button
      variant="default"
      size="compact-sm"
      // A thumb's 44 px on a phone's card; the table's row keeps 36.
      h={stacked ? 44 : 36}
      px={8}
      style={{ flexShrink: 0 }}
      onClick={() => onEditPar(code)}
      aria-label={`Par of ${code} ${description}: ${saved ?? 'not set'}`}
      data-testid={`par-${code}`}
    >
      {stacked && suggestion ? (
        // On a phone's card the suggestion is the button's second line: no line of its own
        // under it, so five products fit on a screen (issue 33).
        <Stack gap={0} align="center">
          <span>Set par</span>
          <Text span fz={10} fw={400} lh={1.1} style={{ whiteSpace: 'nowrap' }}>
            suggested {figures.SuggestedPar}
          </Text>
        </Stack>
      ) : saved === null ? (
        'Set par'
      ) : (
        `Par ${saved}`
      )}
    </Button>
  );
  return stacked ? (
    button
  ) : (
    <Group gap={6} wrap="nowrap">
      {button}
      {suggestion}
    </Group>
  );
}

/** Enter moves to the next on-hand box, as in the quantity boxes. */
function focusNextOnHand(event: KeyboardEvent<HTMLInputElement>) {
  if (event.key !== 'Enter') return;
  event.preventDefault();
  const boxes = [...document.querySelectorAll<HTMLInputElement>('input[data-on-hand]')];
  boxes[boxes.indexOf(event.currentTarget) + 1]?.focus();
}

/**
 * While ordering to par: the cases on hand, for a product with a saved par; for a product with
 * only a suggestion, the button that makes it the par (issue 32: a suggestion never fills
 * until the customer says so), after which the row has its count box.
 */
export function OnHandInput({
  code,
  description,
  figures,
  value,
  onOnHand,
  onAcceptPars,
  w = 68,
}: {
  code: string;
  description: string;
  figures?: OrderGuideProduct;
  value: string | undefined;
  onOnHand: (code: string, value: string) => void;
  onAcceptPars: (codes: readonly string[]) => void;
  w?: number;
}) {
  if (parOf(figures) === null) {
    const suggestion = suggestionOf(figures);
    if (suggestion === null) return null;
    return (
      <Button
        variant="default"
        size="compact-sm"
        h={44}
        px={8}
        style={{ flexShrink: 0 }}
        onClick={() => onAcceptPars([code])}
        aria-label={`Use the suggested par ${suggestion} for ${code} ${description}`}
        data-testid={`use-par-${code}`}
      >
        {`Use par ${suggestion}`}
      </Button>
    );
  }
  return (
    <TextInput
      size="md"
      w={w}
      label="On hand"
      aria-label={`On hand of ${code} ${description}`}
      inputMode="numeric"
      pattern="[0-9]*"
      enterKeyHint="next"
      autoComplete="off"
      data-on-hand=""
      styles={{ label: { fontSize: 'var(--mantine-font-size-xs)' } }}
      value={value ?? ''}
      onChange={(e) => onOnHand(code, e.currentTarget.value)}
      onKeyDown={focusNextOnHand}
      onMouseDown={focusOnQuickTap}
    />
  );
}
