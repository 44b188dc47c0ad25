import { formatCompanyId } from '../../../domain/company-id.js';
import { OrderStatus } from '../../../domain/enums.js';
import { estimateSentences, moneyOrOnInvoice } from '../../../domain/order-estimate.js';
import type { OrderDetail } from '../../../domain/order-view.schema.js';
import { paymentTermsText } from '../../../domain/payment-terms.js';
import { formatPhone } from '../../../domain/phone.js';
import type { DbOrTx } from '../../db/client.js';
import { erpDate } from '../orders/order-export.js';
import { withEstimate } from '../orders/order-prices.js';
import { type ClaimedMail, claimOwnVersion, markMailed, recordMailFailure } from './mail-retry.service.js';
import type { Mailer } from './mailer.js';

/** What sending a confirmation needs: the database and the mailer. */
export interface MailDeps {
  db: DbOrTx;
  mailer: Mailer;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * The confirmation mail (design.md 5.6): Web Conf #, delivery date and the lines, with the
 * estimate and the customer's payment terms (8.4). Its
 * Message-ID is the order's own (`order-<Web Conf #>.confirmation@<MAIL_FROM's domain>`), so
 * the copy a retry sends after a crash (decision 016) collapses with the first in mail
 * clients; a resend staff ask for gets a new one, since they mean it to arrive.
 */
export function confirmationMail(order: OrderDetail, opts: { staffResend?: boolean } = {}) {
  const mark = changeMark(order);
  const cancelled = mark?.word === 'Cancelled';
  // The estimate (design.md 8.4) with a price on each line, while anything of the order is priced;
  // a cancelled order costs nothing.
  const priced = !cancelled && order.EstimatedTotal !== null;
  const terms = !cancelled && order.PaymentTerms ? `Payment: ${paymentTermsText(order.PaymentTerms)}` : null;
  const estimate = cancelled ? [] : estimateSentences(order);
  const lines = order.Products.map(
    (p) =>
      `${p.Code.padEnd(12)} ${p.Description.padEnd(40)} ${String(p.CaseQuantity).padStart(5)} cases ${String(p.UnitQuantity).padStart(5)} units${priced ? ` ${moneyOrOnInvoice(p.LineTotal).padStart(16)}` : ''}`,
  );
  const text = [
    ...(mark ? [mark.sentence, ''] : []),
    // A cancelled order's mail thanks nobody for it.
    ...(cancelled ? [] : [`Thank you for your order, ${order.Name}.`, '']),
    `Web Conf #: ${order.OrderNum}`,
    `Customer: ${formatCompanyId(order.CompanyId)} ${order.CompanyName}`,
    `Delivery Date: ${erpDate(order.DeliveryDate)}`,
    ...(order.ReferencePO ? [`Reference PO: ${order.ReferencePO}`] : []),
    `Phone: ${formatPhone(order.Phone)}`,
    '',
    ...lines,
    '',
    ...(estimate.length > 0 ? [...estimate, ''] : []),
    ...(terms ? [terms, ''] : []),
    'Please keep this number for any question about the order.',
  ].join('\n');
  const priceCells = (p: OrderDetail['Products'][number]) =>
    priced
      ? `<td align="right">${escapeHtml(moneyOrOnInvoice(p.CasePrice))}</td><td align="right">${p.CasePrice == null ? '' : escapeHtml(moneyOrOnInvoice(p.LineTotal))}</td>`
      : '';
  const rows = order.Products.map(
    (p) =>
      `<tr><td>${escapeHtml(p.Code)}</td><td>${escapeHtml(p.Description)}</td><td align="right">${p.UnitsPerCase}</td><td align="right">${p.CaseQuantity}</td><td align="right">${p.UnitQuantity}</td>${priceCells(p)}</tr>`,
  ).join('');
  const thanks = cancelled ? '' : `<p>Thank you for your order, ${escapeHtml(order.Name)}.</p>`;
  const after = [
    ...(estimate.length > 0 ? [`<p>${estimate.map(escapeHtml).join('<br>')}</p>`] : []),
    ...(terms ? [`<p>${escapeHtml(terms)}</p>`] : []),
  ].join('\n');
  const html = `${mark ? `<p><strong>${escapeHtml(mark.sentence)}</strong></p>\n` : ''}${thanks}
<p><strong>Web Conf #: ${escapeHtml(order.OrderNum)}</strong><br>Customer: ${formatCompanyId(order.CompanyId)} ${escapeHtml(order.CompanyName)}<br>Delivery Date: ${erpDate(order.DeliveryDate)}${order.ReferencePO ? `<br>Reference PO: ${escapeHtml(order.ReferencePO)}` : ''}<br>Phone: ${escapeHtml(formatPhone(order.Phone))}</p>
<table border="1" cellpadding="4" cellspacing="0"><tr><th>Product Code</th><th>Description</th><th>Units/Case</th><th>Cases</th><th>Units</th>${priced ? '<th>Case Price</th><th>Line Total</th>' : ''}</tr>${rows}</table>${after ? `\n${after}` : ''}`;
  return {
    to: order.Email,
    subject: `${mark ? `${mark.word}: ` : ''}Order confirmation ${order.OrderNum}`,
    text,
    html,
    fileName: `${order.OrderNum}${mark ? `.${mark.suffix}` : ''}`,
    messageId: opts.staffResend ? undefined : confirmationMessageId(order.OrderNum, mark?.suffix),
  };
}

