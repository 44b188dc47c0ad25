import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { PageLoader, RootLayout } from './components/layout/root-layout';
import { NotFoundPage, RouteError } from './components/layout/route-error';
import type { RouteHandle } from './components/layout/route-title';
import { prefetchRoutesOnIntent } from './lib/prefetch-routes';
import { yieldToMain } from './lib/yield-to-main';

const title = (t: string): RouteHandle => ({ title: t });

/**
 * A screen's code that could not be fetched while the browser was offline is asked for again
 * once the network is back (Chromium fetches a failed module again). Meanwhile what stood in
 * stays: the shell's first step, with what the customer typed in it, under the offline banner,
 * not an error page. Online, a failure is the error page's (RouteError), as before.
 */
export function loadWhenOnline<T>(load: () => Promise<T>): Promise<T> {
  return load().catch(async (error: unknown) => {
    if (navigator.onLine) throw error;
    await new Promise<void>((resolve) => window.addEventListener('online', () => resolve(), { once: true }));
    return loadWhenOnline(load);
  });
}

function retriedWhenOnline(list: RouteObject[]): RouteObject[] {
  return list.map((route) => {
    const lazy = route.lazy;
    return {
      ...route,
      ...(typeof lazy === 'function' ? { lazy: () => loadWhenOnline(async () => lazy()) } : {}),
      ...(route.children ? { children: retriedWhenOnline(route.children) } : {}),
    } as RouteObject;
  });
}

/**
 * Spec section 2's routes. Every screen is a lazy route module (exporting `Component`), so the
 * customer login loads only its own code and the whole /maint site stays in its own chunks.
 */
