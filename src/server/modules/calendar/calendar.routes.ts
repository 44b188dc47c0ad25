import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DeliveryDateSchema,
  DeliveryDatesQuerySchema,
  HolidayOrderSchema,
  HolidayOrdersQuerySchema,
  HolidaySaveSchema,
  HolidaySchema,
  HolidaysQuerySchema,
} from '../../../domain/delivery-calendar.schema.js';
import { adminErrors, errorResponses, idParams } from '../../lib/route-schemas.js';
import { assertCustomerAccess } from '../../plugins/auth.js';
import { auditActor } from '../audit/audit.js';
import { deliveryDates } from './delivery-dates.service.js';
import { addHoliday, deleteHoliday, listHolidays, ordersOnDates } from './holidays.service.js';

const tags = ['Delivery calendar'];

/** The delivery calendar (design.md 7.2): holidays, and each customer's next delivery dates. */
export async function calendarRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Guards run onRequest, before the body is read: nobody gets 401, not a 422 for a body they may not send.
  const admin = app.requireRole('admin');
  const signedIn = app.requireRole('customer', 'admin');

  r.get(
    '/Holidays',
    {
      onRequest: signedIn,
      schema: {
        tags,
        summary:
          'Days without deliveries from `from` to `to` (YYYY-MM-DD, both inclusive, both optional), by date',
        querystring: HolidaysQuerySchema,
        response: { 200: z.array(HolidaySchema), ...adminErrors, ...errorResponses(422) },
      },
    },
    async (request) => listHolidays(app.db, request.query),
  );

  r.post(
    '/Holiday',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'Adds a day without deliveries; 409 when the date has one already',
        body: HolidaySaveSchema,
        response: { 201: HolidaySchema, ...adminErrors, ...errorResponses(409, 422) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await addHoliday(app.db, request.body, auditActor(request.principal, app.now))),
  );

  r.get(
    '/Holiday/Orders',
    {
      onRequest: admin,
      schema: {
        tags,
        summary:
          'The orders (web and imported, not cancelled) for delivery on any of Dates (YYYY-MM-DD, comma-separated): what making those dates holidays leaves without a delivery',
        querystring: HolidayOrdersQuerySchema,
        response: { 200: z.array(HolidayOrderSchema), ...adminErrors, ...errorResponses(422) },
      },
    },
    async (request) => ordersOnDates(app.db, request.query.Dates),
  );

  r.delete(
    '/Holiday/:id',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'Removes a holiday',
        params: idParams('Holiday'),
        response: { 204: z.null().describe('Deleted'), ...adminErrors, ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      await deleteHoliday(app.db, request.params.id, auditActor(request.principal, app.now));
      return reply.code(204).send(null);
    },
  );

  r.get(
    '/Customer/:id/DeliveryDates',
    {
      onRequest: signedIn,
      schema: {
        tags,
        summary:
          'The next dates the customer may order for (count 1-14, default 3), each with OrderBy: orders are accepted before it (a customer may ask only for themselves)',
        params: idParams('Customer'),
        querystring: DeliveryDatesQuerySchema,
        response: { 200: z.array(DeliveryDateSchema), ...adminErrors, ...errorResponses(400, 404, 422) },
      },
    },
    async (request) => {
      assertCustomerAccess(request, request.params.id, 'Customer');
      return deliveryDates(app.db, request.params.id, {
        now: app.now(),
        tz: app.config.businessTz,
        count: request.query.count,
      });
    },
  );
}
