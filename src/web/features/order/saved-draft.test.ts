import { describe, expect, it } from 'vitest';
import { emptyHeader } from './order-draft';
import { draftFromForm, draftOfferText, formFromDraft } from './saved-draft';

describe('the form as a draft', () => {
  it('round-trips the form exactly, half-typed boxes, substitution choices and step included; empty boxes are left out', () => {
    const form = {
      header: { ...emptyHeader, DeliveryDate: '2026-11-27', Name: 'Pat', Phone: '31255', Email: 'pat@' },
      drafts: {
        'BR-1105': { CaseQuantity: '1.', UnitQuantity: '' },
        'BR-1182': { CaseQuantity: 3, UnitQuantity: '' },
        'SP-1383': { CaseQuantity: '', UnitQuantity: '' },
      },
      substitutions: { 'BR-1182': 'Never', 'SP-1383': 'CallMe' } as const,
      step: 1,
    };
    const draft = draftFromForm(form);
    expect(draft.ProductQuantities).toEqual([
      { Code: 'BR-1105', CaseQuantity: '1.', UnitQuantity: '' },
      { Code: 'BR-1182', CaseQuantity: 3, UnitQuantity: '', Substitution: 'Never' },
    ]);
    const back = formFromDraft(draft);
    expect(back).toEqual({
      ...form,
      drafts: { 'BR-1105': form.drafts['BR-1105'], 'BR-1182': form.drafts['BR-1182'] },
      // A line without a quantity is not in the draft, nor is its choice.
      substitutions: { 'BR-1182': 'Never' },
    });
  });

  it('has no date when none was chosen', () => {
    const draft = draftFromForm({ header: emptyHeader, drafts: {}, step: 0 });
    expect(draft.DeliveryDate).toBeUndefined();
    expect(formFromDraft(draft).header.DeliveryDate).toBeNull();
  });

  it("says the date and the products with a quantity above 0 ('1.' is not one yet)", () => {
    const lines = [
      { Code: 'A', CaseQuantity: '1.' },
      { Code: 'B', CaseQuantity: 2 },
      { Code: 'C', UnitQuantity: '6' },
    ];
    expect(draftOfferText({ DeliveryDate: '2026-11-27', ProductQuantities: lines })).toBe(
      'You have an unsent order for Fri 11/27/2026 with 2 products',
    );
    expect(draftOfferText({ ProductQuantities: lines.slice(0, 2) })).toBe(
      'You have an unsent order with no delivery date yet and 1 product',
    );
    expect(draftOfferText({ Name: 'Pat' })).toBe(
      'You have an unsent order with no delivery date yet and no products yet',
    );
  });
});
