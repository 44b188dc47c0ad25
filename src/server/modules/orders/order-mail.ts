import { eq } from 'drizzle-orm';
import type { OrderDetail } from '../../../domain/order-view.schema.js';
import { formatPhone } from '../../../domain/phone.js';
import type { DbOrTx } from '../../db/client.js';
import { orders } from '../../db/schema.js';
import type { Mailer } from '../../lib/mailer.js';
import { erpDate } from './order-export.js';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The confirmation mail (design.md 5.6): Web Conf #, delivery date and the lines. */
export function confirmationMail(order: OrderDetail) {
  const lines = order.Products.map(
    (p) =>
      `${p.Code.padEnd(12)} ${p.Description.padEnd(40)} ${String(p.CaseQuantity).padStart(5)} cases ${String(p.UnitQuantity).padStart(5)} units`,
  );
  const text = [
    `Thank you for your order, ${order.Name}.`,
    '',
    `Web Conf #: ${order.OrderNum}`,
    `Customer: ${order.CompanyId} ${order.CompanyName}`,
    `Delivery Date: ${erpDate(order.DeliveryDate)}`,
    ...(order.ReferencePO ? [`Reference PO: ${order.ReferencePO}`] : []),
    `Phone: ${formatPhone(order.Phone)}`,
    '',
    ...lines,
    '',
    'Please keep this number for any question about the order.',
  ].join('\n');
  const rows = order.Products.map(
    (p) =>
      `<tr><td>${escapeHtml(p.Code)}</td><td>${escapeHtml(p.Description)}</td><td align="right">${p.UnitsPerCase}</td><td align="right">${p.CaseQuantity}</td><td align="right">${p.UnitQuantity}</td></tr>`,
  ).join('');
  const html = `<p>Thank you for your order, ${escapeHtml(order.Name)}.</p>
<p><strong>Web Conf #: ${escapeHtml(order.OrderNum)}</strong><br>Customer: ${order.CompanyId} ${escapeHtml(order.CompanyName)}<br>Delivery Date: ${erpDate(order.DeliveryDate)}${order.ReferencePO ? `<br>Reference PO: ${escapeHtml(order.ReferencePO)}` : ''}</p>
<table border="1" cellpadding="4" cellspacing="0"><tr><th>Product Code</th><th>Description</th><th>Units/Case</th><th>Cases</th><th>Units</th></tr>${rows}</table>`;
  return {
    to: order.Email,
    subject: `Order confirmation ${order.OrderNum}`,
    text,
    html,
    fileName: order.OrderNum,
  };
}

export async function sendConfirmation(db: DbOrTx, mailer: Mailer, order: OrderDetail, now: Date) {
  await mailer.send(confirmationMail(order));
  await db.update(orders).set({ mailedAt: now }).where(eq(orders.id, order.Id));
}
