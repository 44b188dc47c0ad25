import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiErrorSchema } from '../../../domain/auth.schema.js';
import { businessToday } from '../../../domain/business-date.js';
import { OrderInputSchema } from '../../../domain/order.schema.js';
import {
  CopiedOrderSchema,
  CopyOrderRequestSchema,
  OrderDetailSchema,
  OrderListSchema,
  OrderSaveResponseSchema,
  WorksheetSchema,
} from '../../../domain/order-view.schema.js';
import { orderFor } from '../../../domain/staff-order.js';
import { forbidden, notFound } from '../../lib/http-error.js';
import { errorResponses, idParam, idParams } from '../../lib/route-schemas.js';
import { assertCustomerAccess } from '../../plugins/auth.js';
import { fieldErrors } from '../../plugins/errors.js';
import { cancelOrder, changeOrder } from './change-order.js';
import { type OrderDeps, orderCaller, orderRefused } from './order-check.js';
import { orderRateLimitFor } from './order-rate.js';
import { customerOrders, getOrderDetail, orderOwner } from './orders.service.js';
import { placeOrder } from './place-order.js';
import { customerWorksheet } from './worksheet.service.js';

const CustomerParams = z.object({ customerId: idParam('Customer') });
const companyIdMessage = 'Company id must be a whole number from 1 to 9999';
const CompanyParams = z.object({
  companyId: z.coerce
    .number({ error: companyIdMessage })
    .int(companyIdMessage)
    .min(1, companyIdMessage)
    .max(9999, companyIdMessage),
});
const tags = ['Orders'];
// What a 404 names; the same words whether the id is unknown or another customer's.
const ORDER = 'The order';
const CUSTOMER = 'The customer';
const LAST_ORDER = 'A previous order';

