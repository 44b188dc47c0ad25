import type { FastifyInstance } from 'fastify';
import { type LoaderFunctionArgs, redirect } from 'react-router';
import type { z } from 'zod';
import { SessionSchema } from '../../../domain/auth.schema.js';
import { addDays, businessToday } from '../../../domain/business-date.js';
import { CustomerSchema } from '../../../domain/customer.schema.js';
import { CustomerTypeListItemSchema } from '../../../domain/customer-type.schema.js';
import { DeliveryDateSchema, HolidaySchema } from '../../../domain/delivery-calendar.schema.js';
import { InvoiceDetailSchema, InvoiceSummarySchema } from '../../../domain/invoice.schema.js';
import { DisplayMessageSchema } from '../../../domain/message.schema.js';
import { SavedOrderDraftSchema } from '../../../domain/order-draft.schema.js';
import {
  CopiedOrderSchema,
  OrderDetailSchema,
  OrderListSchema,
  WorksheetSchema,
} from '../../../domain/order-view.schema.js';
import { VenuePersonSchema } from '../../../domain/people.schema.js';
import { StandingOrderSchema } from '../../../domain/standing-orders.js';
import type * as Web from '../../../web/entry-server.js';
import { HttpError } from '../../lib/http-error.js';
import { sessionOf } from '../auth/auth.service.js';
import { deliveryDates } from '../calendar/delivery-dates.service.js';
import { listHolidays } from '../calendar/holidays.service.js';
import { listCustomerTypes } from '../customer-types/customer-types.service.js';
import { getCustomer } from '../customers/customers.service.js';
import { getDraft } from '../drafts/drafts.service.js';
import { customerInvoices, getInvoice } from '../invoices/invoices.service.js';
import { displayMessages } from '../messages/messages.service.js';
import { customerOrders, getOrderDetail } from '../orders/orders.service.js';
import { customerWorksheet } from '../orders/worksheet.service.js';
import { peopleOf } from '../people/people.service.js';
import { getFooter } from '../settings/settings.service.js';
import { listStandingOrders } from '../standing-orders/standing-orders.read.js';
import { contextOf, type PageContext, type ServerRoute } from './page-context.js';

/** An answer as the API sends it: through its schema, then JSON (dates as text), as the browser reads it. */
function asApi<T>(schema: z.ZodType<T>, value: unknown): T {
  return JSON.parse(JSON.stringify(schema.parse(value))) as T;
}

/** The signed-in customer (the customer frame's loader has sent anyone else to the login). */
function customerOf(args: { context?: unknown }) {
  const p = contextOf(args).principal;
  return p?.role === 'customer' ? p.customer : null;
}

/** A service's answer, or null where the API answers 404 (no draft, another customer's order). */
async function unlessNotFound<T>(read: () => Promise<T>): Promise<T | null> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 404) return null;
    throw error;
  }
}

/**
 * The customer pages' loaders (design.md 8.1), by route id: they call the services in-process for
 * the signed-in caller and put their answers in the QueryClient under the keys the screens read.
 */
