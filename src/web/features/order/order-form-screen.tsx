import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useDeferredValue, useEffect, useRef, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { customerTypeDefaults } from '../../../domain/customer-type.schema';
import type { CustomerTypeRules } from '../../../domain/order.schema';
import type { DraftConflict } from '../../../domain/order-draft.schema';
import type { OrderDetail } from '../../../domain/order-view.schema';
import { queryKeys } from '../../lib/query-keys';
import { useInitialNow } from '../../ssr/render-context';
import { useCustomerTypes } from '../customer-types/api/get-customer-types';
import { useUpcomingHolidays } from '../holidays/api/get-holidays';
import { useCopiedOrder } from './api/copy-order';
import { draftQueryOptions } from './api/get-draft';
import { useOrder } from './api/get-order';
import { useOrders } from './api/get-orders';
import { useOwnCustomer } from './api/get-own-customer';
import {
  type DraftElsewhere,
  DraftEndedNote,
  DraftMergedNote,
  DraftReloadedNote,
} from './components/draft-elsewhere';
import { DraftOffer } from './components/draft-offer';
import { OrderForm } from './components/order-form';
import { formSources } from './form-sources';
import { todayInBusiness } from './order-time';
import { type FormSnapshot, formFromDraft } from './saved-draft';
import type { AutosaveStatus } from './use-draft-autosave';
import { type DraftRouteState, useDraftChoice } from './use-draft-choice';

export interface OrderFormScreenProps {
  /** The customer the order is for (`Id` and the 4-digit `CompanyId`). */
  customer: { Id: number; CompanyId: number };
  /** The order to copy (Re-Order), or null for a new one. */
  copyId: number | null;
  /** The placed order to change (design.md 7.10), or null. */
  changeId?: number | null;
  /**
   * Staff ordering for the customer (design.md 7.5): the customer's draft is neither offered
   * nor written, and the form says whom the order is for.
   */
  staff?: { customerLabel: string; doneTo: string };
  onSaveStatus?: (status: AutosaveStatus) => void;
}

/**
 * The order form with what it loads (the customer's type, products, orders and the holidays
 * ahead), for the customer's /order/form and staff's order for a customer alike: one form,
 * chosen by customer and role.
 */
export function OrderFormScreen({
  customer: who,
  copyId,
  changeId = null,
  staff,
  onSaveStatus,
}: OrderFormScreenProps) {
  const routeState = useLocation().state as DraftRouteState | null;
  // A customer's new order offers their unsent one first (design.md 7.3); a Re-Order, a change
  // and staff do not.
  const fresh = copyId === null && changeId === null;
  const draft = useDraftChoice(who.Id, fresh && !staff, routeState?.draft === 'continue' && !staff);
  const elsewhere = useDraftElsewhere(who.Id);
  // Which version of the draft was replaced when the network came back (issue 39).
  const [merged, setMerged] = useState<string | null>(null);
  const ended = !!elsewhere.state?.what && elsewhere.state.what !== 'changed';
  // The form that reported its saves is gone: no "Saving…" left beside the title.
  useEffect(() => {
    if (ended) onSaveStatus?.('idle');
  }, [ended, onSaveStatus]);

  const types = useCustomerTypes();
  const customer = useOwnCustomer(who.Id);
  const copy = useCopiedOrder(copyId, who.Id);
  const change = useOrder(changeId ?? 0);
  // For the last order's contact and a note when an order for the chosen date exists; the form
  // does without them if they cannot be loaded.
  const orders = useOrders(who.CompanyId);
  // The picker disables holidays (design.md 7.2); without them the form still works and the
  // server still refuses a holiday, so a failed load does not stop the order.
  // Today as the page was drawn (the server's, while the browser hydrates it): the same holidays' key.
  const holidays = useUpcomingHolidays(todayInBusiness(new Date(useInitialNow())));
  // Aids the form does without, waited for only before it first shows: with no network it
  // opens without what the device lacks, and a read again later (the network back) never
  // takes the form away for a loader, with what was typed in it.
  const shown = useRef(false);
  const waitsFor = (aid: { isPending: boolean; fetchStatus: string }) =>
    !shown.current && aid.isPending && aid.fetchStatus !== 'paused';
  const queries = [
    types,
    customer,
    ...(copyId === null ? [] : [copy]),
    ...(changeId === null ? [] : [change]),
  ];
  const failed = queries.find((q) => q.isError);
  const loading =
    !types.data ||
    !customer.data ||
    (copyId !== null && !copy.data) ||
    (changeId !== null && !change.data) ||
    waitsFor(orders) ||
    waitsFor(holidays) ||
    draft.pending;
  // The last answer comes through React Query's store subscription, which React draws at once
  // and in one piece: the whole form was one long task on a phone (issue 22, decision 057). The
  // loader stays one render more, and React draws the form in a background render, in slices.
  const loaded = useDeferredValue(!loading);
  if (loaded && !loading) shown.current = true;

  if (failed) {
    return (
      <Alert color="red" title="The order form could not be loaded">
        <Stack gap="sm" align="flex-start">
          <Text fz="sm">{failed.error?.message}</Text>
          <Button variant="default" onClick={() => queries.forEach((q) => void q.refetch())}>
            Try Again
          </Button>
        </Stack>
      </Alert>
    );
  }
  if (loading || !loaded || !types.data || !customer.data) return <FormLoader />;
  if (draft.offer) {
    return (
      <DraftOffer
        draft={draft.offer.Order}
        onContinue={draft.onContinue}
        onDiscard={draft.onDiscard}
        discarding={draft.discarding}
      />
    );
  }
  if (change.data && change.data.ChangeableUntil === null) return <NotChangeable order={change.data} />;
  if (ended && elsewhere.state?.what) {
    return <DraftEndedNote what={elsewhere.state.what} onStartOver={elsewhere.startOver} />;
  }
  // After a conflict the form is the draft as saved elsewhere, or a fresh one: not the copy.
  const copied = elsewhere.state ? null : (copy.data ?? null);
  const typeId = customer.data.CustomerTypeId;
  // A change is not "another order for this date" of itself.
  const others = (orders.data?.Orders ?? []).filter((o) => o.Id !== changeId);
  const type = types.data.find((t) => t.Id === typeId);
  const customerType: CustomerTypeRules = type ?? { Id: typeId, ...customerTypeDefaults };
  return (
    <>
      {merged ? (
        <DraftMergedNote text={merged} />
      ) : (
        elsewhere.state?.what === 'changed' && <DraftReloadedNote />
      )}
      {copied && (
        <Text c="dimmed" fz="sm" data-testid="copied-from">
          Copied from order {copied.OrderNum}. Choose a delivery date, then check the quantities.
        </Text>
      )}
      {change.data && (
        <Text c="dimmed" fz="sm" data-testid="changing-order">
          {`Changing order ${change.data.OrderNum}. Submit sends it again under the same Web Conf #.`}
        </Text>
      )}
      <OrderForm
        key={
          changeId
            ? `change-${changeId}`
            : elsewhere.state
              ? `elsewhere-${elsewhere.state.n}`
              : (copyId ?? draft.formKey)
        }
        customerId={who.Id}
        asStaff={staff !== undefined}
        customerType={customerType}
        products={customer.data.Products}
        copy={copied}
        change={change.data ?? null}
        orders={others}
        holidays={holidays.data}
        licenseExpires={customer.data.LicenseExpires}
        paymentTerms={customer.data.PaymentTerms}
        restored={elsewhere.state ? elsewhere.state.restored : draft.restored}
        onDraftConflict={elsewhere.onConflict}
        onDraftMerged={setMerged}
        {...(onSaveStatus ? { onSaveStatus } : {})}
        {...(staff ? { staff } : {})}
      />
    </>
  );
}

