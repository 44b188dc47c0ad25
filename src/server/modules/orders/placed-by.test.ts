import { describe, expect, it } from 'vitest';
import { placedBy, SHARED_SIGN_IN } from './placed-by.js';

describe('placedBy (design.md 8.2)', () => {
  it("names the shared sign-in for a customer's own web order", () => {
    expect(SHARED_SIGN_IN).toBe('Shared sign-in');
    expect(placedBy({ source: 'web', enteredBy: null, personName: null })).toBe('Shared sign-in');
  });

  it('names the staff user who entered a staff order', () => {
    expect(placedBy({ source: 'web', enteredBy: 'admin', personName: null })).toBe('admin');
    expect(placedBy({ source: 'web', enteredBy: 'Dana.K', personName: null })).toBe('Dana.K');
  });

  it('names the person who placed it with their own sign-in (decision 068)', () => {
    expect(placedBy({ source: 'web', enteredBy: null, personName: 'Ann Lee' })).toBe('Ann Lee');
    // Staff entering an order name themselves, whoever else the order names.
    expect(placedBy({ source: 'web', enteredBy: 'admin', personName: 'Ann Lee' })).toBe('admin');
  });

  it("is null for the ERP's order history: not placed on this site", () => {
    expect(placedBy({ source: 'import', enteredBy: null, personName: null })).toBeNull();
  });
});
