import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  StandingOrderSaveSchema,
  StandingOrderSchema,
  StandingOrderSkipSchema,
  StandingOrdersRunSchema,
} from '../../../domain/standing-orders.js';
import { adminErrors, errorResponses, idParam, idParams } from '../../lib/route-schemas.js';
import { assertCustomerAccess } from '../../plugins/auth.js';
import { auditActor } from '../audit/audit.js';
import {
  findStandingOrder,
  getStandingOrder,
  listStandingOrders,
  savedByOf,
} from './standing-orders.read.js';
import { deleteStandingOrder, saveStandingOrder, skipDate } from './standing-orders.service.js';
import { runStandingOrderCheck, type StandingDeps } from './standing-orders-check.js';

const tags = ['Standing orders'];

/**
 * Standing orders (design.md 8.6, decision 080): a customer's own, kept by an Owner or Orderer
 * (or the shared sign-in) and read by every role; staff keep any customer's, each write in the
 * audit trail.
 */
export async function standingOrderRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const customerOrAdmin = app.requireRole('customer', 'admin');
  const clock = () => ({ now: app.now(), tz: app.config.businessTz });
  /** Staff's writes are recorded; a customer's are their own. */
  const actorOf = (request: FastifyRequest) =>
    request.principal?.role === 'admin' ? auditActor(request.principal, app.now) : null;
  /**
   * Whose it is is checked before the body's rules (preValidation): another customer's id
   * answers 404 whatever the body, as an unknown id would. A malformed id is left to the schema.
   */
  const found = new WeakMap<FastifyRequest, Awaited<ReturnType<typeof findStandingOrder>>>();
  const ownStandingOrder = async (request: FastifyRequest) => {
    const id = Number((request.params as { id: string }).id);
    if (!Number.isInteger(id) || id <= 0 || id > 2_147_483_647) return;
    const p = request.principal!;
    found.set(request, await findStandingOrder(app.db, id, p.role === 'customer' ? p.customer.id : null));
  };
  const ownCustomer = async (request: FastifyRequest) => {
    const id = Number((request.params as { id: string }).id);
    if (Number.isInteger(id) && id > 0) assertCustomerAccess(request, id, 'The customer');
  };
  const named = (request: FastifyRequest) => found.get(request)!;

  r.get(
    '/Customer/:id/StandingOrders',
    {
      onRequest: customerOrAdmin,
      preValidation: ownCustomer,
      schema: {
        tags,
        summary: "A customer's standing orders, each with its next 4 dates (skipped, placed, or why not)",
        params: z.object({ id: idParam('Customer') }),
        response: { 200: z.array(StandingOrderSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      return listStandingOrders(app.db, request.params.id, clock());
    },
  );

  r.post(
    '/Customer/:id/StandingOrders',
    {
      onRequest: customerOrAdmin,
      preValidation: ownCustomer,
      schema: {
        tags,
        summary:
          'Saves a standing order: delivery weekdays (1 Monday to 6 Saturday), lines, contact, Reference PO, start and end date; checked by the order’s own rules',
        params: z.object({ id: idParam('Customer') }),
        body: StandingOrderSaveSchema,
        response: { 201: StandingOrderSchema, ...errorResponses(400, 401, 403, 404, 422) },
      },
    },
    async (request, reply) => {
      const row = await saveStandingOrder(app.db, {
        customerId: request.params.id,
        existing: null,
        body: request.body,
        savedBy: savedByOf(request.principal!),
        actor: actorOf(request),
        clock: clock(),
      });
      return reply.code(201).send(await getStandingOrder(app.db, row, clock()));
    },
  );

  r.put(
    '/StandingOrder/:id',
    {
      onRequest: customerOrAdmin,
      preValidation: ownStandingOrder,
      schema: {
        tags,
        summary: 'Changes a standing order; orders it already placed stay as they are',
        params: idParams('Standing order'),
        body: StandingOrderSaveSchema,
        response: { 200: StandingOrderSchema, ...errorResponses(400, 401, 403, 404, 422) },
      },
    },
    async (request) => {
      const existing = named(request);
      const row = await saveStandingOrder(app.db, {
        customerId: existing.customerId,
        existing,
        body: request.body,
        savedBy: savedByOf(request.principal!),
        actor: actorOf(request),
        clock: clock(),
      });
      return getStandingOrder(app.db, row, clock());
    },
  );

  r.delete(
    '/StandingOrder/:id',
    {
      onRequest: customerOrAdmin,
      preValidation: ownStandingOrder,
      schema: {
        tags,
        summary: 'Deletes a standing order; orders it already placed stay',
        params: idParams('Standing order'),
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await deleteStandingOrder(app.db, named(request), actorOf(request));
      return reply.code(204).send(null);
    },
  );

  r.post(
    '/StandingOrder/:id/Skip',
    {
      onRequest: customerOrAdmin,
      preValidation: ownStandingOrder,
      schema: {
        tags,
        summary: 'Skips one date before its cutoff (Skipped: false takes the skip back)',
        params: idParams('Standing order'),
        body: StandingOrderSkipSchema,
        response: { 200: StandingOrderSchema, ...errorResponses(400, 401, 403, 404, 422) },
      },
    },
    async (request) => {
      const row = named(request);
      await skipDate(app.db, row, {
        date: request.body.Date,
        skipped: request.body.Skipped,
        actor: actorOf(request),
        clock: clock(),
      });
      return getStandingOrder(app.db, row, clock());
    },
  );

  r.post(
    '/StandingOrders/Run',
    {
      onRequest: app.requireRole('admin'),
      schema: {
        tags,
        summary: 'Runs the standing order check now (every process also runs it each minute)',
        response: { 200: StandingOrdersRunSchema, ...adminErrors },
      },
    },
    async (request) => {
      const result = await runStandingOrderCheck(standingDeps(app, request.log));
      return { Placed: result.placed, Refused: result.refused };
    },
  );
}

/** What the check works with, from the app (the route's and the loop's). */
export function standingDeps(app: FastifyInstance, log: FastifyBaseLogger): StandingDeps {
  return {
    db: app.db,
    database: app.database,
    now: app.now,
    config: app.config,
    mailer: app.mailer,
    background: app.background,
    log,
  };
}
