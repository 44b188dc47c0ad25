import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { addDays } from '../../../domain/business-date';
import { Component as AdminLogin } from '../../features/auth/admin-login.route';
import { Component as CustomerLogin } from '../../features/auth/customer-login.route';
import { getCustomerTypes } from '../../features/customer-types/api/get-customer-types';
import { getHolidays, UPCOMING_HOLIDAY_DAYS } from '../../features/holidays/api/get-holidays';
import { getDraft } from '../../features/order/api/get-draft';
import { getOrders } from '../../features/order/api/get-orders';
import { getCustomer } from '../../features/order/api/get-own-customer';
import { todayInBusiness } from '../../features/order/order-time';
import indexHtml from '../../index.html?raw';
import shellScript from '../../public/app-shell.js?raw';
import { mockFetch, renderRoutes } from '../../test/render';
import { RequireRole } from './require-role';
import { PageLoader, RootLayout } from './root-layout';
import { STATIC_SHELL_ID } from './static-shell';

/** index.html's shell in the page, its variant chosen by app-shell.js for `address`. */
function drawStaticShell(address: string) {
  window.history.replaceState(null, '', address);
  new Function(shellScript)();
  const body = new DOMParser().parseFromString(indexHtml, 'text/html').body;
  const shell = body.querySelector(`#${STATIC_SHELL_ID}`);
  if (!shell) throw new Error('index.html has no static shell');
  document.body.prepend(shell);
}

/** The shell's texts for `page` (app-shell.js's page name), in the order drawn. */
function shellTexts(page: string, selector: string): string[] {
  const shell = document.getElementById(STATIC_SHELL_ID)!;
  return [...shell.querySelectorAll(selector)].map((e) =>
    [...e.childNodes]
      .filter((n) => !(n instanceof HTMLElement && n.dataset.for && !n.dataset.for.split(' ').includes(page)))
      .map((n) => n.textContent)
      .join('')
      .replace('*', ' *'),
  );
}

afterEach(() => {
  document.getElementById(STATIC_SHELL_ID)?.remove();
  delete document.documentElement.dataset.shell;
  delete document.documentElement.dataset.shellPage;
  delete document.documentElement.dataset.login;
  window.history.replaceState(null, '', '/');
  window.__earlyAnswers = undefined;
  vi.unstubAllGlobals();
});

const customer = { Id: 1, CompanyId: 1001, CustomerTypeId: 1, Name: 'D', Zipcode: 60601, IsActive: true };

