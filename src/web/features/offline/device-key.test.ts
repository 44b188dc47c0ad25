import { describe, expect, it } from 'vitest';
import type { Session } from '../../../domain/auth.schema';
import { deviceKeyOf, isKeptQuery } from './device-key';

const customer = {
  Id: 7,
  CompanyId: 1001,
  CustomerTypeId: 1,
  Name: 'Blue Heron',
  Zipcode: 60601,
  IsActive: true,
};
const shared: Session = {
  Role: 'customer',
  Customer: customer,
  User: null,
  Person: null,
  VenueRole: 'Orderer',
  Venues: [],
};

describe('deviceKeyOf', () => {
  it('keys the shared sign-in by its venue, a person by person and venue', () => {
    expect(deviceKeyOf(shared)).toBe('shared@7');
    const person = { ...shared, Person: { Id: 3, Name: 'Ann', Email: 'ann@example.com' } };
    expect(deviceKeyOf(person)).toBe('person:3@7');
    expect(deviceKeyOf({ ...person, Customer: { ...customer, Id: 8 } })).toBe('person:3@8');
  });

  it('keeps nothing for staff or no one', () => {
    expect(deviceKeyOf(undefined)).toBeNull();
    expect(deviceKeyOf({ ...shared, Role: null, Customer: null })).toBeNull();
    expect(deviceKeyOf({ ...shared, Role: 'admin', Customer: null })).toBeNull();
  });
});

describe('isKeptQuery', () => {
  it("keeps the venue's guide, customer, draft, dates and orders, not staff data", () => {
    expect(isKeptQuery(['orderGuide', 7, '2026-12-01'])).toBe(true);
    expect(isKeptQuery(['customers', 'detail', 7])).toBe(true);
    expect(isKeptQuery(['draft', 7])).toBe(true);
    expect(isKeptQuery(['session'])).toBe(true);
    expect(isKeptQuery(['dashboard'])).toBe(false);
    expect(isKeptQuery(['audit', 'list', {}])).toBe(false);
    expect(isKeptQuery(['people', 7])).toBe(false);
  });
});