export async function orderRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const customerOrAdmin = app.requireRole('customer', 'admin');
  // ChangeableUntil of an order's answer is on the server's clock (design.md 7.10).
  const clock = () => ({ now: app.now(), tz: app.config.businessTz });
  // What placing, changing and cancelling work with, read from the app at each request.
  const deps = (log: FastifyBaseLogger): OrderDeps => ({
    db: app.db,
    database: app.database,
    now: app.now,
    config: { businessTz: app.config.businessTz, exportDir: app.config.exportDir },
    mailer: app.mailer,
    background: app.background,
    log,
  });

  // One count for placing, changing and cancelling (issue 32): each writes the ERP's file and
  // mails. A route's own `config.rateLimit` keeps a store per route, so the three share one
  // limiter, run after the guard that tells whose count it is.
  const orderWrite = [customerOrAdmin, app.rateLimit(orderRateLimitFor(app.ordersPerMinute))];
  r.post(
    '/Order',
    {
      onRequest: orderWrite,
      // A body that breaks the order's rules gets the screen's answer (OrderSaveResponse with
      // its Errors), not the error contract's: the handler answers it (design.md 2).
      attachValidation: true,
      schema: {
        tags,
        summary:
          'Places an order for the signed-in customer, or staff for the customer in CustomerId, with OverrideLeadTime and its OverrideReason to accept a date inside the lead time, or OverrideLicense for a date after the customer’s license expired (Idempotency-Key makes a retry safe)',
        headers: z.object({ 'idempotency-key': z.string().min(1).max(200).optional() }),
        body: OrderInputSchema,
        response: {
          201: OrderSaveResponseSchema,
          403: ApiErrorSchema,
          // Sent from a draft (BaseSavedAt) changed, sent or discarded since (decision 061).
          409: ApiErrorSchema,
          422: OrderSaveResponseSchema.or(ApiErrorSchema),
        },
      },
    },
    async (request, reply) => {
      // A customer naming another customer or asking for the override is refused before the
      // body's rules are told (decision 009): 403 whatever else the body says.
      const whose = orderFor(orderCaller(request.principal!), request.body);
      if (!whose.ok && whose.refusal === 'forbidden') throw forbidden(whose.Message);
      const invalid = request.validationError;
      const result = invalid
        ? invalid.validationContext === 'body'
          ? orderRefused(fieldErrors(invalid))
          : null
        : await placeOrder(deps(request.log), {
            principal: request.principal!,
            order: request.body,
            idempotencyKey: request.headers['idempotency-key'] ?? null,
          });
      if (!result) throw invalid; // a bad header: the error contract's shape
      return reply.code(result.status).send(result.body);
    },
  );

  r.put(
    '/Order/:id',
    {
      onRequest: orderWrite,
      attachValidation: true,
      schema: {
        tags,
        summary:
          'Changes an open web order before its cutoff (design.md 7.10): the body and every rule of POST Order; the file is written again and the mail sent again, marked Changed',
        params: idParams('Order'),
        body: OrderInputSchema,
        response: {
          200: OrderSaveResponseSchema,
          ...errorResponses(400, 401, 403, 404, 409),
          422: OrderSaveResponseSchema.or(ApiErrorSchema),
        },
      },
    },
    async (request, reply) => {
      const invalid = request.validationError;
      if (invalid && invalid.validationContext !== 'body') throw invalid; // a bad id: 400
      const result = await changeOrder(deps(request.log), {
        principal: request.principal!,
        id: request.params.id,
        order: request.body,
        invalid,
      });
      return reply.code(result.status).send(result.body);
    },
  );

  r.post(
    '/Order/:id/Cancel',
    {
      onRequest: orderWrite,
      schema: {
        tags,
        summary:
          'Cancels an open web order before its cutoff (design.md 7.10): Status 3 Cancelled, its file removed, the mail sent again, marked Cancelled',
        params: idParams('Order'),
        response: { 200: OrderSaveResponseSchema, ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request) =>
      (await cancelOrder(deps(request.log), { principal: request.principal!, id: request.params.id })).body,
  );

  r.get(
    '/Order/:id',
    {
      onRequest: customerOrAdmin,
      schema: {
        tags,
        summary: 'One order with its products',
        params: idParams('Order'),
        response: { 200: OrderDetailSchema },
      },
    },
    async (request) => {
      const p = request.principal!;
      // A customer reads only their own: another customer's order answers as an unknown id.
      return getOrderDetail(
        app.db,
        { id: request.params.id, ...(p.role === 'customer' ? { customerId: p.customer.id } : {}) },
        clock(),
      );
    },
  );

  r.get(
    '/Orders/:companyId',
    {
      onRequest: customerOrAdmin,
      schema: {
        tags,
        summary: "A customer's orders, web and imported, newest first",
        params: CompanyParams,
        response: { 200: OrderListSchema },
      },
    },
    async (request) => {
      const { companyId } = request.params;
      const p = request.principal!;
      // Another customer's company id answers as an unknown one does.
      if (p.role === 'customer' && p.customer.companyId !== companyId) throw notFound(CUSTOMER);
      const list = await customerOrders(app.db, companyId, businessToday(app.now(), app.config.businessTz));
      if (!list) throw notFound(CUSTOMER);
      return list;
    },
  );

  r.get(
    '/Order/:customerId/Last',
    {
      onRequest: customerOrAdmin,
      schema: {
        tags,
        summary: "The customer's most recent order",
        params: CustomerParams,
        response: { 200: OrderDetailSchema },
      },
    },
    async (request) => {
      // Another customer's id answers as a customer without orders does.
      assertCustomerAccess(request, request.params.customerId, LAST_ORDER);
      return getOrderDetail(app.db, { customerLast: request.params.customerId }, clock());
    },
  );

  r.post(
    '/Order/Copy',
    {
      onRequest: customerOrAdmin,
      schema: {
        tags,
        summary: 'An order to re-order: the same lines, delivery date cleared',
        body: CopyOrderRequestSchema,
        response: { 200: CopiedOrderSchema },
      },
    },
    async (request) => {
      assertCustomerAccess(request, await orderOwner(app.db, request.body.OrderId), ORDER);
      const order = await getOrderDetail(app.db, { id: request.body.OrderId }, clock());
      return { ...order, DeliveryDate: null };
    },
  );

  r.get(
    '/Order/:id/Worksheet',
    {
      onRequest: customerOrAdmin,
      schema: {
        tags,
        summary: "The customer's order worksheet ({id} is the customer's Id)",
        params: idParams('Customer'),
        response: { 200: WorksheetSchema },
      },
    },
    async (request) => {
      const { id } = request.params;
      assertCustomerAccess(request, id, CUSTOMER);
      const sheet = await customerWorksheet(app.db, id, businessToday(app.now(), app.config.businessTz));
      if (!sheet) throw notFound(CUSTOMER);
      return sheet;
    },
  );
}
