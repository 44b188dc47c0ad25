import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Dashboard as DashboardAnswer } from '../../../domain/dashboard.schema';
import { type ApiRoutes, mockApi } from '../../test/mock-api';
import { renderRoutes } from '../../test/render';
import { expectToast } from '../../test/toasts';
import { Dashboard } from './components/dashboard';

afterEach(() => vi.unstubAllGlobals());

const day = (date: string, Orders = 0, Cases = 0) => ({ Date: date, Orders, Cases });
const answer: DashboardAnswer = {
  Today: '2026-11-25',
  OrdersByDeliveryDate: [
    day('2026-11-25', 4, 2057.3),
    day('2026-11-26'),
    day('2026-11-27', 12, 88.5),
    day('2026-11-28'),
    day('2026-11-30'),
    day('2026-12-01'),
    day('2026-12-02'),
  ],
  WebOrdersToday: 3,
  SameWeekdayAverage: 4.5,
  NotYetOrdered: [
    {
      CustomerId: 7,
      CompanyId: 1001,
      Name: 'Blue Door Tavern',
      Phone: '3125550142',
      DeliveryDate: '2026-11-27',
      LastDeliveryDate: '2026-11-20',
    },
    {
      CustomerId: 8,
      CompanyId: 1002,
      Name: 'Corner Shop',
      Phone: '',
      DeliveryDate: '2026-11-27',
      LastDeliveryDate: null,
    },
  ],
  NotYetOrderedTotal: 5,
  NeedsAttention: { MailFailed: 2, NotExported: 0, ShortLines: 3, InvoiceFlags: 4 },
  LastImports: [
    {
      At: '2026-11-25T15:00:00.000Z',
      User: 'admin',
      Kind: 'OrderHistory',
      FileName: 'history.txt',
      Lines: 10,
      Inserted: 7,
      Updated: 1,
      Unchanged: 0,
      Rejected: 2,
    },
  ],
  LicensesExpiring: [
    {
      CustomerId: 9,
      CompanyId: 7003,
      Name: 'Magnificent Mile Suites',
      LicenseNumber: 'IL-7003',
      LicenseExpires: '2026-11-13',
      Expired: true,
    },
    {
      CustomerId: 10,
      CompanyId: 3002,
      Name: 'Wrigleyville Wine & Spirits',
      LicenseNumber: null,
      LicenseExpires: '2026-12-15',
      Expired: false,
    },
  ],
  LicensesExpiringTotal: 4,
  OutOfStockToday: {
    Lines: 3,
    Orders: [
      { Id: 41, OrderNum: '1001-0042', CustomerId: 7, CompanyId: 1001, Name: 'Blue Door Tavern', Lines: 2 },
      { Id: 40, OrderNum: '1002-0017', CustomerId: 8, CompanyId: 1002, Name: 'Corner Shop', Lines: 1 },
    ],
    OrdersTotal: 3,
  },
  StandingOrders: {
    Tomorrow: 4,
    NotPlaced: [
      {
        StandingOrderId: 3,
        CustomerId: 7,
        CompanyId: 1001,
        Name: 'Blue Door Tavern',
        DeliveryDate: '2026-11-27',
        OrderBy: '2026-11-25T16:00:00-06:00',
        Reason: 'Order must have at least 10 cases',
      },
    ],
  },
  Backups: {
    Embedded: true,
    Last: { File: 'backup-20261125-080000.tar.gz', Bytes: 12_345_678, TakenAt: '2026-11-25T08:00:00.000Z' },
    LastFailure: null,
    Late: false,
  },
};

function renderDashboard(body: DashboardAnswer | [number, unknown] = answer, routes: ApiRoutes = {}) {
  const api = mockApi({ 'GET /api/v1/Dashboard': Array.isArray(body) ? body : [200, body], ...routes });
  const view = renderRoutes(
    [
      { path: '/', element: <Dashboard /> },
      { path: '/maint/regenerateorders', element: <p>Regenerate screen</p> },
      { path: '/maint/customer/edit/:id', element: <p>Customer screen</p> },
      { path: '/maint/order/:id', element: <p>Order screen</p> },
    ],
    '/',
  );
  return { api, ...view };
}

