import { describe, expect, it } from 'vitest';
import {
  normalizePaymentTerms,
  PaymentTermsSchema,
  paymentTermsMessage,
  paymentTermsText,
} from './payment-terms';

describe('payment terms (design.md 8.4)', () => {
  it('takes COD, EFT and NET{n} in any case, a space allowed after NET, and stores them in one form', () => {
    expect(normalizePaymentTerms('cod')).toBe('COD');
    expect(normalizePaymentTerms(' EFT ')).toBe('EFT');
    expect(normalizePaymentTerms('net30')).toBe('NET30');
    expect(normalizePaymentTerms('Net 15')).toBe('NET15');
    expect(normalizePaymentTerms('NET007')).toBe('NET7');
  });

  it('refuses anything else, and NET outside 1 to 365 days', () => {
    for (const bad of ['', 'CASH', 'NET', 'NET0', 'NET366', 'NET-5', 'NET 1.5', 'COD30', '30'])
      expect(normalizePaymentTerms(bad), bad).toBeNull();
    expect(normalizePaymentTerms('NET1')).toBe('NET1');
    expect(normalizePaymentTerms('NET365')).toBe('NET365');
    const refused = PaymentTermsSchema.safeParse('CASH');
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe(paymentTermsMessage);
    expect(PaymentTermsSchema.parse('net 30')).toBe('NET30');
  });

  it("says what each means on the review (design.md 8.4's words for COD)", () => {
    expect(paymentTermsText('COD')).toBe('COD, pay the driver on delivery');
    expect(paymentTermsText('EFT')).toBe('EFT, paid by bank transfer on delivery');
    expect(paymentTermsText('NET30')).toBe('Net 30, the invoice is due 30 days after it is issued');
    expect(paymentTermsText('NET1')).toBe('Net 1, the invoice is due 1 day after it is issued');
  });
});
