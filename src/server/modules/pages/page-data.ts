import type { QueryClient } from '@tanstack/react-query';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { data, type LoaderFunctionArgs, type RouteObject, redirect } from 'react-router';
import type { z } from 'zod';
import { SessionSchema } from '../../../domain/auth.schema.js';
import { addDays, businessToday } from '../../../domain/business-date.js';
import { CustomerSchema } from '../../../domain/customer.schema.js';
import { CustomerTypeListItemSchema } from '../../../domain/customer-type.schema.js';
import { DeliveryDateSchema, HolidaySchema } from '../../../domain/delivery-calendar.schema.js';
import { adminLoginErrors, customerLoginPageErrors } from '../../../domain/login-rules.js';
import { DisplayMessageSchema } from '../../../domain/message.schema.js';
import { SavedOrderDraftSchema } from '../../../domain/order-draft.schema.js';
import { OrderDetailSchema } from '../../../domain/order-view.schema.js';
import type * as Web from '../../../web/entry-server.js';
import type { LoginActionData } from '../../../web/entry-server.js';
import { HttpError } from '../../lib/http-error.js';
import type { Principal } from '../../plugins/auth.js';
import { toSessionCustomer, toSessionUser } from '../auth/auth.service.js';
import { signIns } from '../auth/sign-in.js';
import { deliveryDates } from '../calendar/delivery-dates.service.js';
import { listHolidays } from '../calendar/holidays.service.js';
import { listCustomerTypes } from '../customer-types/customer-types.service.js';
import { getCustomer } from '../customers/customers.service.js';
import { getDraft } from '../drafts/drafts.service.js';
import { displayMessages } from '../messages/messages.service.js';
import { customerWithOrders, getOrderDetail } from '../orders/orders.service.js';
import { customerWithWorksheet } from '../orders/worksheet.service.js';
import { getFooter } from '../settings/settings.service.js';

/** What a page's loaders and actions get (`requestContext`): the request, its caller, the cache they fill. */
export interface PageContext {
  request: FastifyRequest;
  reply: FastifyReply;
  principal: Principal | null;
  queryClient: QueryClient;
}

/** A route's server half: its loader and action, by the route's id in router.tsx. */
type ServerRoute = Pick<RouteObject, 'loader' | 'action'>;

/** An answer as the API sends it: through its schema, then JSON (dates as text), as the browser reads it. */
function asApi<T>(schema: z.ZodType<T>, value: unknown): T {
  return JSON.parse(JSON.stringify(schema.parse(value))) as T;
}