/**
 * A changed or cancelled order's mail says so first (design.md 7.10): in the subject, then a
 * sentence at the top; a cancelled one lists what was cancelled. The mark comes from the order
 * as saved, so a retry or a resend sends the same. Each change has a Message-ID of its own
 * (mail clients would fold it into the first confirmation otherwise).
 */
function changeMark(order: OrderDetail): { word: string; sentence: string; suffix: string } | null {
  const date = erpDate(order.DeliveryDate);
  if (order.Status === OrderStatus.Cancelled)
    return {
      word: 'Cancelled',
      sentence: `Your order ${order.OrderNum} for delivery on ${date} was cancelled: nothing below will be delivered. These are the products that were cancelled.`,
      suffix: 'cancelled',
    };
  if (order.ChangedAt === null) {
    // Nobody typed it that day: the mail says a standing order placed it (design.md 8.6).
    if (order.OrderType !== 'STANDING') return null;
    return {
      word: 'Standing order',
      sentence: `Your standing order placed this order for delivery on ${date}. You can change or cancel it until the cutoff, as any order.`,
      suffix: 'standing',
    };
  }
  return {
    word: 'Changed',
    sentence: `Your order ${order.OrderNum} was changed: this is the order as it stands now, for delivery on ${date}.`,
    suffix: `changed-${Date.parse(order.ChangedAt)}`,
  };
}

export const confirmationMessageId = (orderNum: string, changed?: string) =>
  `order-${orderNum.replace(/[^A-Za-z0-9_-]/g, '_')}.${changed ?? 'confirmation'}`;

/**
 * The first attempt, right after the order is placed or changed: the commit saved the order
 * already claimed for it as attempt 1 (decision 016). The claim reads the posted prices of its
 * delivery date, so the mail carries the estimate GET Order/{id} gives. A version superseded before it is sent
 * is not sent: the change that superseded it sends its own. A failure is recorded with when to
 * try again, then thrown for the caller to log.
 */
export async function sendConfirmation(deps: MailDeps, order: OrderDetail, now: Date) {
  const prices = await claimOwnVersion(deps.db, order);
  if (!prices) return;
  const outcome = await deliverConfirmation(
    deps,
    withEstimate(order, prices),
    { id: order.Id, attempt: 1 },
    now,
  );
  if (!outcome.sent) throw outcome.error;
}

export type MailOutcome = { sent: true } | { sent: false; error: unknown; gaveUp: boolean };

/**
 * One attempt at a claimed order: on success the order is marked mailed; on failure the
 * reason and the next attempt are recorded.
 */
export async function deliverConfirmation(
  deps: MailDeps,
  order: OrderDetail,
  claim: ClaimedMail,
  now: Date,
  opts: { staffResend?: boolean } = {},
): Promise<MailOutcome> {
  try {
    await deps.mailer.send(confirmationMail(order, opts));
  } catch (error) {
    const { gaveUp } = await recordMailFailure(deps.db, claim, error, now, order.ChangedAt);
    return { sent: false, error, gaveUp };
  }
  await markMailed(deps.db, order, now);
  return { sent: true };
}
