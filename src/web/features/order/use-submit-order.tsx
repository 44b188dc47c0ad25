import { Stack, Text } from '@mantine/core';
import { onlineManager } from '@tanstack/react-query';
import { useRef } from 'react';
import { useNavigate } from 'react-router';
import { FAR_DATE_DAYS, needsFarDateConfirmation } from '../../../domain/delivery-date';
import type { OrderInput } from '../../../domain/order.schema';
import { OrderSaveResponseSchema } from '../../../domain/order-view.schema';
import { showConfirmDialog } from '../../components/dialogs/confirm-dialog';
import { showErrorDialog } from '../../components/dialogs/error-dialog';
import { MessageKind, showSystemDialog } from '../../components/dialogs/system-dialog';
import { ApiError, isApiError } from '../../lib/api-client';
import { NO_CONNECTION_MESSAGE } from '../../lib/messages';
import { paths } from '../../paths';
import { useSession } from '../auth/api/get-session';
import { askForBackgroundSync } from '../offline/background-sync';
import { deviceKeyOf } from '../offline/device-key';
import { queueOrder } from '../offline/outbox';
import { queued } from '../offline/outbox-states';
import { isNoLongerChangeable, useChangeOrder } from './api/change-order';
import { newIdempotencyKey } from './api/order-calls';
import { usePlaceOrder } from './api/place-order';
import { formatDate, formatWeekdayDate } from './order-time';
import type { DraftAutosave } from './use-draft-autosave';

export const ORDER_ERROR_TITLE = 'Order Error';
export const ORDER_CONFIRMATION_TITLE = 'Order Confirmation';
export const WAITING_TITLE = 'Waiting to Send';
/** Said when an order is submitted with no network (issue 39). */
export const WAITING_TEXT =
  'There is no network here. Your order is kept on this device and sent as soon as the network is back: it is placed once, and you will see its Web Conf # here.';

/** Spec section 8's warning for a delivery date 60 or more days out (HTML, sanitized when shown). */
export function farDateMessage(date: string): string {
  return (
    `<p>The requested delivery date <strong>${formatDate(date)}</strong> is more than ` +
    `${FAR_DATE_DAYS} days out.</p><p><strong>Is this correct?</strong></p>`
  );
}

/**
 * Submit: the far-date question, POST Order with an Idempotency-Key, then the persistent
 * confirmation (OK goes to the order home) or the 'Order Error' dialog.
 *
 * The key belongs to one order body: a retry of the same order (after a lost answer) sends the
 * same key, so the server answers with the first save instead of placing a second order; a
 * changed order is a new attempt with a new key.
 */
export interface SubmitOrderOptions {
  today: string;
  /** 'No' to the far-date question goes back to step 1. */
  onBackToStart: () => void;
  /** The customer chose to move the order to the new earliest date after a cutoff passed. */
  onMoveDate: (date: string) => void;
  /** The form's autosave: held while the order is sent, ended once it is placed (decision 041). */
  autosave?: Pick<DraftAutosave, 'hold' | 'refused' | 'resume' | 'finish'>;
  /**
   * Staff ordering for a customer (design.md 7.5): the confirmation names the customer, and OK
   * goes to `doneTo` (the customer's orders in /maint) instead of the customer's order home.
   */
  staff?: { customerLabel: string; doneTo: string };
  /**
   * A change of placed order `orderId` (design.md 7.10): sent with PUT Order/{id}, confirmed as
   * changed, and OK (or a refusal because it can no longer be changed) goes to its detail.
   */
  change?: { orderId: number; doneTo: string };
}

/** The new earliest date when the server refused the delivery date because a cutoff passed meanwhile. */
function movedEarliestDate(error: unknown): string | null {
  if (!isApiError(error, 422)) return null;
  const parsed = OrderSaveResponseSchema.safeParse(error.Body);
  return parsed.success ? (parsed.data.EarliestDeliveryDate ?? null) : null;
}

/**
 * The cutoff passed while the customer was on the preview: say what the earliest date is now
 * and move the order to it in one tap (they then check the preview and Submit again).
 */
function offerEarliestDate(order: OrderInput, earliest: string): Promise<boolean> {
  return showConfirmDialog({
    title: ORDER_ERROR_TITLE,
    persistent: true,
    message: (
      <Stack gap={4}>
        <Text>
          The ordering cutoff for {formatWeekdayDate(order.DeliveryDate)} has passed (Delivery Date violates
          Lead Time).
        </Text>
        <Text>
          The earliest delivery date is now <strong>{formatWeekdayDate(earliest)}</strong>.
        </Text>
      </Stack>
    ),
    yesLabel: `Move to ${formatWeekdayDate(earliest)}`,
    noLabel: 'Keep editing',
  });
}

/** Said with the no-connection message when POST Order got no answer. */
export const NOT_SENT_TWICE =
  'Your order may already be placed. It is kept on this screen: Retry sends it again, and it is never placed twice.';

/**
 * No answer to POST Order (design.md 7.9), or a proxy's error page in its place (issue 44):
 * the order may or may not have been saved. Everything
 * stays on the form, and Retry sends the same order with the same Idempotency-Key, so the
 * server answers with the first save if there was one instead of placing a second order.
 */
