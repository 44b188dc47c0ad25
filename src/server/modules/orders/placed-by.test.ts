import { describe, expect, it } from 'vitest';
import { placedBy, SHARED_SIGN_IN, STANDING_ORDER } from './placed-by.js';

describe('placedBy (design.md 8.2)', () => {
  it("names the shared sign-in for a customer's own web order", () => {
    expect(SHARED_SIGN_IN).toBe('Shared sign-in');
    expect(placedBy({ source: 'web', orderType: 'WEB', enteredBy: null, personName: null })).toBe(
      'Shared sign-in',
    );
  });

  it('names the staff user who entered a staff order', () => {
    expect(placedBy({ source: 'web', orderType: 'WEB', enteredBy: 'admin', personName: null })).toBe('admin');
    expect(placedBy({ source: 'web', orderType: 'WEB', enteredBy: 'Dana.K', personName: null })).toBe(
      'Dana.K',
    );
  });

  it('names the person who placed it with their own sign-in (decision 068)', () => {
    expect(placedBy({ source: 'web', orderType: 'WEB', enteredBy: null, personName: 'Ann Lee' })).toBe(
      'Ann Lee',
    );
    // Staff entering an order name themselves, whoever else the order names.
    expect(placedBy({ source: 'web', orderType: 'WEB', enteredBy: 'admin', personName: 'Ann Lee' })).toBe(
      'admin',
    );
  });

  it('says Standing order for one a standing order placed (design.md 8.6), whatever else it names', () => {
    expect(STANDING_ORDER).toBe('Standing order');
    expect(placedBy({ source: 'web', orderType: 'STANDING', enteredBy: null, personName: null })).toBe(
      'Standing order',
    );
  });

  it("is null for the ERP's order history: not placed on this site", () => {
    expect(placedBy({ source: 'import', orderType: 'REG', enteredBy: null, personName: null })).toBeNull();
  });
});
