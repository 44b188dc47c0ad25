/**
 * The customer calls the soak and the load bench make, over real sockets: sign-in, the five
 * reads of the soak's mix (and the order guide, which the load bench adds), and POST Order
 * with its own Idempotency-Key. Customers are the orders bench's (bench/orders/bench-data.ts).
 */
import { randomUUID } from 'node:crypto';
import type http from 'node:http';
import { request, type SocketAnswer } from '#support/socket-client.js';
import { BENCH, firstCompanyId } from '../orders/bench-data.js';

export interface Customer {
  cookie: string;
  customerId: number;
  companyId: number;
  /** Orders of the customer's history, for GET Order. */
  orderIds: number[];
}

/** A request of the benches: over a customer's kept connection, given up after 30 s. */
export function send(agent: http.Agent, base: string, call: Call): Promise<SocketAnswer> {
  const { method, urlPath, headers, body } = call;
  return request(`${base}${urlPath}`, { agent, method, headers, body, timeoutMs: 30_000 });
}

/** The orders bench's zip codes: 60000 + (n % 900) for the n-th customer. */
const zipOf = (companyId: number) => 60000 + ((companyId - firstCompanyId + 1) % 900);

/**
 * Signs the customer in; their session cookie goes with their requests. Callers sign in one
 * customer after another: a sign-in in flight holds one of its address's 30 attempts until it
 * is answered, and one address may make 120 a minute (decision 021).
 */
export async function signIn(agent: http.Agent, base: string, companyId: number): Promise<Customer> {
  const res = await send(agent, base, {
    method: 'POST',
    urlPath: '/api/v1/Authenticate',
    headers: {},
    body: { CompanyId: companyId, Zipcode: zipOf(companyId) },
  });
  const cookie = res.cookies.find((c) => c.startsWith('bev_session='));
  if (res.status !== 200 || !cookie) throw new Error(`sign-in ${companyId}: ${res.status} ${res.body}`);
  const { Id } = JSON.parse(res.body) as { Id: number };
  return { cookie, customerId: Id, companyId, orderIds: [] };
}

/** Fills `orderIds` with the first 20 orders of the customer's list. */
export async function readOrderIds(agent: http.Agent, base: string, c: Customer): Promise<void> {
  const reply = await send(agent, base, customerCall('GET Orders', c, 0, ''));
  const list = JSON.parse(reply.body) as { Orders: { Id: number }[] };
  c.orderIds = list.Orders.slice(0, 20).map((o) => o.Id);
}

function orderBody(c: Customer, date: string, n: number) {
  // Two of the customer's linked items (bench-data.ts: product (id * 7 + k * 31) % 1500 + 1).
  const code = (k: number) => `P${String(((c.customerId * 7 + k * 31) % BENCH.items) + 1).padStart(5, '0')}`;
  return {
    DeliveryDate: date,
    Name: 'Soak Buyer',
    Phone: '3125550100',
    Email: 'buyer@soak.example.com',
    ProductQuantities: [
      { Code: code(n % 40), CaseQuantity: 1 + (n % 4), UnitQuantity: 0 },
      { Code: code((n + 1) % 40), CaseQuantity: 1, UnitQuantity: 0 },
    ],
  };
}

export type Kind =
  | 'GET Orders'
  | 'GET Order'
  | 'GET Worksheet'
  | 'GET Customer'
  | 'GET DisplayMessages'
  | 'GET OrderGuide'
  | 'POST Order';

/** The soak's ten requests a round: eight reads (five kinds), two orders. */
export const soakRound: readonly Kind[] = [
  'GET Orders',
  'GET Order',
  'POST Order',
  'GET Worksheet',
  'GET Customer',
  'GET Order',
  'GET DisplayMessages',
  'POST Order',
  'GET Orders',
  'GET Order',
];

export interface Call {
  method: string;
  urlPath: string;
  headers: Record<string, string>;
  /** Sent as JSON. */
  body?: unknown;
}

/** The n-th call of a run, of `kind`, made by `who`; a POST Order carries a key of its own. */
export function customerCall(kind: Kind, who: Customer, n: number, date: string): Call {
  const headers: Record<string, string> = { cookie: who.cookie };
  switch (kind) {
    case 'GET Orders':
      return { method: 'GET', urlPath: `/api/v1/Orders/${who.companyId}`, headers };
    case 'GET Order':
      return { method: 'GET', urlPath: `/api/v1/Order/${who.orderIds[n % who.orderIds.length]}`, headers };
    case 'GET Worksheet':
      return { method: 'GET', urlPath: `/api/v1/Order/${who.customerId}/Worksheet/`, headers };
    case 'GET Customer':
      return { method: 'GET', urlPath: `/api/v1/Customer/${who.customerId}`, headers };
    case 'GET DisplayMessages':
      return { method: 'GET', urlPath: '/api/v1/DisplayMessages/2', headers };
    case 'GET OrderGuide':
      return { method: 'GET', urlPath: `/api/v1/Customer/${who.customerId}/OrderGuide`, headers };
    case 'POST Order':
      headers['idempotency-key'] = randomUUID();
      return { method: 'POST', urlPath: '/api/v1/Order', headers, body: orderBody(who, date, n) };
  }
}