function offerRetry(): Promise<boolean> {
  return showConfirmDialog({
    title: ORDER_ERROR_TITLE,
    persistent: true,
    message: (
      <Stack gap={4}>
        <Text>{NO_CONNECTION_MESSAGE}</Text>
        <Text>{NOT_SENT_TWICE}</Text>
      </Stack>
    ),
    yesLabel: 'Retry',
    noLabel: 'Close',
    kind: MessageKind.Error,
  });
}

function confirmationText(staff: SubmitOrderOptions['staff'], changed: boolean): string {
  if (changed)
    return staff ? `The order for ${staff.customerLabel} has been changed.` : 'Your order has been changed.';
  return staff
    ? `The order for ${staff.customerLabel} has been submitted.`
    : 'Thank you. Your order has been submitted.';
}

export function useSubmitOrder({
  today,
  onBackToStart,
  onMoveDate,
  autosave,
  staff,
  change,
}: SubmitOrderOptions) {
  const navigate = useNavigate();
  const session = useSession().data;
  const placeOrder = usePlaceOrder();
  const changeOrder = useChangeOrder();
  const pending = placeOrder.isPending || changeOrder.isPending;
  const attempt = useRef<{ body: string; key: string } | null>(null);

  const keyFor = (order: OrderInput): string => {
    const body = JSON.stringify(order);
    if (attempt.current?.body !== body) attempt.current = { body, key: newIdempotencyKey() };
    return attempt.current.key;
  };

  const submit = async (order: OrderInput) => {
    if (pending) return;
    if (needsFarDateConfirmation(order.DeliveryDate, today)) {
      const yes = await showConfirmDialog({
        title: 'Delivery Date',
        message: farDateMessage(order.DeliveryDate),
      });
      if (!yes) {
        onBackToStart();
        return;
      }
    }
    await send(order);
  };

  const send = async (order: OrderInput): Promise<void> => {
    // The order goes from the draft as this form last saved it: once another tab or device
    // changed, sent or discarded it, the server refuses it (decision 061) and the form says so.
    const held = autosave ? await autosave.hold() : { base: null };
    if (!held) return;
    // No network (issue 39): a customer's new order waits on the device, and goes by itself.
    const owner = deviceKeyOf(session);
    if (!onlineManager.isOnline() && !change && !staff && owner && session?.Customer) {
      await queueOrder(
        queued({ key: keyFor(order), owner, customerId: session.Customer.Id, order, now: Date.now() }),
      );
      void askForBackgroundSync();
      attempt.current = null;
      await autosave?.finish();
      await showSystemDialog({
        kind: MessageKind.Information,
        title: WAITING_TITLE,
        persistent: true,
        message: WAITING_TEXT,
      });
      void navigate(paths.orderHome);
      return;
    }
    let orderNum: string;
    try {
      const answer = change
        ? await changeOrder.mutateAsync({ orderId: change.orderId, order })
        : await placeOrder.mutateAsync({
            order: held.base ? { ...order, BaseSavedAt: held.base } : order,
            idempotencyKey: keyFor(order),
          });
      if (!answer.IsSuccessful || !answer.OrderNum)
        throw new ApiError(422, answer.ErrorMessage ?? NO_CONNECTION_MESSAGE);
      orderNum = answer.OrderNum;
    } catch (error) {
      if (autosave?.refused(error)) return;
      if (error instanceof ApiError && error.unanswered) {
        // The order may have been placed and its draft ended: nothing is saved while the
        // customer chooses (a save would be told the draft was sent, decision 061). Retry gets
        // the first answer if it was; Close goes on saving.
        if (await offerRetry()) await send(order);
        else autosave?.resume();
        return;
      }
      autosave?.resume();
      // A 401 sends the customer to the login (the query client's general path); nothing to add.
      if (isApiError(error, 401)) return;
      const earliest = movedEarliestDate(error);
      if (earliest && earliest !== order.DeliveryDate) {
        if (await offerEarliestDate(order, earliest)) onMoveDate(earliest);
        return;
      }
      await showErrorDialog({
        title: ORDER_ERROR_TITLE,
        message: error instanceof ApiError ? error.ErrorMessage : NO_CONNECTION_MESSAGE,
      });
      // The cutoff passed or the distributor has the order: the detail shows it as it stands.
      if (change && isNoLongerChangeable(error)) void navigate(change.doneTo);
      return;
    }
    attempt.current = null;
    void autosave?.finish();
    await showSystemDialog({
      kind: MessageKind.Information,
      title: ORDER_CONFIRMATION_TITLE,
      persistent: true,
      message: (
        <Stack gap={4}>
          <Text>{confirmationText(staff, change !== undefined)}</Text>
          <Text>
            Web Conf #:{' '}
            <Text span fw={700} data-testid="web-conf-number">
              {orderNum}
            </Text>
          </Text>
        </Stack>
      ),
    });
    void navigate(change?.doneTo ?? staff?.doneTo ?? paths.orderHome);
  };

  return { submit, isSubmitting: pending };
}
