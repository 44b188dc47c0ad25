import { Paper, SimpleGrid, Stack, Text } from '@mantine/core';

export interface HeaderField {
  label: string;
  value: string;
  testId?: string;
  /** Text color of the value (a far delivery date is red). */
  color?: string;
}

/** Read-only order header fields in a grid: the preview step and the order detail. */
export function OrderHeaderView({ fields }: { fields: readonly HeaderField[] }) {
  return (
    <Paper withBorder radius="sm" p="md">
      <SimpleGrid component="dl" cols={{ base: 1, xs: 2, md: 3 }} spacing="md" verticalSpacing="xs" m={0}>
        {fields.map((f) => (
          <Stack key={f.label} gap={0}>
            <Text component="dt" fz="xs" c="dimmed" tt="uppercase" fw={600}>
              {f.label}
            </Text>
            <Text
              component="dd"
              m={0}
              c={f.color}
              fw={f.color ? 600 : undefined}
              data-testid={f.testId}
              style={{ overflowWrap: 'anywhere' }}
            >
              {f.value || '-'}
            </Text>
          </Stack>
        ))}
      </SimpleGrid>
    </Paper>
  );
}
