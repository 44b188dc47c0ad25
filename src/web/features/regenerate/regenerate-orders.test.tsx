import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WebOrderListItem } from '../../../domain/regenerate.schema';
import { DialogHost } from '../../components/dialogs/dialog-host';
import { showApiErrorDialogLazily } from '../../components/dialogs/lazy-error-dialog';
import { FilterDrawerProvider } from '../../components/layout/filter-drawer';
import { createQueryClient } from '../../lib/query-client';
import { contractAnswer } from '../../test/contract';
import { theme } from '../../theme';
import { regenerateToasts } from './components/confirm-regenerate';
import { resendToasts } from './components/confirm-resend';
import { Component as RegenerateOrders } from './regenerate-orders.route';

// A spy that still opens the real dialog: it counts the times a failed call asks for the
// generic error dialog, which the QueryClient does before the screen's own error handler runs.
vi.mock('../../components/dialogs/lazy-error-dialog', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../components/dialogs/lazy-error-dialog')>();
  return { showApiErrorDialogLazily: vi.fn(real.showApiErrorDialogLazily) };
});

const order = (Id: number, OrderNum: string, CompanyId: number, CreateDate: string): WebOrderListItem => ({
  Id,
  OrderNum,
  CompanyId,
  CustomerName: `Customer ${CompanyId}`,
  CustomerTypeId: Math.floor(CompanyId / 1000),
  CreateDate,
  DeliveryDate: '2025-03-10',
  Name: 'Pat',
  ReferencePO: '',
  ExportedAt: null,
  MailedAt: null,
  EnteredBy: null,
  PlacedBy: 'Shared sign-in',
  Status: 1,
});
const orders = [
  { ...order(11, 'W000011', 1001, '2025-03-01T15:00:00Z'), ExportedAt: '2025-03-01T15:00:05Z' },
  {
    ...order(12, 'W000012', 6001, '2025-03-03T15:00:00Z'),
    ReferencePO: 'PO-77123',
    MailedAt: '2025-03-03T15:01:00Z',
  },
  { ...order(15, 'W000015', 2002, '2025-03-02T15:00:00Z'), EnteredBy: 'dana.k', PlacedBy: 'dana.k' },
];

/**
 * Answers GET CustomerTypes and GET Orders, POST RegenerateOrders with `regenerateStatus`, and
 * POST ResendOrderMails with `resendAnswer` (order 15's mail refused when it is 'partial').
 */
function stubApi(regenerateStatus: number, resendAnswer: 'sent' | 'partial' | 500 = 'sent') {
  const posts: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const json = (status: number, body: unknown) =>
        new Response(JSON.stringify(contractAnswer(init?.method ?? 'GET', url, status, body)), {
          status,
          headers: { 'Content-Type': 'application/json' },
        });
      if (url.includes('/CustomerTypes')) return json(200, []);
      if (url.includes('/RegenerateOrders')) {
        posts.push(JSON.parse(String(init?.body)));
        return regenerateStatus < 300
          ? json(regenerateStatus, { Regenerated: 2 })
          : json(regenerateStatus, { ErrorMessage: 'disk full' });
      }
      if (url.includes('/ResendOrderMails')) {
        const { Ids } = JSON.parse(String(init?.body)) as { Ids: number[] };
        posts.push({ Ids });
        if (resendAnswer === 500) return json(500, { ErrorMessage: 'boom' });
        const Results = Ids.map((Id) => {
          const failed = resendAnswer === 'partial' && Id === 15;
          const OrderNum = orders.find((o) => o.Id === Id)!.OrderNum;
          return {
            Id,
            OrderNum,
            Sent: !failed,
            ErrorMessage: failed ? 'The mail server refused it: 550' : null,
          };
        });
        const Sent = Results.filter((r) => r.Sent).length;
        return json(200, { Sent, Failed: Results.length - Sent, Results });
      }
      if (url.includes('/Orders')) {
        // The server's NotExported filter (regenerate-not-exported.routes.test.ts).
        const notExported = new URL(url, 'http://x').searchParams.get('NotExported') === 'true';
        return json(200, notExported ? orders.filter((o) => o.ExportedAt === null) : orders);
      }
      return json(404, { ErrorMessage: 'not stubbed' });
    }),
  );
  return posts;
}

function renderScreen() {
  const router = createMemoryRouter([{ path: '/maint/regenerateorders', Component: RegenerateOrders }], {
    initialEntries: ['/maint/regenerateorders'],
  });
  render(
    <MantineProvider theme={theme}>
      <QueryClientProvider client={createQueryClient()}>
        <FilterDrawerProvider>
          <RouterProvider router={router} />
        </FilterDrawerProvider>
        <Notifications />
        <DialogHost />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.mocked(showApiErrorDialogLazily).mockClear();
});

