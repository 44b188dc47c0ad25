import { describe, expect, it } from 'vitest';
import { VENUE_ROUTES, type VenueCaller, venueRoleMessages, venueVerdict } from './venue-roles';

/**
 * The roles matrix (design.md 8.2, decision 068), written out by hand route by route: who may
 * call each customer route. The server checks every call against the table in venue-roles.ts;
 * this test is the second, independent statement of what that table must say.
 */
const callers: Record<string, VenueCaller> = {
  Owner: { kind: 'venue', role: 'Owner' },
  Orderer: { kind: 'venue', role: 'Orderer' },
  Counter: { kind: 'venue', role: 'Counter' },
  'shared sign-in': { kind: 'venue', role: 'Orderer' },
  staff: { kind: 'staff' },
  nobody: { kind: 'nobody' },
};

const everyone = ['Owner', 'Orderer', 'Counter', 'shared sign-in', 'staff'];
const orderers = ['Owner', 'Orderer', 'shared sign-in', 'staff'];
const owners = ['Owner', 'staff'];

/** Route: the callers let through. Everyone else: 403, and nobody 401. */
const expected: Record<string, string[]> = {
  'POST /Logout/Everywhere': everyone,
  'GET /Sessions': everyone,
  'DELETE /Session/:id': everyone,
  'POST /Session/Venue': everyone,
  // A person's own passkeys, whatever their role (the shared sign-in then gets the route's 403).
  'POST /Passkey/Options': everyone,
  'POST /Passkey': everyone,
  'GET /Passkeys': everyone,
  'DELETE /Passkey/:id': everyone,
  'GET /Customer/:id': everyone,
  'GET /CustomerTypes': everyone,
  'GET /DisplayMessages/:customerTypeId': everyone,
  'GET /Holidays': everyone,
  'GET /Customer/:id/DeliveryDates': everyone,
  'GET /Customer/:id/OrderGuide': everyone,
  'POST /Customer/:id/QuickOrder': everyone,
  'GET /Customer/:id/Draft': everyone,
  'GET /Order/:id': everyone,
  'GET /Orders/:companyId': everyone,
  'GET /Order/:customerId/Last': everyone,
  'GET /Order/:id/Worksheet': everyone,
  'POST /Order/Copy': everyone,
  'GET /Customer/:id/Invoices': everyone,
  'GET /Invoice/:id': everyone,
  // A Counter counts, sets pars and prepares the draft...
  'PUT /Customer/:id/Pars': everyone,
  'PUT /Customer/:id/Draft': everyone,
  'DELETE /Customer/:id/Draft': everyone,
  // ...but does not send, change or cancel an order.
  'POST /Order': orderers,
  'PUT /Order/:id': orderers,
  'POST /Order/:id/Cancel': orderers,
  // Standing orders (design.md 8.6): every role reads them, those who order keep them.
  'GET /Customer/:id/StandingOrders': everyone,
  'POST /Customer/:id/StandingOrders': orderers,
  'PUT /StandingOrder/:id': orderers,
  'DELETE /StandingOrder/:id': orderers,
  'POST /StandingOrder/:id/Skip': orderers,
  // What may be sent instead decides a delivery, as the order does.
  'PUT /Customer/:id/Substitutions': orderers,
  // The venue's people and its shared sign-in: its Owner and staff.
  'GET /Customer/:id/People': owners,
  'POST /Customer/:id/People': owners,
  'PUT /Customer/:id/People/:personId': owners,
  'DELETE /Customer/:id/People/:personId': owners,
  'PUT /Customer/:id/SharedSignIn': owners,
};

describe('the roles matrix', () => {
  it('covers the same routes as the table the server reads', () => {
    expect(Object.keys(VENUE_ROUTES).sort()).toEqual(Object.keys(expected).sort());
  });

  for (const [route, allowed] of Object.entries(expected))
    for (const [name, caller] of Object.entries(callers))
      it(`${route} × ${name}`, () => {
        const verdict = venueVerdict(caller, route);
        if (name === 'nobody') expect(verdict).toEqual({ ok: false, status: 401 });
        else if (allowed.includes(name)) expect(verdict).toEqual({ ok: true });
        else expect(verdict).toMatchObject({ ok: false, status: 403 });
      });

  it('names what the role may not do', () => {
    expect(venueVerdict(callers.Counter!, 'POST /Order')).toEqual({
      ok: false,
      status: 403,
      message: 'A Counter prepares the draft: an Orderer or the Owner sends it',
    });
    expect(venueVerdict(callers.Orderer!, 'PUT /Customer/:id/SharedSignIn')).toEqual({
      ok: false,
      status: 403,
      message: venueRoleMessages.people,
    });
  });

  it('refuses a customer route missing from the table, whatever the role: a new route is closed until listed', () => {
    for (const role of ['Owner', 'Orderer', 'Counter'] as const)
      expect(venueVerdict({ kind: 'venue', role }, 'GET /Customer/:id/Secrets')).toMatchObject({
        status: 403,
      });
    expect(venueVerdict({ kind: 'staff' }, 'GET /Customer/:id/Secrets')).toEqual({ ok: true });
  });
});
