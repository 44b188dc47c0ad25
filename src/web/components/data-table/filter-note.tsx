import { Button, Group, Text } from '@mantine/core';

/**
 * Narrow screens keep the filter fields in the drawer, out of sight: this line says a filter is
 * on and clears it in one tap. It renders nothing when `shown` is false.
 */
export function FilterNote({ shown, onClear }: { shown: boolean; onClear: () => void }) {
  if (!shown) return null;
  return (
    <Group gap="xs" wrap="nowrap">
      <Text fz="sm" c="dimmed">
        Filtered list
      </Text>
      <Button variant="subtle" size="compact-sm" onClick={onClear}>
        Clear filter
      </Button>
    </Group>
  );
}
