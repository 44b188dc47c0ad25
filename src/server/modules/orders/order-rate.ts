import type { FastifyRequest } from 'fastify';
import { HttpError } from '../../lib/http-error.js';

/**
 * Orders a customer may place, change or cancel a minute, one count for the three (each
 * writes the ERP's file and sends a mail; issue 32), counted per customer (not per address: many bars sit
 * behind one mobile carrier), in Redis with REDIS_URL so every process shares the count. Staff
 * ordering for customers (design.md 7.5) are counted per staff user, at the same limit
 * (decision 044): one person on the phone places one order in minutes. A
 * busy bar places a few a day; four scripted sessions placed 3,308 in 5 s (issue 15, item 10),
 * each an ERP file and a mail. Load tests and benches raise it (`buildApp`'s `ordersPerMinute`,
 * ORDERS_PER_MINUTE for the test server process).
 */
export const ORDERS_PER_MINUTE = 30;

export const orderRateMessage = (max: number, seconds: number) =>
  `Too many orders: at most ${max} a minute for one customer. Please try again in ${seconds} seconds.`;

/** @fastify/rate-limit's options for POST Order, PUT Order/{id} and POST Order/{id}/Cancel. */
export function orderRateLimitFor(max: number) {
  return {
    max,
    timeWindow: 60_000,
    // After the guard, so only a signed-in customer or admin gets here.
    keyGenerator: (request: FastifyRequest) => {
      const principal = request.session.get('principal');
      if (principal?.role === 'customer') return `order:customer:${principal.customerId}`;
      if (principal?.role === 'admin') return `order:admin:${principal.userId}`;
      return `order:ip:${request.ip}`;
    },
    errorResponseBuilder: (_request: FastifyRequest, ctx: { ttl: number }) =>
      new HttpError(429, orderRateMessage(max, Math.max(1, Math.ceil(ctx.ttl / 1000)))),
  };
}
