import { Text } from '@mantine/core';
import { type DraftLine, ignoredUnitsNote, type QuantityDraft, type QuantityValue } from '../order-draft';

export type OnQuantity = (code: string, field: keyof QuantityDraft, value: QuantityValue) => void;

/** A line's units that the order does not count, said where the customer typed them (issue 14). */
export function IgnoredUnits({ line }: { line: DraftLine }) {
  const note = ignoredUnitsNote(line);
  if (!note) return null;
  return (
    <Text fz="xs" fw={600} data-testid={`ignored-${line.product.Code}`}>
      {note}
    </Text>
  );
}
