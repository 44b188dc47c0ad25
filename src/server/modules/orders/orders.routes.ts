import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiErrorSchema } from '../../../domain/auth.schema.js';
import { messages as orderMessages } from '../../../domain/order.schema.js';
import {
  CopiedOrderSchema,
  CopyOrderRequestSchema,
  OrderDetailSchema,
  OrderListSchema,
  OrderSaveResponseSchema,
  WorksheetSchema,
} from '../../../domain/order-view.schema.js';
import { notFound, unauthorized } from '../../lib/http-error.js';
import { idParam, idParams } from '../../lib/route-schemas.js';
import {
  acceptCustomer,
  assertCustomerAccess,
  type CustomerRow,
  sessionCustomerId,
} from '../../plugins/auth.js';
import { orderRateLimitFor } from './order-rate.js';
import {
  type CustomerWithAnswer,
  customerWithOrder,
  customerWithOrders,
  getOrderDetail,
  orderOwner,
} from './orders.service.js';
import { placeOrder } from './place-order.js';
import { customerWithWorksheet } from './worksheet.service.js';

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
  // The hot paths (issue 3's benchmark) check a customer's account in their own first query.
  const customerOrAdminCheckedByRoute = app.requireRoleCheckedByRoute('customer', 'admin');

  const orderRateLimit = orderRateLimitFor(app.ordersPerMinute);
  r.post(
    '/Order',
    {
      onRequest: app.requireRoleCheckedByRoute('customer'),
      config: { rateLimit: orderRateLimit },
      schema: {
        tags,
        summary: 'Places an order for the signed-in customer (Idempotency-Key makes a retry safe)',
        headers: z.object({ 'idempotency-key': z.string().min(1).max(200).optional() }),
        // The body is checked by the domain's validateOrder, so that a request that skips the
        // screen gets the screen's 422 and message; the schema here documents its shape.
        body: z
          .record(z.string(), z.unknown(), { error: orderMessages.orderInvalid })
          .describe(
            'DeliveryDate, Name, Phone, Email, ReferencePO, ProductQuantities: [{ Code, CaseQuantity, UnitQuantity }]',
          ),
        // A body that is not an object (or a bad header) fails the schema above and gets the
        // error contract's shape; the domain's broken rules get the order's own (design.md 2).
        response: { 201: OrderSaveResponseSchema, 422: OrderSaveResponseSchema.or(ApiErrorSchema) },
      },
    },
    async (request, reply) => {
      const result = await placeOrder(app, request, {
        body: request.body,
        idempotencyKey: request.headers['idempotency-key'] ?? null,
      });
      return reply.code(result.status).send(result.body);
    },
  );

  r.get(
    '/Order/:id',
    {
      onRequest: customerOrAdminCheckedByRoute,
      schema: {
        tags,
        summary: 'One order with its products',
        params: idParams('Order'),
        response: { 200: OrderDetailSchema },
      },
    },
    async (request) => {
      const { id } = request.params;
      const ownId = sessionCustomerId(request);
      if (ownId !== undefined) {
        // A customer (the history's detail, the most frequent read): the account check, the
        // order's owner and, when it is theirs, the order, in one statement.
        const found = await customerWithOrder(app.database, ownId, id);
        const customer = acceptCustomer(request, found?.customer);
        // Another customer's order answers as an unknown id does: ids cannot be probed.
        if (found!.orderCustomerId !== customer.id) throw notFound(ORDER);
        return found!.detail!;
      }
      assertCustomerAccess(request, await orderOwner(app.db, id), ORDER);
      return getOrderDetail(app.db, { id });
    },
  );

  r.get(
    '/Orders/:companyId',
    {
      onRequest: customerOrAdminCheckedByRoute,
      schema: {
        tags,
        summary: "A customer's orders, web and imported, newest first",
        params: CompanyParams,
        response: { 200: OrderListSchema },
      },
    },
    async (request, reply) => {
      const { companyId } = request.params;
      const ownId = sessionCustomerId(request);
      if (ownId !== undefined) {
        // A customer: the account check and their orders in one statement. Another company
        // id answers as an unknown one does.
        const found = await customerWithOrders(app.database, { id: ownId });
        const customer = acceptCustomer(request, found && withoutAnswer(found));
        if (customer.companyId !== companyId) throw notFound(CUSTOMER);
        return sendJsonText(reply, found!.answer);
      }
      assertAdmin(request);
      const found = await customerWithOrders(app.database, { companyId });
      if (!found) throw notFound(CUSTOMER);
      return sendJsonText(reply, found.answer);
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
      return getOrderDetail(app.db, { customerLast: request.params.customerId });
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
      const order = await getOrderDetail(app.db, { id: request.body.OrderId });
      return { ...order, DeliveryDate: null };
    },
  );

  r.get(
    '/Order/:id/Worksheet',
    {
      onRequest: customerOrAdminCheckedByRoute,
      schema: {
        tags,
        summary: "The customer's order worksheet ({id} is the customer's Id)",
        params: idParams('Customer'),
        response: { 200: WorksheetSchema },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      reply.header('cache-control', 'no-store');
      const ownId = sessionCustomerId(request);
      if (ownId === id) {
        // A customer asking for their own: the account check and the sheet in one statement.
        const found = await customerWithWorksheet(app.database, id, app.now(), app.config.businessTz);
        acceptCustomer(request, found && withoutAnswer(found));
        return sendJsonText(reply, found!.answer);
      }
      // Another customer's id: check the account first (401 when inactive), then 404 as
      // for an unknown id.
      if (ownId !== undefined && !(await app.loadPrincipal(request))) throw unauthorized();
      assertCustomerAccess(request, id, CUSTOMER);
      const found = await customerWithWorksheet(app.database, id, app.now(), app.config.businessTz);
      if (!found) throw notFound(CUSTOMER);
      return sendJsonText(reply, found.answer);
    },
  );
}

/** The customer's own columns of a row that also carries the route's answer. */
function withoutAnswer({ answer: _, ...customer }: CustomerWithAnswer): CustomerRow {
  return customer;
}

/**
 * An answer PostgreSQL built as JSON text goes out as it is: Fastify sends a string with a
 * JSON content type without serializing it (the route's response schema documents it).
 */
function sendJsonText(reply: FastifyReply, json: string) {
  return reply.type('application/json; charset=utf-8').send(json);
}

function assertAdmin(request: FastifyRequest) {
  if (request.principal?.role !== 'admin') throw new Error('unreachable: guarded route');
}