function contextOf(args: { context?: unknown }): PageContext {
  return args.context as PageContext;
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

function field(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
}

/**
 * The server's half of the customer pages' routes (design.md 8.1): loaders that call the
 * services in-process for the signed-in caller and put their answers in the QueryClient under
 * the keys the screens read, and the login pages' form posts.
 */
export function serverRoutes(app: FastifyInstance, web: typeof Web): Record<string, ServerRoute> {
  const { COUNTDOWN_DATES, loginPath, paths, queryKeys, safeReturnTo, UPCOMING_HOLIDAY_DAYS } = web;
  const today = () => businessToday(app.now(), app.config.businessTz);

  /** The customer's orders, as GET Orders/{companyId} answers them (the form and the history read them). */
  const putOrders = async (ctx: PageContext, companyId: number) => {
    const found = await customerWithOrders(app.database, { companyId }, today());
    if (found) put(ctx, queryKeys.orders.list({ companyId }), JSON.parse(found.answer));
  };
  const signIn = signIns(app);
  const put = (ctx: PageContext, key: readonly unknown[], value: unknown) =>
    ctx.queryClient.setQueryData(key, value);

  return {
    root: {
      loader: (args: LoaderFunctionArgs) => {
        const ctx = contextOf(args);
        const p = ctx.principal;
        put(
          ctx,
          queryKeys.session,
          asApi(SessionSchema, {
            Role: p?.role ?? null,
            Customer: p?.role === 'customer' ? toSessionCustomer(p.customer) : null,
            User: p?.role === 'admin' ? toSessionUser(p.user) : null,
          }),
        );
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
        const order = await unlessNotFound(() =>
          getOrderDetail(
            app.db,
            { id, customerId: customer.id },
            { now: app.now(), tz: app.config.businessTz },
          ),
        );
        if (order) put(contextOf(args), queryKeys.orders.detail(id), asApi(OrderDetailSchema, order));
        return null;
      },
    },
    worksheet: {
      loader: async (args: LoaderFunctionArgs) => {
        const customer = customerOf(args);
        // Someone else's, or signed out: the page asks, and says so (worksheet.route.tsx).
        if (!customer || Number(args.params.id) !== customer.id) return null;
        const found = await customerWithWorksheet(
          app.database,
          customer.id,
          app.now(),
          app.config.businessTz,
        );
        if (found) put(contextOf(args), queryKeys.worksheet(customer.id), JSON.parse(found.answer));
        return null;
      },
    },
    'order-form': {
      // A new order's first step with what it reads (order-form-screen.tsx): the customer's
      // type, products, orders, the holidays ahead and the draft. A Re-Order or a change loads
      // its order in the browser.
      loader: async (args: LoaderFunctionArgs) => {
        const customer = customerOf(args);
        if (!customer) return null;
        const ctx = contextOf(args);
        const from = today();
        const range = { from, to: addDays(from, UPCOMING_HOLIDAY_DAYS) };
        const [types, own, holidays, draft] = await Promise.all([
          listCustomerTypes(app.db),
          getCustomer(app.db, customer.id),
          listHolidays(app.db, range),
          unlessNotFound(() => getDraft(app.db, customer.id)),
          putOrders(ctx, customer.companyId),
        ]);
        put(ctx, queryKeys.customerTypes.list(), asApi(CustomerTypeListItemSchema.array(), types));
        put(ctx, queryKeys.customers.detail(customer.id), asApi(CustomerSchema, own));
        put(ctx, queryKeys.holidays.list(range), asApi(HolidaySchema.array(), holidays));
        put(ctx, queryKeys.draft(customer.id), draft ? asApi(SavedOrderDraftSchema, draft) : null);
        return null;
      },
    },
    'customer-login': {
      action: async (args) => {
        const ctx = contextOf(args);
        const form = await args.request.formData();
        const Values = { CompanyId: field(form, 'CompanyId'), Zipcode: field(form, 'Zipcode') };
        const Errors = customerLoginPageErrors(Values);
        if (Object.keys(Errors).length > 0) return data<LoginActionData>({ Values, Errors }, { status: 422 });
        const result = await signIn.customer(
          ctx.request,
          ctx.reply,
          Number(Values.CompanyId),
          Number(Values.Zipcode),
        );
        if (!result.ok)
          return data<LoginActionData>({ Values, Message: result.message }, { status: result.status });
        const back = new URL(args.request.url).searchParams.get('returnTo');
        return redirect(safeReturnTo(back, ['/order'], paths.orderHome), 303);
      },
    },
    'admin-login': {
      action: async (args) => {
        const ctx = contextOf(args);
        const form = await args.request.formData();
        const User = field(form, 'User');
        const Password = field(form, 'Password');
        // The password is never sent back into the page.
        const Values = { User };
        const Errors = adminLoginErrors({ User, Password });
        if (Object.keys(Errors).length > 0) return data<LoginActionData>({ Values, Errors }, { status: 422 });
        const result = await signIn.admin(ctx.request, ctx.reply, User.trim(), Password);
        if (!result.ok)
          return data<LoginActionData>({ Values, Message: result.message }, { status: result.status });
        const back = new URL(args.request.url).searchParams.get('returnTo');
        return redirect(safeReturnTo(back, [paths.maint], paths.maintHome), 303);
      },
    },
  };
}

/** The browser's routes with the server's halves put on the routes they belong to (by id). */
export function withServerRoutes(routes: RouteObject[], server: Record<string, ServerRoute>): RouteObject[] {
  return routes.map((route) => {
    const own = route.id ? server[route.id] : undefined;
    return {
      ...route,
      ...own,
      ...(route.children ? { children: withServerRoutes(route.children, server) } : {}),
    } as RouteObject;
  });
}