export const routes: RouteObject[] = retriedWhenOnline([
  {
    id: 'root',
    Component: RootLayout,
    ErrorBoundary: RouteError,
    HydrateFallback: PageLoader,
    children: [
      { index: true, element: <Navigate to="/order/home" replace /> },
      {
        id: 'customer-login',
        path: 'user/login',
        handle: title('Customer Login'),
        lazy: () => import('./features/auth/customer-login.route'),
      },
      {
        id: 'person-login',
        path: 'user/login/email',
        handle: title('Sign In'),
        lazy: () => import('./features/auth/person-login.route'),
      },
      {
        id: 'venue-pick',
        path: 'user/venue',
        handle: title('Choose a Venue'),
        lazy: () => import('./features/auth/venue-pick.route'),
      },
      {
        id: 'invitation',
        path: 'invite/:token',
        handle: title('Invitation'),
        lazy: () => import('./features/auth/invitation.route'),
      },
      {
        id: 'worksheet',
        path: 'worksheet/:id/:name',
        handle: title('Order Worksheet'),
        lazy: () => import('./features/order/worksheet.route'),
      },
      {
        // Layout route `home`: the customer frame, needs a signed-in customer.
        id: 'customer-frame',
        lazy: () => import('./components/layout/customer/customer-layout.route'),
        children: [
          {
            id: 'order-home',
            path: 'order/home',
            handle: title('Order Messages'),
            lazy: () => import('./features/order/order-home.route'),
          },
          {
            id: 'order-history',
            path: 'order/history',
            handle: title('Orders History'),
            lazy: () => import('./features/order/order-history.route'),
          },
          {
            id: 'order-detail',
            path: 'order/history/detail/:id',
            handle: title('Order Detail'),
            lazy: () => import('./features/order/order-history-detail.route'),
          },
          {
            id: 'order-invoices',
            path: 'order/invoices',
            handle: title('Invoices'),
            lazy: () => import('./features/invoices/invoices.route'),
          },
          {
            id: 'order-invoice',
            path: 'order/invoices/:id',
            handle: title('Invoice'),
            lazy: () => import('./features/invoices/invoice.route'),
          },
          {
            id: 'order-standing',
            path: 'order/standing',
            handle: title('Standing Orders'),
            lazy: () => import('./features/standing-orders/standing-orders.route'),
          },
          {
            id: 'order-standing-edit',
            path: 'order/standing/:id',
            handle: title('Standing Order'),
            lazy: () => import('./features/standing-orders/standing-order-edit.route'),
          },
          {
            id: 'order-people',
            path: 'order/people',
            handle: title('People'),
            lazy: () => import('./features/people/people.route'),
          },
          {
            id: 'order-form',
            path: 'order/form/:id',
            handle: title('New Order'),
            // The order's rules (zod and its schemas) are evaluated in a task of their own, then
            // the form's code in the next: two tasks of a phone's CPU, not one long one (issue 22).
            lazy: async () => {
              await import('../domain/order.schema');
              await yieldToMain();
              return import('./features/order/order-form.route');
            },
          },
        ],
      },
      {
        id: 'admin-login',
        path: 'maint/login',
        handle: title('Admin Login'),
        lazy: () => import('./features/auth/admin-login.route'),
      },
      {
        // Layout route `admin`: the maintenance frame, needs a signed-in admin.
        path: 'maint',
        lazy: () => import('./components/layout/maint/maint-layout.route'),
        children: [
          { index: true, element: <Navigate to="/maint/home" replace /> },
          { path: 'home', handle: title('Home'), lazy: () => import('./features/maint/maint-home.route') },
          { path: 'items', handle: title('Items'), lazy: () => import('./features/items/items.route') },
          {
            path: 'item/edit/:id',
            handle: title('Item - View'),
            lazy: () => import('./features/items/item-edit.route'),
          },
          {
            path: 'item/import',
            handle: title('Item - Import'),
            lazy: () => import('./features/items/item-import.route'),
          },
          {
            path: 'customers',
            handle: title('Customers'),
            lazy: () => import('./features/customers/customers.route'),
          },
          {
            path: 'customer/import',
            handle: title('Customer - Import'),
            lazy: () => import('./features/customers/customer-import.route'),
          },
          {
            path: 'customer/edit/:id',
            handle: title('Customer - View'),
            lazy: () => import('./features/customers/customer-edit.route'),
          },
          {
            path: 'customer/order/:id',
            handle: title('Customer - New Order'),
            lazy: () => import('./features/customers/customer-order.route'),
          },
          {
            path: 'order/:id',
            handle: title('Order Detail'),
            lazy: () => import('./features/order/maint-order-detail.route'),
          },
          {
            path: 'invoice/:id',
            handle: title('Invoice'),
            lazy: () => import('./features/invoices/maint-invoice.route'),
          },
          {
            path: 'customer/importitems',
            handle: title('Customer Items Import'),
            lazy: () => import('./features/customers/customer-items-import.route'),
          },
          {
            path: 'customertype',
            handle: title('Customer Types'),
            lazy: () => import('./features/customer-types/customer-types.route'),
          },
          {
            path: 'customertype/edit/:id',
            handle: title('Customer Type - Edit'),
            lazy: () => import('./features/customer-types/customer-type-edit.route'),
          },
          {
            path: 'ordermessages',
            handle: title('Messages'),
            lazy: () => import('./features/messages/order-messages.route'),
          },
          {
            path: 'ordermessage/edit/:id',
            handle: title('Message - Edit'),
            lazy: () => import('./features/messages/order-message-edit.route'),
          },
          {
            path: 'audit',
            handle: title('Audit Trail'),
            lazy: () => import('./features/audit/audit.route'),
          },
          {
            path: 'holidays',
            handle: title('Holidays'),
            lazy: () => import('./features/holidays/holidays.route'),
          },
          {
            path: 'regenerateorders',
            handle: title('Regenerate Orders'),
            lazy: () => import('./features/regenerate/regenerate-orders.route'),
          },
          { path: 'users', handle: title('Users'), lazy: () => import('./features/users/users.route') },
          {
            path: 'user/edit/:id',
            handle: title('User - Edit'),
            lazy: () => import('./features/users/user-edit.route'),
          },
        ],
      },
      { path: '*', handle: title('Page not found'), Component: NotFoundPage },
    ],
  },
]);

export function createRouter() {
  return createBrowserRouter(routes);
}

/** Screens' code loaded on a tap or a Tab onto a link to them (lib/prefetch-routes.ts). */
export function prefetchScreensOnIntent() {
  return prefetchRoutesOnIntent(routes);
}