export function pageLoaders(app: FastifyInstance, web: typeof Web): Record<string, ServerRoute> {
  const { COUNTDOWN_DATES, formSources, loginPath, paths, queryKeys, UPCOMING_HOLIDAY_DAYS } = web;
  const today = () => businessToday(app.now(), app.config.businessTz);
  const put = (ctx: PageContext, key: readonly unknown[], value: unknown) =>
    ctx.queryClient.setQueryData(key, value);

  /** The customer's orders, as GET Orders/{companyId} answers them (the form and the history read them). */
  const putOrders = async (ctx: PageContext, companyId: number) => {
    const list = await customerOrders(app.db, companyId, today());
    if (list) put(ctx, queryKeys.orders.list({ companyId }), asApi(OrderListSchema, list));
  };

  /** One of the customer's orders as GET Order/{id} answers it, or null (not theirs, or none). */
  const ownOrder = (customerId: number, id: number) =>
    unlessNotFound(() =>
      getOrderDetail(app.db, { id, customerId }, { now: app.now(), tz: app.config.businessTz }),
    );

  /** The customer's standing orders, as GET Customer/{id}/StandingOrders answers them. */
  const putStanding = async (ctx: PageContext, customerId: number) => {
    const list = await listStandingOrders(app.db, customerId, { now: app.now(), tz: app.config.businessTz });
    put(ctx, queryKeys.standingOrders(customerId), asApi(StandingOrderSchema.array(), list));
  };

  return {
    root: {
      loader: async (args: LoaderFunctionArgs) => {
        const ctx = contextOf(args);
        put(ctx, queryKeys.session, asApi(SessionSchema, await sessionOf(app.db, ctx.principal)));
        return null;
      },
    },
    'customer-frame': {
      loader: async (args: LoaderFunctionArgs) => {
        const ctx = contextOf(args);
        if (ctx.principal?.role !== 'customer') {
          const url = new URL(args.request.url);
          throw redirect(loginPath(paths.customerLogin, url.pathname + url.search));
        }
        put(ctx, queryKeys.footer, { Footer: await getFooter(app.db) });
        return null;
      },
    },
    'order-home': {
      loader: async (args: LoaderFunctionArgs) => {
        const customer = customerOf(args);
        if (!customer) return null;
        const ctx = contextOf(args);
        const typeId = customer.customerTypeId;
        // The countdown to the next cutoff, the unsent order's offer and the messages.
        const [dates, draft, list] = await Promise.all([
          deliveryDates(app.db, customer.id, {
            now: app.now(),
            tz: app.config.businessTz,
            count: COUNTDOWN_DATES,
          }),
          unlessNotFound(() => getDraft(app.db, customer.id)),
          displayMessages(app.db, typeId, today()),
        ]);
        put(
          ctx,
          queryKeys.deliveryDates(customer.id, COUNTDOWN_DATES),
          asApi(DeliveryDateSchema.array(), dates),
        );
        put(ctx, queryKeys.draft(customer.id), draft ? asApi(SavedOrderDraftSchema, draft) : null);
        put(ctx, queryKeys.displayMessages(typeId), asApi(DisplayMessageSchema.array(), list));
        return null;
      },
    },
    'order-history': {
      loader: async (args: LoaderFunctionArgs) => {
        const customer = customerOf(args);
        if (customer) await putOrders(contextOf(args), customer.companyId);
        return null;
      },
    },
    'order-detail': {
      loader: async (args: LoaderFunctionArgs) => {
        const customer = customerOf(args);
        const id = Number(args.params.id);
        if (!customer || !Number.isSafeInteger(id) || id <= 0) return null;
        const order = await ownOrder(customer.id, id);
        if (order) put(contextOf(args), queryKeys.orders.detail(id), asApi(OrderDetailSchema, order));
        return null;
      },
    },
    'order-invoices': {
      loader: async (args: LoaderFunctionArgs) => {
        const customer = customerOf(args);
        if (!customer) return null;
        const list = await customerInvoices(app.db, customer.id);
        put(
          contextOf(args),
          queryKeys.invoices.list({ customerId: customer.id }),
          asApi(InvoiceSummarySchema.array(), list),
        );
        return null;
      },
    },
    'order-invoice': {
      loader: async (args: LoaderFunctionArgs) => {
        const customer = customerOf(args);
        const id = Number(args.params.id);
        if (!customer || !Number.isSafeInteger(id) || id <= 0) return null;
        // Another customer's invoice is not read: the page says it could not be shown.
        const invoice = await unlessNotFound(() => getInvoice(app.db, { id, customerId: customer.id }));
        if (invoice) put(contextOf(args), queryKeys.invoices.detail(id), asApi(InvoiceDetailSchema, invoice));
        return null;
      },
    },
    'order-standing': {
      loader: async (args: LoaderFunctionArgs) => {
        const customer = customerOf(args);
        if (customer) await putStanding(contextOf(args), customer.id);
        return null;
      },
    },
    'order-standing-edit': {
      // The list (an edit reads its standing order from it), and the order a new one starts
      // from: the one named by `from`, or the customer's last (none yet: the page says so).
      loader: async (args: LoaderFunctionArgs) => {
        const customer = customerOf(args);
        if (!customer) return null;
        const ctx = contextOf(args);
        await putStanding(ctx, customer.id);
        if (args.params.id !== 'new') return null;
        const from = Number(new URL(args.request.url).searchParams.get('from') ?? '0');
        const clock = { now: app.now(), tz: app.config.businessTz };
        if (Number.isSafeInteger(from) && from > 0) {
          const order = await ownOrder(customer.id, from);
          if (order) put(ctx, queryKeys.orders.detail(from), asApi(OrderDetailSchema, order));
        } else {
          const last = await unlessNotFound(() =>
            getOrderDetail(app.db, { customerLast: customer.id }, clock),
          );
          if (last) put(ctx, queryKeys.lastOrder(customer.id), asApi(OrderDetailSchema, last));
        }
        return null;
      },
    },
    'order-people': {
      // The venue's people and its shared sign-in, for its Owner only: anyone else's page says
      // it is the Owner's (people.route.tsx), and the API would refuse them the list.
      loader: async (args: LoaderFunctionArgs) => {
        const p = contextOf(args).principal;
        if (p?.role !== 'customer' || p.venueRole !== 'Owner') return null;
        const ctx = contextOf(args);
        const [people, own] = await Promise.all([
          peopleOf(app.db, p.customer.id),
          getCustomer(app.db, p.customer.id, today()),
        ]);
        put(ctx, queryKeys.people(p.customer.id), asApi(VenuePersonSchema.array(), people));
        put(ctx, queryKeys.customers.detail(p.customer.id), asApi(CustomerSchema, own));
        return null;
      },
    },
    worksheet: {
      loader: async (args: LoaderFunctionArgs) => {
        const customer = customerOf(args);
        // Someone else's, or signed out: the page asks, and says so (worksheet.route.tsx).
        if (!customer || Number(args.params.id) !== customer.id) return null;
        const sheet = await customerWorksheet(app.db, customer.id, today());
        if (sheet) put(contextOf(args), queryKeys.worksheet(customer.id), asApi(WorksheetSchema, sheet));
        return null;
      },
    },
    'order-form': {
      // The order form's first step with what it reads (order-form-screen.tsx): the customer's
      // type, products, orders, the holidays ahead and the draft, and the order it opens on: a
      // Re-Order's copy (its date cleared, as POST Order/Copy answers) or the order to change.
      loader: async (args: LoaderFunctionArgs) => {
        const customer = customerOf(args);
        if (!customer) return null;
        const ctx = contextOf(args);
        const from = today();
        const range = { from, to: addDays(from, UPCOMING_HOLIDAY_DAYS) };
        const { copyId, changeId } = formSources(args.params.id, new URL(args.request.url).searchParams);
        const source = changeId ?? copyId;
        const [types, own, holidays, draft, order] = await Promise.all([
          listCustomerTypes(app.db),
          getCustomer(app.db, customer.id, from),
          listHolidays(app.db, range),
          unlessNotFound(() => getDraft(app.db, customer.id)),
          // Another customer's order, or none: the screen asks, and says so.
          source === null ? null : ownOrder(customer.id, source),
          putOrders(ctx, customer.companyId),
        ]);
        put(ctx, queryKeys.customerTypes.list(), asApi(CustomerTypeListItemSchema.array(), types));
        put(ctx, queryKeys.customers.detail(customer.id), asApi(CustomerSchema, own));
        put(ctx, queryKeys.holidays.list(range), asApi(HolidaySchema.array(), holidays));
        put(ctx, queryKeys.draft(customer.id), draft ? asApi(SavedOrderDraftSchema, draft) : null);
        if (order && changeId !== null)
          put(ctx, queryKeys.orders.detail(changeId), asApi(OrderDetailSchema, order));
        else if (order && copyId !== null)
          put(ctx, queryKeys.orderCopy(copyId), asApi(CopiedOrderSchema, { ...order, DeliveryDate: null }));
        return null;
      },
    },
  };
}