describe('the static shell (index.html)', () => {
  it('stands in for the loaders until the customer frame is drawn, then goes', async () => {
    const pending = new Map<string, (body: unknown) => void>();
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (input: RequestInfo | URL) =>
          new Promise<Response>((resolve) => {
            pending.set(String(input), (body) =>
              resolve(new Response(JSON.stringify(body), { status: 200 })),
            );
          }),
      ),
    );
    drawStaticShell('/order/home');
    expect(document.documentElement.dataset.shell).toBe('customer');
    // app-shell.js asked for the session before any React ran.
    expect([...pending.keys()]).toEqual(['/api/v1/Session', '/api/v1/Footer']);
    renderRoutes(
      [
        {
          Component: RootLayout,
          HydrateFallback: PageLoader,
          children: [
            {
              path: '/order/home',
              element: (
                <RequireRole need="customer" login="/user/login">
                  <h1>Order Messages</h1>
                </RequireRole>
              ),
            },
          ],
        },
      ],
      '/order/home',
    );
    // The session is not known yet: the guard's loader draws nothing, the shell stays.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(document.getElementById(STATIC_SHELL_ID)).not.toBeNull();
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(document.querySelector('.mantine-Loader-root')).toBeNull();

    pending.get('/api/v1/Session')?.({ Role: 'customer', Customer: customer, User: null });
    expect(await screen.findByRole('heading', { name: 'Order Messages' })).not.toBeNull();
    expect(document.getElementById(STATIC_SHELL_ID)).toBeNull();
  });

  it.each([
    ['/order/form/0', true],
    ['/order/form/0?copy=12', false],
    ['/order/form/0?change=12', false],
  ])(
    'asks on %s, once the session is known, what the order form loads, as the form asks it',
    async (address, draft) => {
      const asked: string[] = [];
      vi.stubGlobal(
        'fetch',
        vi.fn(async (input: RequestInfo | URL) => {
          asked.push(String(input));
          const path = String(input);
          const body = path.endsWith('/Session') ? { Role: 'customer', Customer: customer, User: null } : {};
          return new Response(JSON.stringify(body), { status: 200 });
        }),
      );
      drawStaticShell(address);
      await vi.waitFor(() => expect(asked.length).toBe(draft ? 7 : 6));
      const early = asked.length;
      // The form's own calls are answered from what the shell asked: none goes to the server again.
      const today = todayInBusiness();
      await Promise.all([
        getCustomerTypes(),
        getCustomer(customer.Id),
        getOrders(customer.CompanyId),
        getHolidays({ from: today, to: addDays(today, UPCOMING_HOLIDAY_DAYS) }),
        ...(draft ? [getDraft(customer.Id)] : []),
      ]);
      expect(asked.length).toBe(early);
    },
  );

  it('is taken away at once on an address it has no variant for, and the loader shows', () => {
    drawStaticShell('/maint/home');
    expect(document.documentElement.dataset.shell).toBeUndefined();
    renderRoutes([{ path: '/maint/home', Component: PageLoader }], '/maint/home');
    expect(document.getElementById(STATIC_SHELL_ID)).toBeNull();
    expect(document.querySelector('.mantine-Loader-root')).not.toBeNull();
  });

  it.each([['/maint/login', 'admin-login', AdminLogin]])(
    'draws the login card of %s with the texts React draws',
    async (address, page, Login) => {
      drawStaticShell(address);
      expect(document.documentElement.dataset.shellPage).toBe(page);
      const shell = {
        title: shellTexts(page, '.sh-card-title'),
        subtitle: shellTexts(page, '.sh-sub'),
        labels: shellTexts(page, '.sh-label'),
        button: shellTexts(page, '.sh-button'),
      };
      document.getElementById(STATIC_SHELL_ID)?.remove();
      mockFetch(200, {});
      renderRoutes([{ path: address, Component: Login }], address);
      const heading = await screen.findByRole('heading', { level: 1 });
      expect(shell.title).toEqual([heading.textContent]);
      expect(shell.subtitle).toEqual([heading.nextElementSibling?.textContent]);
      expect(shell.labels).toEqual([...document.querySelectorAll('label')].map((l) => l.textContent));
      expect(shell.button).toEqual([screen.getByRole('button', { name: /Login/ }).textContent]);
    },
  );

  it('has, on /user/login, a working form (decision 053) with the texts the React login draws', async () => {
    drawStaticShell('/user/login');
    // No stand-in: the page is the form itself, outside the shell.
    expect(document.documentElement.dataset.shell).toBeUndefined();
    expect(document.documentElement.dataset.login).toBe('customer');
    const page = new DOMParser().parseFromString(indexHtml, 'text/html').getElementById('login-page');
    if (!page) throw new Error('index.html has no login page');
    const form = {
      title: page.querySelector('h1')?.textContent,
      subtitle: page.querySelector('h1')?.nextElementSibling?.textContent,
      labels: [...page.querySelectorAll('label')].map((l) => l.textContent),
      button: page.querySelector('button[type="submit"]')?.textContent,
    };
    delete document.documentElement.dataset.login;
    mockFetch(200, {});
    renderRoutes([{ path: '/user/login', Component: CustomerLogin }], '/user/login');
    const heading = await screen.findByRole('heading', { level: 1 });
    expect(form.title).toBe(heading.textContent);
    expect(form.subtitle).toBe(heading.nextElementSibling?.textContent);
    expect(form.labels).toEqual([...document.querySelectorAll('label')].map((l) => l.textContent));
    expect(form.button).toBe(screen.getByRole('button', { name: /Login/ }).textContent);
  });
});