/**
 * The draft changed, sent or discarded in another tab or on another device (decision 061):
 * changed, the form opens again on the draft as saved there (`n` starts it again); sent or
 * discarded, the screen says so instead of the form until the customer starts a new order.
 * The orders are asked for again, so the preview lists an order placed there.
 */
function useDraftElsewhere(customerId: number) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<{
    what: DraftElsewhere | null;
    restored: FormSnapshot | null;
    n: number;
  } | null>(null);
  const onConflict = useCallback(
    async (conflict: DraftConflict) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.orders.lists() });
      const latest =
        conflict === 'changed'
          ? await queryClient.fetchQuery({ ...draftQueryOptions(customerId), staleTime: 0 }).catch(() => null)
          : null;
      const restored = latest ? { ...formFromDraft(latest.Order), savedAt: latest.SavedAt } : null;
      const what: DraftElsewhere = conflict === 'changed' && !latest ? 'gone' : conflict;
      setState((s) => ({ what, restored, n: (s?.n ?? 0) + 1 }));
    },
    [queryClient, customerId],
  );
  const startOver = useCallback(
    () => setState((s) => ({ what: null, restored: null, n: (s?.n ?? 0) + 1 })),
    [],
  );
  return { state, onConflict, startOver };
}

/** While the form's data loads: a loader in the frame. */
function FormLoader() {
  return (
    <Group justify="center" py="xl">
      <Loader aria-label="Loading the order form" />
    </Group>
  );
}

/** A change asked for once the order can no longer be changed (its cutoff passed, or cancelled). */
function NotChangeable({ order }: { order: OrderDetail }) {
  return (
    <Alert
      color="yellow"
      title={`Order ${order.OrderNum} can no longer be changed`}
      data-testid="not-changeable"
    >
      Its cutoff has passed or it is no longer open. Please call us to change it.
    </Alert>
  );
}

/** The order to change, from the route's `?change=`. */
export function useChangeId(): number | null {
  const [search] = useSearchParams();
  return formSources(undefined, search).changeId;
}

/** The screen's copy source from the route: `/…/{id}` or `?copy=`. */
export function useCopyId(id: string | undefined): number | null {
  const [search] = useSearchParams();
  return formSources(id, search).copyId;
}
