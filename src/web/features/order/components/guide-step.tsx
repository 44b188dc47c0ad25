import { Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { OrderStatus } from '../../../../domain/enums';
import { withoutFigures } from '../../../../domain/order-guide';
import type { OrderGuideProduct } from '../../../../domain/order-guide.schema';
import type { OrderDetail, OrderSummary } from '../../../../domain/order-view.schema';
import { useOnline } from '../../../components/app-status/online';
import { orderQueryOptions } from '../api/get-order';
import { newestGuide, useOrderGuide } from '../api/get-order-guide';
import type { QuantityDrafts } from '../order-draft';
import { countsForPar, draftsToPar, inGuideOrder, sameAsLast, suggestionOf } from '../order-guide-draft';
import { formatDate } from '../order-time';
import { useAcceptPars } from '../use-accept-pars';
import type { OrderFormState } from '../use-order-form';
import { GuideActions, type GuideNote } from './guide-actions';
import type { GuideView } from './guide-figures';
import { ParDialog } from './par-dialog';
import { ProductsStep } from './products-step';
import { QuickAdd } from './quick-add';

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
  const online = useOnline();
  const readAt = online
    ? null
    : guide.isPlaceholderData
      ? (newestGuide(queryClient, state.customerId)?.readAt ?? null)
      : guide.dataUpdatedAt || null;
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
            Availability: p.Availability,
            Substitution: p.Substitution,
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
  const onAcceptPars = useAcceptPars(state.customerId, figures);
  const view = useMemo<GuideView | undefined>(
    () =>
      guide.data
        ? {
            dates: guide.data.DeliveryDates,
            stockAsOf: guide.data.StockAsOf,
            readAt,
            figures,
            onHand,
            onOnHand,
            onEditPar,
            onAcceptPars,
          }
        : undefined,
    [guide.data, readAt, figures, onHand, onOnHand, onEditPar, onAcceptPars],
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
    // The same rule as Fill to par (`draftsToPar`): saved pars only, the ones the sheet showed.
    fill('Order to par', draftsToPar(drafts, available, figures, counts), {
      title: 'Filled to par from your worksheet',
      text: 'Each product with a saved par has its par minus the cases you counted on the worksheet. Check the quantities.',
      warn: false,
    });
    navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
  }, [counts, guide.data]);

  // "Same as last order" repeats the last order still standing: never a cancelled one (issue 32).
  const standing = orders.filter((o) => o.Status !== OrderStatus.Cancelled);
  const last = standing[0];
  const onSameAsLast = async () => {
    if (!last) return;
    setLoadingLast(true);
    try {
      // Read fresh: an order cancelled since the list was loaded (in another tab) is passed over.
      let detail: OrderDetail | null = null;
      for (const candidate of standing) {
        const read = await queryClient.fetchQuery({ ...orderQueryOptions(candidate.Id), staleTime: 0 });
        if (read.Status !== OrderStatus.Cancelled) {
          detail = read;
          break;
        }
      }
      if (!detail) throw new Error('Every earlier order has been cancelled.');
      const result = sameAsLast(detail.Products, new Set(available.map((p) => p.Code)));
      const leftOut = result.leftOut.map((p) => `${p.Description} (${p.Code})`).join(', ');
      const copied = `Copied order ${detail.OrderNum}, for delivery on ${formatDate(detail.DeliveryDate)}.`;
      fill(
        'Same as last order',
        result.drafts,
        result.leftOut.length > 0
          ? {
              title: 'Some products were left out',
              text: `${copied} Not available for ${formatDate(deliveryDate)}: ${leftOut}.`,
              warn: true,
            }
          : { title: `Same as order ${detail.OrderNum}`, text: copied, warn: false },
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

  // Order to par opens for saved pars to count, and for suggestions to accept.
  const hasPars = guide.data !== undefined && available.some((p) => countsForPar(figures.get(p.Code)));
  const unaccepted = () => available.filter((p) => suggestionOf(figures.get(p.Code)) !== null).length;
  const toolbar = (
    <GuideActions
      hasLastOrder={last !== undefined}
      loadingLast={loadingLast}
      onSameAsLast={() => void onSameAsLast()}
      hasPars={hasPars}
      counting={onHand !== null}
      onOrderToPar={() => setOnHand({})}
      onFillToPar={() => {
        const left = unaccepted();
        fill(
          'Order to par',
          draftsToPar(drafts, available, figures, onHand ?? {}),
          left > 0
            ? {
                title: 'Filled to your saved pars',
                text: `${left === 1 ? 'One product' : `${left} products`} with only a suggested par ${left === 1 ? 'was' : 'were'} not filled: use the suggestion in Order to par to make it the par.`,
                warn: false,
              }
            : null,
        );
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
      {available.length > 0 && (
        <QuickAdd
          customerId={state.customerId}
          available={available}
          onAdd={(code, cases, units) => {
            state.onQuantity(code, 'CaseQuantity', cases);
            state.onQuantity(code, 'UnitQuantity', units);
          }}
        />
      )}
      <ProductsStep
        lines={lines}
        drafts={drafts}
        onQuantity={state.onQuantity}
        asCards={asCards}
        deliveryDate={deliveryDate}
        today={state.today}
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