describe('staff dashboard (design.md 7.8)', () => {
  it('shows the day from one request: deliveries, web orders, who has not ordered, imports', async () => {
    const { api } = renderDashboard();
    const days = within(await screen.findByRole('list', { name: 'Orders and cases per delivery day' }));
    expect(days.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Wed 11/254 orders · 2,057 cases',
      'Thu 11/260 orders · 0 cases',
      'Fri 11/2712 orders · 89 cases',
      'Sat 11/280 orders · 0 cases',
      'Mon 11/300 orders · 0 cases',
      'Tue 12/010 orders · 0 cases',
      'Wed 12/020 orders · 0 cases',
    ]);
    expect(screen.getByTestId('web-orders-today').textContent).toBe('3');
    expect(screen.getByTestId('same-weekday-average').textContent).toBe('4.5');
    expect(
      screen.getByText('Today is below the average of the last 4 Wednesdays (whole days).'),
    ).toBeTruthy();
    const call = screen.getByRole('link', { name: 'Call Blue Door Tavern at (312) 555-0142' });
    expect(call.getAttribute('href')).toBe('tel:3125550142');
    expect(screen.getByText('1001 · for Fri 11/27 · last Fri 11/20')).toBeTruthy();
    expect(screen.getByText('No phone')).toBeTruthy();
    expect(screen.getByText('and 3 more')).toBeTruthy();
    expect(screen.getByText('Order history: history.txt')).toBeTruthy();
    expect(screen.getByText(/10 lines: 7 inserted, 1 updated, 0 unchanged/).textContent).toContain(
      '2 rejected',
    );
    expect(screen.getByRole('link', { name: 'Every import in the audit trail' }).getAttribute('href')).toBe(
      '/maint/audit?Entity=Import',
    );
    expect(api.calls.map((c) => c.url)).toEqual(['/api/v1/Dashboard']);
  });

  it('lists the liquor licenses expired and expiring within 30 days, the expired marked (design.md 8.2)', async () => {
    const { router } = renderDashboard();
    const list = within(await screen.findByRole('list', { name: 'Liquor licenses expiring' }));
    expect(list.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Magnificent Mile Suites7003 · License IL-7003Expired on 11/13/2026Expired',
      'Wrigleyville Wine & Spirits3002Expires 12/15/2026, in 20 days',
    ]);
    expect(screen.getByText('and 2 more')).toBeTruthy();
    fireEvent.click(list.getByRole('link', { name: 'Magnificent Mile Suites' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/maint/customer/edit/9'));
  });

  it('links what needs attention to the screen that fixes it', async () => {
    const { router } = renderDashboard();
    const link = await screen.findByRole('link', { name: '2 failed confirmation mails: resend' });
    const exports = screen.getByRole('link', { name: '0 web orders not exported: regenerate' });
    // The export row opens the list filtered to the orders never exported, the count's rule.
    expect(exports.getAttribute('href')).toBe('/maint/regenerateorders?NotExported=true');
    expect(screen.getByTestId('short-lines').textContent).toBe('3 lines delivered short in the last 7 days');
    expect(screen.getByTestId('invoice-flags').textContent).toBe(
      '4 invoice flags in the last 7 days: short, extra, other prices, fees',
    );
    fireEvent.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe('/maint/regenerateorders'));
    expect(router.state.location.search).toBe('');
  });

  it("counts today's ordered lines that are out and links the orders they are on (design.md 8.3)", async () => {
    const { router } = renderDashboard();
    expect((await screen.findByTestId('out-lines')).textContent).toBe(
      '3 lines ordered today are out of stock',
    );
    const list = within(screen.getByRole('list', { name: 'Orders with lines out of stock' }));
    expect(list.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Order 1001-0042Blue Door Tavern · 10012 lines out',
      'Order 1002-0017Corner Shop · 10021 line out',
    ]);
    expect(screen.getByText('and 1 more order')).toBeTruthy();
    fireEvent.click(list.getByRole('link', { name: 'Order 1001-0042' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/maint/order/41'));
  });

  it("counts tomorrow's standing orders and links the dates a rule refused to the customer's (design.md 8.6)", async () => {
    const { router } = renderDashboard();
    expect((await screen.findByTestId('standing-tomorrow')).textContent).toBe(
      '4 orders placed by standing orders for tomorrow',
    );
    const list = within(screen.getByRole('list', { name: 'Standing orders not placed' }));
    expect(list.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Not placed for Fri 11/27/2026Blue Door Tavern · 1001: Order must have at least 10 casesby 4:00 PM',
    ]);
    fireEvent.click(list.getByRole('link', { name: 'Not placed for Fri 11/27/2026' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/maint/customer/edit/7'));
    expect(router.state.location.search).toBe('?tab=standing');
  });

  it("shows the last backup's time and size, takes one now, and flags one that failed or is late (design.md 8.8)", async () => {
    const { api } = renderDashboard(answer, {
      'POST /api/v1/Backup': [201, { File: 'backup-20261125-160000.tar.gz', Bytes: 12_400_000 }],
    });
    expect((await screen.findByTestId('backup-status')).textContent).toBe(
      'Last backup 11/25/2026 02:00 AM, 12.3 MB',
    );
    expect(screen.queryByTestId('backup-trouble')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Back up now' }));
    await expectToast('Backup backup-20261125-160000.tar.gz written (12.4 MB)');
    expect(api.posts().map((c) => c.url)).toEqual(['/api/v1/Backup']);
    cleanup();
    renderDashboard({
      ...answer,
      Backups: {
        ...answer.Backups,
        LastFailure: { At: '2026-11-25T09:00:00.000Z', Message: 'ENOSPC: no space left on device' },
      },
    });
    expect((await screen.findByTestId('backup-trouble')).textContent).toBe(
      'The last backup failed at 11/25/2026 03:00 AM: ENOSPC: no space left on device',
    );
    cleanup();
    renderDashboard({ ...answer, Backups: { ...answer.Backups, Late: true } });
    expect((await screen.findByTestId('backup-trouble')).textContent).toBe(
      'Backups are more than a day late',
    );
  });

  it('says when nothing needs attention and everyone has ordered', async () => {
    renderDashboard({
      ...answer,
      NotYetOrdered: [],
      NotYetOrderedTotal: 0,
      NeedsAttention: { MailFailed: 0, NotExported: 0, ShortLines: 0, InvoiceFlags: 0 },
      LastImports: [],
      LicensesExpiring: [],
      LicensesExpiringTotal: 0,
      OutOfStockToday: { Lines: 0, Orders: [], OrdersTotal: 0 },
      StandingOrders: { Tomorrow: 0, NotPlaced: [] },
      Backups: { Embedded: true, Last: null, LastFailure: null, Late: false },
    });
    expect(await screen.findByText('0 failed confirmation mails: resend')).toBeTruthy();
    expect(screen.getByText('0 lines delivered short in the last 7 days')).toBeTruthy();
    expect(
      screen.getByText('Every customer who usually orders for their next delivery day has ordered.'),
    ).toBeTruthy();
    expect(screen.getByText('No file imported yet.')).toBeTruthy();
    expect(screen.getByText('No liquor license has expired or expires in the next 30 days.')).toBeTruthy();
    expect(screen.getByTestId('out-lines').textContent).toBe('No line ordered today is out of stock');
    expect(screen.queryByRole('list', { name: 'Orders with lines out of stock' })).toBeNull();
  });

  it('says when the figures cannot be loaded', async () => {
    renderDashboard([500, { ErrorMessage: 'Something went wrong' }]);
    expect(await screen.findByText("The day's figures could not be loaded.")).toBeTruthy();
  });
});
