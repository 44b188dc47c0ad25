import { Box, Group, Paper, Stack, Text } from '@mantine/core';
import type { DraftLine, QuantityDrafts } from '../order-draft';
import { IgnoredUnits, type OnQuantity } from './products-step';
import { QuantityInput } from './quantity-input';

export interface ProductCardsProps {
  lines: readonly DraftLine[];
  drafts: QuantityDrafts;
  onQuantity: OnQuantity;
}

/** 16 px text: a smaller font makes phones zoom in on focus. */
const BOX = { size: 'md', w: 68, styles: { label: { fontSize: 'var(--mantine-font-size-xs)' } } } as const;

/** Step 2 on a narrow screen: one compact card per product, the boxes on the right within thumb reach. */
export function ProductCards({ lines, drafts, onQuantity }: ProductCardsProps) {
  return (
    <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Products">
      {lines.map((line) => {
        const { Code, Description, UnitsPerCase, IsCaseOnly } = line.product;
        const draft = drafts[Code];
        return (
          <Paper
            component="li"
            key={Code}
            withBorder
            radius="sm"
            px="sm"
            py={8}
            data-testid={`product-row-${Code}`}
          >
            <Group wrap="nowrap" gap="xs" align="flex-end">
              <Box style={{ flex: 1, minWidth: 0 }}>
                <Text fw={600} fz="sm" lh={1.3}>
                  {Description}
                </Text>
                <Text fz="xs" c="dimmed">
                  {Code} · Units/Case {UnitsPerCase}
                </Text>
                <Text fz="xs">
                  Total Units{' '}
                  <Text span fw={700} fz="xs" data-testid={`total-${Code}`}>
                    {line.TotalUnits}
                  </Text>
                </Text>
                <IgnoredUnits line={line} />
              </Box>
              <QuantityInput
                {...BOX}
                label="Cases"
                aria-label={`Cases of ${Code} ${Description}`}
                field="CaseQuantity"
                value={draft?.CaseQuantity ?? ''}
                onChange={(v) => onQuantity(Code, 'CaseQuantity', v)}
              />
              {IsCaseOnly ? (
                <Stack w={BOX.w} gap={0} align="center" pb={10}>
                  <Text fz="xs" c="dimmed">
                    Cases only
                  </Text>
                </Stack>
              ) : (
                <QuantityInput
                  {...BOX}
                  label="Units"
                  aria-label={`Units of ${Code} ${Description}`}
                  field="UnitQuantity"
                  value={draft?.UnitQuantity ?? ''}
                  onChange={(v) => onQuantity(Code, 'UnitQuantity', v)}
                />
              )}
            </Group>
          </Paper>
        );
      })}
    </Stack>
  );
}
