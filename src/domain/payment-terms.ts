import { z } from 'zod';

/**
 * A customer's payment terms (design.md 8.4): `COD` (cash on delivery, paid to the driver),
 * `EFT` (electronic transfer) or `NET{n}` (credit, the invoice due n days after it). They come
 * from the customers file's optional 7th column and are shown on the order's review. No payment
 * is taken. States cap credit (often at 30 days); the distributor's file follows its own state,
 * so any n from 1 to PAYMENT_NET_DAYS_MAX is taken.
 */
export const PAYMENT_NET_DAYS_MAX = 365;

export const paymentTermsMessage = `Payment Terms must be COD, EFT or NET followed by 1 to ${PAYMENT_NET_DAYS_MAX} days (NET30)`;

const NET = /^NET\s*(\d{1,3})$/;

/**
 * The terms as stored ('COD', 'EFT', 'NET30') for what a file or a form holds, in any case
 * and with a space allowed after NET ('net 30'); null for something else.
 */
export function normalizePaymentTerms(value: string): string | null {
  const v = value.trim().toUpperCase();
  if (v === 'COD' || v === 'EFT') return v;
  const net = NET.exec(v);
  if (!net) return null;
  const days = Number(net[1]);
  return days >= 1 && days <= PAYMENT_NET_DAYS_MAX ? `NET${days}` : null;
}

/** `PaymentTerms` in the API: null when the distributor gave none. */
export const PaymentTermsSchema = z
  .string()
  .max(12)
  .transform((v, ctx) => {
    const terms = normalizePaymentTerms(v);
    if (terms === null) {
      ctx.addIssue({ code: 'custom', message: paymentTermsMessage });
      return z.NEVER;
    }
    return terms;
  });

/** "COD, pay the driver on delivery": what the review says after "Payment:". */
export function paymentTermsText(terms: string): string {
  if (terms === 'COD') return 'COD, pay the driver on delivery';
  if (terms === 'EFT') return 'EFT, paid by bank transfer on delivery';
  const days = Number(NET.exec(terms)?.[1]);
  return `Net ${days}, the invoice is due ${days === 1 ? '1 day' : `${days} days`} after it is issued`;
}
