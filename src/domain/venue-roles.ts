/**
 * Who may do what at a venue (design.md 8.2, decision 068). A person acts for a customer with
 * one of three roles; the shared sign-in (customer number and zip code) acts as an Orderer;
 * staff may do everything. The server checks every customer route against this table, and the
 * screens read it to hide what the caller may not do.
 */
export const VENUE_ROLES = ['Owner', 'Orderer', 'Counter'] as const;
export type VenueRole = (typeof VENUE_ROLES)[number];

/** The shared sign-in's role: it places orders, as the spec has it, but manages nobody. */
export const SHARED_SIGN_IN_ROLE: VenueRole = 'Orderer';

/**
 * What a call does at a venue:
 * - `view`: reads the venue's orders, guide, messages and calendar, and the caller's own sessions;
 * - `draft`: counts, pars and the draft (a Counter's work);
 * - `order`: places, changes and cancels orders;
 * - `people`: invites, changes and removes people, and turns the shared sign-in off or on.
 */
export type VenueAction = 'view' | 'draft' | 'order' | 'people';

const allowed: Record<VenueRole, readonly VenueAction[]> = {
  Owner: ['view', 'draft', 'order', 'people'],
  Orderer: ['view', 'draft', 'order'],
  Counter: ['view', 'draft'],
};

export const venueRoleMay = (role: VenueRole, action: VenueAction): boolean => allowed[role].includes(action);

/** The 403 of a role that may not, naming what it can do instead. */
export const venueRoleMessages: Record<Exclude<VenueAction, 'view'>, string> = {
  draft: 'Your role at this venue cannot change its counts or draft',
  order: 'A Counter prepares the draft: an Orderer or the Owner sends it',
  people: "Only the venue's Owner can manage its people and sign-in",
};

/**
 * Every API route (under /api/v1) that a venue's caller may reach, with what it does. Staff
 * routes are not here: customers get 403 there by role. A customer route missing from this
 * table answers 403 to every venue caller, so a new route cannot ship open by mistake (the
 * permission matrix test lists every route).
 */
export const VENUE_ROUTES: Readonly<Record<string, VenueAction>> = {
  'POST /Logout/Everywhere': 'view',
  'GET /Sessions': 'view',
  'DELETE /Session/:id': 'view',
  'POST /Session/Venue': 'view',
  // A person's own passkeys (decision 069): any role; the shared sign-in gets the route's 403.
  'POST /Passkey/Options': 'view',
  'POST /Passkey': 'view',
  'GET /Passkeys': 'view',
  'DELETE /Passkey/:id': 'view',
  'GET /Customer/:id': 'view',
  'GET /CustomerTypes': 'view',
  'GET /DisplayMessages/:customerTypeId': 'view',
  'GET /Holidays': 'view',
  'GET /Customer/:id/DeliveryDates': 'view',
  'GET /Customer/:id/OrderGuide': 'view',
  // Reads a message into lines and saves nothing: every role, as the guide (design.md 8.7).
  'POST /Customer/:id/QuickOrder': 'view',
  'GET /Customer/:id/Draft': 'view',
  'GET /Order/:id': 'view',
  'GET /Orders/:companyId': 'view',
  'GET /Order/:customerId/Last': 'view',
  'GET /Order/:id/Worksheet': 'view',
  'POST /Order/Copy': 'view',
  // What the orders cost, as their estimates are (design.md 8.4): every role reads them.
  'GET /Customer/:id/Invoices': 'view',
  'GET /Invoice/:id': 'view',
  'PUT /Customer/:id/Pars': 'draft',
  'PUT /Customer/:id/Draft': 'draft',
  'DELETE /Customer/:id/Draft': 'draft',
  'POST /Order': 'order',
  // Standing orders (design.md 8.6): kept by those who order, read by every role.
  'GET /Customer/:id/StandingOrders': 'view',
  'POST /Customer/:id/StandingOrders': 'order',
  'PUT /StandingOrder/:id': 'order',
  'DELETE /StandingOrder/:id': 'order',
  'POST /StandingOrder/:id/Skip': 'order',
  'PUT /Order/:id': 'order',
  'POST /Order/:id/Cancel': 'order',
  // What the distributor may send instead decides a delivery, as the order does (design.md 8.3).
  'PUT /Customer/:id/Substitutions': 'order',
  'GET /Customer/:id/People': 'people',
  'POST /Customer/:id/People': 'people',
  'PUT /Customer/:id/People/:personId': 'people',
  'DELETE /Customer/:id/People/:personId': 'people',
  'PUT /Customer/:id/SharedSignIn': 'people',
};

/** Who calls: nobody, staff, or someone at a venue with a role (the shared sign-in is an Orderer). */
export type VenueCaller = { kind: 'nobody' } | { kind: 'staff' } | { kind: 'venue'; role: VenueRole };

/** What the server answers before the route's own rules: go on, 401 or 403 with its message. */
export type VenueVerdict =
  | { ok: true }
  | { ok: false; status: 401 }
  | { ok: false; status: 403; message: string };

export function venueVerdict(caller: VenueCaller, route: string): VenueVerdict {
  if (caller.kind === 'nobody') return { ok: false, status: 401 };
  if (caller.kind === 'staff') return { ok: true };
  const action = VENUE_ROUTES[route];
  if (!action) return { ok: false, status: 403, message: 'You are not allowed to do this' };
  if (venueRoleMay(caller.role, action)) return { ok: true };
  return { ok: false, status: 403, message: venueRoleMessages[action as Exclude<VenueAction, 'view'>] };
}
