import { Button, Group, Text } from '@mantine/core';
import { type DraftLine, ignoredUnitsNote, type QuantityDraft, type QuantityValue } from '../order-draft';

export type OnQuantity = (code: string, field: keyof QuantityDraft, value: QuantityValue) => void;

/**
 * A line's units that the order does not count, said where the customer typed them (issue 14),
 * with the two ways out: keep the cases (the units go) or order the units instead (the cases
 * go). A line is never both (spec section 3's total units), and Continue waits for the choice:
 * units typed there by mistake, or meant beside the cases, never silently vanish (issue 32).
 */
export function IgnoredUnits({ line, onQuantity }: { line: DraftLine; onQuantity: OnQuantity }) {
  const note = ignoredUnitsNote(line);
  if (!note) return null;
  const { Code, Description } = line.product;
  const cases = `${line.CaseQuantity} ${line.CaseQuantity === 1 ? 'case' : 'cases'}`;
  const units = `${line.IgnoredUnits} ${line.IgnoredUnits === 1 ? 'unit' : 'units'}`;
  return (
    <Group
      gap="xs"
      wrap="wrap"
      mt={4}
      pl="xs"
      role="group"
      aria-label={`Cases or units of ${Code}`}
      style={{ borderLeft: '4px solid var(--mantine-color-yellow-6)' }}
    >
      <Text fz="xs" fw={600} data-testid={`ignored-${Code}`}>
        {note}
      </Text>
      <Group gap="xs" wrap="nowrap">
        <Button
          variant="default"
          size="compact-sm"
          h={36}
          onClick={() => onQuantity(Code, 'UnitQuantity', '')}
          aria-label={`Keep ${cases} of ${Code} ${Description}, without the units`}
        >
          {`Keep ${cases}`}
        </Button>
        <Button
          variant="default"
          size="compact-sm"
          h={36}
          onClick={() => onQuantity(Code, 'CaseQuantity', '')}
          aria-label={`Order ${units} of ${Code} ${Description} instead of the cases`}
        >
          {`Order ${units} instead`}
        </Button>
      </Group>
    </Group>
  );
}