async function chooseTwoAndConfirm() {
  const table = await screen.findByRole('table', { name: 'Web orders' });
  // Newest first.
  await waitFor(() => expect(within(table).getAllByRole('row')[1]?.textContent).toContain('W000012'));
  const generate = screen.getByRole('button', { name: 'Generate' });
  expect(generate).toHaveProperty('disabled', true);
  fireEvent.click(screen.getByRole('checkbox', { name: 'Select order W000012' }));
  fireEvent.click(screen.getByRole('checkbox', { name: 'Select order W000015' }));
  expect(screen.getByText('2 selected')).toBeTruthy();
  fireEvent.click(generate);
  const dialog = await screen.findByRole('dialog');
  expect(within(dialog).getByText('W000012')).toBeTruthy();
  expect(within(dialog).getByText('W000015')).toBeTruthy();
  fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
}

// Renders the whole screen with dialogs and toasts: slow on a busy machine.
describe('Regenerate Orders', { timeout: 20_000 }, () => {
  it("shows each order's Reference PO and sends a typed PO to the server's order number filter", async () => {
    stubApi(200);
    renderScreen();
    const table = await screen.findByRole('table', { name: 'Web orders' });
    expect(within(table).getByRole('columnheader', { name: 'Reference PO' })).toBeTruthy();
    const row = await within(table).findByRole('row', { name: /W000012/ });
    expect(within(row).getByRole('cell', { name: 'PO-77123' })).toBeTruthy();

    // The one order number field also searches the PO (uppercased, by the server).
    fireEvent.change(screen.getByRole('textbox', { name: 'Web Order Confirmation #' }), {
      target: { value: 'po-771' },
    });
    await waitFor(
      () => {
        const urls = vi.mocked(fetch).mock.calls.map(([input]) => String(input));
        expect(urls.some((u) => /\/Orders\?OrderNum=PO-771$/.test(u))).toBe(true);
      },
      { timeout: 3000 },
    );
  });

  it('says who placed each order: the shared sign-in, or the staff user who entered it', async () => {
    stubApi(200);
    renderScreen();
    const table = await screen.findByRole('table', { name: 'Web orders' });
    expect(within(table).getByRole('columnheader', { name: /Placed By/ })).toBeTruthy();
    expect(within(table).queryByRole('columnheader', { name: /Entered By/ })).toBeNull();
    const row = (num: string) => within(table).findByRole('row', { name: new RegExp(num) });
    expect(within(await row('W000011')).getByRole('cell', { name: 'Shared sign-in' })).toBeTruthy();
    expect(within(await row('W000015')).getByRole('cell', { name: 'dana.k' })).toBeTruthy();
  });

  it('lists the orders never exported in one tap, and all of them again in another', async () => {
    stubApi(200);
    renderScreen();
    const table = await screen.findByRole('table', { name: 'Web orders' });
    await within(table).findByRole('row', { name: /W000011/ });
    const urls = () => vi.mocked(fetch).mock.calls.map(([input]) => String(input));

    const chip = screen.getByRole('checkbox', { name: 'Not exported only' });
    fireEvent.click(chip);
    // At once (no filter delay), asked of the server: the list it answers is capped.
    await waitFor(() => expect(urls().some((u) => /\/Orders\?NotExported=true$/.test(u))).toBe(true));
    await waitFor(() => expect(within(table).queryByRole('row', { name: /W000011/ })).toBeNull());
    expect(within(table).getByRole('row', { name: /W000012/ })).toBeTruthy();
    expect(within(table).getByRole('row', { name: /W000015/ })).toBeTruthy();
    expect(chip).toHaveProperty('checked', true);

    fireEvent.click(chip);
    expect(await within(table).findByRole('row', { name: /W000011/ })).toBeTruthy();
    expect(chip).toHaveProperty('checked', false);
  });

  it('posts the chosen Ids, clears the selection and shows the completed toast', async () => {
    const posts = stubApi(200);
    renderScreen();
    await chooseTwoAndConfirm();
    expect(await screen.findByText(regenerateToasts.completed)).toBeTruthy();
    expect(posts).toEqual([[12, 15]]);
    expect(screen.getByRole('button', { name: 'Generate' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('checkbox', { name: 'Select order W000012' })).toHaveProperty('checked', false);
  });

  it("shows each order's Status and times in business time, and the server's words when it refuses the orders chosen (issue 33)", async () => {
    stubApi(422);
    renderScreen();
    const table = await screen.findByRole('table', { name: 'Web orders' });
    expect(within(table).getByRole('columnheader', { name: 'Status' })).toBeTruthy();
    const row = await within(table).findByRole('row', { name: /W000012/ });
    expect(within(row).getByRole('cell', { name: 'Open' })).toBeTruthy();
    // Times on the business clock (Central), as customers see them, whatever the browser's zone
    // (these tests run in Tokyo's, where 15:00 UTC is 12:00 AM the next day).
    expect(within(row).getByRole('cell', { name: '03/03/2025 09:00 AM' })).toBeTruthy();
    await chooseTwoAndConfirm();
    expect(await screen.findByText('disk full')).toBeTruthy();
    expect(screen.queryByText(regenerateToasts.failed)).toBeNull();
  });

  it('keeps the confirmation open on Escape: it is persistent (spec section 4, issue 33)', async () => {
    const posts = stubApi(200);
    renderScreen();
    const table = await screen.findByRole('table', { name: 'Web orders' });
    await within(table).findByRole('row', { name: /W000012/ });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select order W000012' }));
    fireEvent.click(screen.getByRole('button', { name: 'Generate' }));
    const dialog = await screen.findByRole('dialog');
    // On fake time, every timer and frame the Escape starts runs out: a dialog closing would
    // be gone by then, whatever its transition's length.
    vi.useFakeTimers();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    fireEvent.keyDown(window, { key: 'Escape' });
    await act(() => vi.runAllTimersAsync());
    vi.useRealTimers();
    expect(screen.getByRole('dialog')).toBe(dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posts).toEqual([]);
  });

  it('shows the failure toast (and no error dialog) when the server fails', async () => {
    stubApi(500);
    renderScreen();
    await chooseTwoAndConfirm();
    expect(await screen.findByText(regenerateToasts.failed)).toBeTruthy();
    // The toast comes from the screen's error handler, which runs after the QueryClient's: by
    // now the generic error dialog would have been asked for.
    expect(showApiErrorDialogLazily).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByText('Server Error')).toBeNull();
  });
});

async function chooseTwoAndResend() {
  const table = await screen.findByRole('table', { name: 'Web orders' });
  await waitFor(() => expect(within(table).getAllByRole('row')[1]?.textContent).toContain('W000012'));
  // Which mails are owed shows in the list.
  expect(within(table).getAllByRole('row')[1]!.textContent).toContain('Mailed');
  expect(within(table).getAllByRole('row')[1]!.textContent).not.toContain('Not mailed');
  expect(within(table).getAllByRole('row')[2]!.textContent).toContain('Not mailed');
  const resend = screen.getByRole('button', { name: 'Resend Confirmation' });
  expect(resend).toHaveProperty('disabled', true);
  fireEvent.click(screen.getByRole('checkbox', { name: 'Select order W000012' }));
  fireEvent.click(screen.getByRole('checkbox', { name: 'Select order W000015' }));
  fireEvent.click(resend);
  const dialog = await screen.findByRole('dialog');
  expect(within(dialog).getByText('W000012')).toBeTruthy();
  expect(within(dialog).getByText(/One was mailed before and will be mailed again/)).toBeTruthy();
  return dialog;
}

describe('Regenerate Orders: Resend Confirmation', { timeout: 20_000 }, () => {
  it('posts the chosen Ids after the confirmation, clears the selection and shows the sent toast', async () => {
    const posts = stubApi(200);
    renderScreen();
    fireEvent.click(within(await chooseTwoAndResend()).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText(resendToasts.completed(2))).toBeTruthy();
    expect(posts).toEqual([{ Ids: [12, 15] }]);
    expect(screen.getByRole('checkbox', { name: 'Select order W000015' })).toHaveProperty('checked', false);
  });

  it('sends nothing when the confirmation is cancelled', async () => {
    const posts = stubApi(200);
    renderScreen();
    fireEvent.click(within(await chooseTwoAndResend()).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posts).toEqual([]);
    expect(screen.getByText('2 selected')).toBeTruthy();
  });

  it('names the orders whose mail failed, and shows the failure toast when the call fails', async () => {
    stubApi(200, 'partial');
    renderScreen();
    fireEvent.click(within(await chooseTwoAndResend()).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText(resendToasts.failed(['W000015']))).toBeTruthy();
    cleanup();
    stubApi(200, 500);
    renderScreen();
    fireEvent.click(within(await chooseTwoAndResend()).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText(resendToasts.failed([]))).toBeTruthy();
    expect(showApiErrorDialogLazily).not.toHaveBeenCalled();
    expect(screen.queryByText('Server Error')).toBeNull();
  });
});
