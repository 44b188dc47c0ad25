import { ActionIcon, Box, Group, Paper, Stack, Text } from '@mantine/core';
import { memo } from 'react';
import type { OrderGuideProduct } from '../../../../domain/order-guide.schema';
import {
  type DraftLine,
  type QuantityDraft,
  type QuantityDrafts,
  quantityError,
  quantityOf,
} from '../order-draft';
import { AvailabilityNote } from './availability-note';
import { type GuideView, LastDeliveries, OnHandInput, ParButton } from './guide-figures';
import { IgnoredUnits, type OnQuantity } from './ignored-units';
import { ProductPriceNote } from './order-estimate';
import { QuantityInput } from './quantity-input';

export interface ProductCardsProps {
  lines: readonly DraftLine[];
  drafts: QuantityDrafts;
  onQuantity: OnQuantity;
  guide?: GuideView | undefined;
}

/**
 * 16 px text: a smaller font makes phones zoom in on focus. The boxes say what they hold in
 * their placeholder and their accessible name, not a label above them: five products fit on a
 * phone's screen (issue 33).
 */
const BOX = {
  size: 'md',
  w: 64,
  styles: {
    label: { fontSize: 'var(--mantine-font-size-xs)' },
    input: { paddingInline: 6, textAlign: 'center' },
  },
} as const;
/** The minus and plus buttons: 44 x 44 px, a thumb's target (WCAG 2.5.5). */
const STEP = 44;

/** Step 2 on a narrow screen: one card per product; the case buttons and boxes at the bottom right, within thumb reach. */
export function ProductCards({ lines, drafts, onQuantity, guide }: ProductCardsProps) {
  return (
    <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Products">
      {lines.map((line) => (
        <ProductCard
          key={line.product.Code}
          line={line}
          draft={drafts[line.product.Code]}
          onQuantity={onQuantity}
          guide={guide}
          figures={guide?.figures.get(line.product.Code)}
          onHand={guide?.onHand?.[line.product.Code]}
        />
      ))}
    </Stack>
  );
}

interface CardProps {
  line: DraftLine;
  draft: QuantityDraft | undefined;
  onQuantity: OnQuantity;
  guide: GuideView | undefined;
  figures: OrderGuideProduct | undefined;
  onHand: string | undefined;
}

/**
 * A card renders again only when its own product, quantities, figures or count change: a
 * keystroke in one box or in the search repaints a card or a screenful, not the list.
 */
const ProductCard = memo(
  function ProductCard({ line, draft, onQuantity, guide, figures, onHand }: CardProps) {
    const { Code, Description, UnitsPerCase, IsCaseOnly } = line.product;
    const cases = draft?.CaseQuantity ?? '';
    const stepOff = quantityError(cases, 'CaseQuantity') !== null;
    const count = quantityOf(cases);
    return (
      <Paper component="li" withBorder radius="sm" px="sm" py={6} data-testid={`product-row-${Code}`}>
        <Group wrap="nowrap" gap="xs" align="flex-start" justify="space-between">
          <Text fw={600} fz="sm" lh={1.3} style={{ flex: 1, minWidth: 0 }}>
            {Description}
          </Text>
          <Text fz="xs" ta="right">
            Total Units{' '}
            <Text span fw={700} fz="xs" data-testid={`total-${Code}`}>
              {line.TotalUnits}
            </Text>
          </Text>
        </Group>
        {/* The code and the last deliveries share a line: five products in view on a phone (issue 33). */}
        <Group wrap="nowrap" gap="xs" align="flex-end" justify="space-between">
          <Text fz="xs" c="dimmed" style={{ minWidth: 0 }}>
            {Code} · Units/Case {UnitsPerCase}
          </Text>
          {guide && figures && <LastDeliveries dates={guide.dates} figures={figures} tight />}
        </Group>
        <AvailabilityNote
          code={Code}
          availability={line.product.Availability}
          substitution={line.product.Substitution}
        />
        <ProductPriceNote product={line.product} cases={line.CaseQuantity} units={line.UnitQuantity} />
        <Group wrap="nowrap" gap={6} align="flex-end" justify="flex-end" mt={4}>
          {guide && figures && (
            <Box mr="auto">
              {guide.onHand ? (
                <OnHandInput
                  code={Code}
                  description={Description}
                  figures={figures}
                  value={onHand}
                  onOnHand={guide.onOnHand}
                  onAcceptPars={guide.onAcceptPars}
                />
              ) : (
                <ParButton
                  code={Code}
                  description={Description}
                  figures={figures}
                  onEditPar={guide.onEditPar}
                  stacked
                />
              )}
            </Box>
          )}
          <ActionIcon
            variant="default"
            size={STEP}
            aria-label={`One case less of ${Code}`}
            disabled={stepOff || count <= 0}
            onClick={() => onQuantity(Code, 'CaseQuantity', count - 1 > 0 ? count - 1 : '')}
          >
            <span aria-hidden="true">−</span>
          </ActionIcon>
          <QuantityInput
            {...BOX}
            placeholder="cases"
            aria-label={`Cases of ${Code} ${Description}`}
            field="CaseQuantity"
            value={cases}
            onChange={(v) => onQuantity(Code, 'CaseQuantity', v)}
          />
          <ActionIcon
            variant="default"
            size={STEP}
            aria-label={`One case more of ${Code}`}
            disabled={stepOff}
            onClick={() => onQuantity(Code, 'CaseQuantity', count + 1)}
          >
            <span aria-hidden="true">+</span>
          </ActionIcon>
          {IsCaseOnly ? (
            <Stack w={BOX.w} gap={0} align="center" pb={6}>
              <Text fz="xs" c="dimmed" ta="center" lh={1.2}>
                Cases only
              </Text>
            </Stack>
          ) : (
            <QuantityInput
              {...BOX}
              placeholder="units"
              aria-label={`Units of ${Code} ${Description}`}
              field="UnitQuantity"
              value={draft?.UnitQuantity ?? ''}
              onChange={(v) => onQuantity(Code, 'UnitQuantity', v)}
            />
          )}
        </Group>
        <IgnoredUnits line={line} onQuantity={onQuantity} />
      </Paper>
    );
  },
  (a, b) =>
    a.line.product === b.line.product &&
    a.draft === b.draft &&
    a.figures === b.figures &&
    a.onHand === b.onHand &&
    a.onQuantity === b.onQuantity &&
    a.guide?.dates === b.guide?.dates &&
    (a.guide?.onHand == null) === (b.guide?.onHand == null) &&
    a.guide?.onEditPar === b.guide?.onEditPar &&
    a.guide?.onOnHand === b.guide?.onOnHand &&
    a.guide?.onAcceptPars === b.guide?.onAcceptPars &&
    (a.guide === undefined) === (b.guide === undefined),
);
