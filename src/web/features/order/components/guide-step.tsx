import { Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { withoutFigures } from '../../../../domain/order-guide';
import type { OrderGuideProduct } from '../../../../domain/order-guide.schema';
import type { OrderSummary } from '../../../../domain/order-view.schema';
import { orderQueryOptions } from '../api/get-order';
import { useOrderGuide } from '../api/get-order-guide';
import type { QuantityDrafts } from '../order-draft';
import { draftsToPar, inGuideOrder, parOf, sameAsLast } from '../order-guide-draft';
import { formatDate } from '../order-time';
import type { OrderFormState } from '../use-order-form';
import { GuideActions, type GuideNote } from './guide-actions';
import type { GuideView } from './guide-figures';
import { ParDialog } from './par-dialog';
import { ProductsStep } from './products-step';

export interface GuideStepProps {
  state: OrderFormState;
  /** The customer's orders, newest first: "Same as last order" repeats the first. */
  orders: readonly OrderSummary[];
  asCards: boolean;
  hasLinkedProducts: boolean;
  /** A change (design.md 7.10): the order's own products, listed first. */
  firstCodes?: ReadonlySet<string> | undefined;
}

/** What the worksheet's "Start an order from these counts" hands over (cases on hand by code). */
export interface WorksheetCounts {
  onHand: Record<string, number>;
}

const countsOf = (state: unknown): Record<string, number> | null =>
  state && typeof state === 'object' && 'onHand' in state && state.onHand && typeof state.onHand === 'object'
    ? (state.onHand as Record<string, number>)
    : null;

/**
 * Step 2 as an order guide (design.md 7.1, issue 19): the products most ordered first with
 * their last deliveries and par, the quick starts (same as last order, order to par, clear,
 * each undone once) and the par's editor. Without the guide (still loading, failed) the
 * products are still there to order.
 */
export function GuideStep({ state, orders, asCards, hasLinkedProducts, firstCodes }: GuideStepProps) {
  const deliveryDate = state.form.values.DeliveryDate;
  const guide = useOrderGuide(state.customerId, deliveryDate);
  const queryClient = useQueryClient();
  const { drafts, replaceDrafts, available } = state;

  // The guide lists the products with figures (decision 046); every other orderable product
  // has none, so that its par can still be set from its row.
  const figures = useMemo(() => {
    const listed = new Map<string, OrderGuideProduct>((guide.data?.Products ?? []).map((p) => [p.Code, p]));
    if (!guide.data) return listed;
    for (const p of available)
      if (!listed.has(p.Code))
        listed.set(
          p.Code,
          withoutFigures({
            Code: p.Code,
            Description: p.Description,
            UnitsPerCase: p.UnitsPerCase,
            CaseOnly: p.IsCaseOnly,
          }),
        );
    return listed;
  }, [guide.data, available]);
  // The order of the rows, once per guide; each render only picks the lines in that order.
  const order = useMemo(() => {
    const index = new Map(available.map((p, i) => [p.Code, i]));
    return inGuideOrder(available, guide.data, firstCodes).map((p) => index.get(p.Code)!);
  }, [available, guide.data, firstCodes]);
  const lines = order.map((i) => state.lines[i]!);

  const [onHand, setOnHand] = useState<Record<string, string> | null>(null);
  const [undo, setUndo] = useState<{ label: string; drafts: QuantityDrafts } | null>(null);
  const [note, setNote] = useState<GuideNote | null>(null);
  const [parCode, setParCode] = useState<string | null>(null);
  const [loadingLast, setLoadingLast] = useState(false);

  /** Replaces every quantity, keeping the ones before for one Undo. */
  const fill = (label: string, next: QuantityDrafts, withNote: GuideNote | null) => {
    setUndo({ label, drafts });
    replaceDrafts(next);
    setNote(withNote);
  };

  const onOnHand = useCallback(
    (code: string, value: string) => setOnHand((counts) => ({ ...counts, [code]: value })),
    [],
  );
  const onEditPar = useCallback((code: string) => setParCode(code), []);
  const view = useMemo<GuideView | undefined>(
    () =>
      guide.data ? { dates: guide.data.DeliveryDates, figures, onHand, onOnHand, onEditPar } : undefined,
    [guide.data, figures, onHand, onOnHand, onEditPar],
  );

  // The worksheet's counts (its "Start an order from these counts"): filled to par once the
  // guide knows the pars, then forgotten, so Back and Continue do not fill them again.
  const location = useLocation();
  const navigate = useNavigate();
  const counts = countsOf(location.state);
  const applied = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once the guide and the counts are both there.
  useEffect(() => {
    if (!counts || !guide.data || applied.current) return;
    applied.current = true;
    const asText = Object.fromEntries(Object.entries(counts).map(([code, n]) => [code, String(n)]));
    // The sheet shows saved pars only: the products it fills are the ones whose par it showed.
    const saved = new Map([...figures].filter(([, f]) => f.Par !== null));
    fill('Order to par', draftsToPar(drafts, available, saved, asText), {
      title: 'Filled to par from your worksheet',
      text: 'Each product with a saved par has its par minus the cases you counted on the worksheet. Check the quantities.',
      warn: false,
    });
    navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
  }, [counts, guide.data]);

  const last = orders[0];
  const onSameAsLast = async () => {
    if (!last) return;
    setLoadingLast(true);
    try {
      const detail = await queryClient.fetchQuery(orderQueryOptions(last.Id));
      const result = sameAsLast(detail.Products, new Set(available.map((p) => p.Code)));
      const leftOut = result.leftOut.map((p) => `${p.Description} (${p.Code})`).join(', ');
      fill(
        'Same as last order',
        result.drafts,
        result.leftOut.length > 0
          ? {
              title: 'Some products were left out',
              text: `From order ${last.OrderNum}, not available for ${formatDate(deliveryDate)}: ${leftOut}.`,
              warn: true,
            }
          : null,
      );
    } catch (error) {
      notifications.show({
        color: 'red',
        message: `The last order could not be loaded. ${error instanceof Error ? error.message : ''}`,
      });
    } finally {
      setLoadingLast(false);
    }
  };

  const hasPars = guide.data !== undefined && available.some((p) => parOf(figures.get(p.Code)) !== null);
  const toolbar = (
    <GuideActions
      hasLastOrder={last !== undefined}
      loadingLast={loadingLast}
      onSameAsLast={() => void onSameAsLast()}
      hasPars={hasPars}
      counting={onHand !== null}
      onOrderToPar={() => setOnHand({})}
      onFillToPar={() => {
        fill('Order to par', draftsToPar(drafts, available, figures, onHand ?? {}), null);
        setOnHand(null);
      }}
      onCancelCount={() => setOnHand(null)}
      canClear={Object.keys(drafts).length > 0}
      onClear={() => fill('Clear', {}, null)}
      undoLabel={undo?.label ?? null}
      onUndo={() => {
        if (!undo) return;
        replaceDrafts(undo.drafts);
        setUndo(null);
        setNote(null);
      }}
      note={note}
    />
  );

  if (guide.isPending && deliveryDate !== null) {
    return (
      <Group justify="center" py="xl">
        <Loader aria-label="Loading your order guide" />
      </Group>
    );
  }
  return (
    <Stack gap="sm">
      {guide.isError && (
        <Paper withBorder p="sm" radius="sm" role="status">
          <Text fz="sm" fw={700}>
            Your order guide could not be loaded
          </Text>
          <Text fz="sm">
            The products are below to order as usual; their past deliveries and pars are not.
          </Text>
        </Paper>
      )}
      <ProductsStep
        lines={lines}
        drafts={drafts}
        onQuantity={state.onQuantity}
        asCards={asCards}
        deliveryDate={deliveryDate}
        hasLinkedProducts={hasLinkedProducts}
        guide={view}
        toolbar={toolbar}
      />
      <ParDialog
        customerId={state.customerId}
        product={parCode === null ? null : (figures.get(parCode) ?? null)}
        onClose={() => setParCode(null)}
      />
    </Stack>
  );
}
