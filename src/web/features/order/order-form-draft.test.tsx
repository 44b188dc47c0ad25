import { onlineManager } from '@tanstack/react-query';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Customer } from '../../../domain/customer.schema';
import { draftConflictMessages, type SavedOrderDraft } from '../../../domain/order-draft.schema';
import { letPass, useFakeTimeouts } from '../../test/fake-timeouts';
import { DRAFT_RELOADED } from './components/draft-elsewhere';
import { Component as OrderForm } from './order-form.route';
import { Component as OrderHome } from './order-home.route';
import {
  barCustomer,
  customerTypes,
  mockApi,
  product,
  quietFocusTrapWarnings,
  renderOrderRoutes,
} from './test/render-order';
import { AUTOSAVE_DELAY_MS } from './use-draft-autosave';
import { NOT_SENT_TWICE } from './use-submit-order';

/** Issue 20's web half: the form saves itself as the draft, and a new order offers it back. */

const customer: Customer = {
  ...barCustomer,
  CustomerTypeName: 'Bars & Taverns',
  LicenseNumber: null,
  LicenseExpires: null,
  PaymentTerms: null,
  SharedSignIn: true,
  Products: [
    product({ Code: 'BR-1105', Description: 'Lake Effect IPA', OrderNo: 1 }),
    product({ Code: 'BR-1182', Description: 'Steelworks Stout', OrderNo: 2 }),
  ],
};

const saved: SavedOrderDraft = {
  SavedAt: '2026-06-10T14:00:00.000Z',
  Order: {
    DeliveryDate: '2026-06-12',
    Name: 'Pat Draft',
    Phone: '3125550142',
    Email: 'pat@example.com',
    ReferencePO: '',
    ProductQuantities: [
      { Code: 'BR-1105', CaseQuantity: '1.', UnitQuantity: '' },
      { Code: 'BR-1182', CaseQuantity: 3, UnitQuantity: '' },
    ],
    Step: 1,
  },
};

const noDraft = { status: 404, body: { ErrorMessage: 'The draft was not found' } };
const base = {
  'GET CustomerTypes': { status: 200, body: customerTypes },
  'GET Customer/1': { status: 200, body: customer },
  'GET Orders/1001': { status: 200, body: { DeliveryDates: [], Orders: [] } },
  'GET Customer/1/Draft': noDraft,
};

const routes = [
  { path: '/order/form/:id', Component: OrderForm },
  { path: '/order/home', Component: OrderHome },
];

/** The bodies of the PUT Draft calls so far, in order. */
const puts = (fetchMock: ReturnType<typeof mockApi>) =>
  fetchMock.mock.calls
    .filter(([url, init]) => String(url).endsWith('/Draft') && init?.method === 'PUT')
    .map(([, init]) => JSON.parse(String(init!.body)));
const calls = (fetchMock: ReturnType<typeof mockApi>) =>
  fetchMock.mock.calls.map(
    ([url, init]) => `${init?.method ?? 'GET'} ${String(url).replace('/api/v1/', '')}`,
  );

/** The SavedAt `answerSaved` answers with. */
const answered = '2026-06-10T15:00:01.000Z';
const answerSaved = (init: RequestInit | undefined) => {
  const { BaseSavedAt: _, ...order } = JSON.parse(String(init!.body));
  return { status: 200, body: { SavedAt: answered, Order: order } };
};

const button = (name: string) =>
  screen
    .getByText(name, { selector: '.mantine-Button-label, .mantine-Stepper-stepLabel' })
    .closest('button')!;
const typeName = (value: string) => fireEvent.change(screen.getByLabelText(/^Name/), { target: { value } });

// The autosave's wait runs on fake time: a test says "nothing was sent within the second" and
// means it (findBy and waitFor move the clock on as they poll).
beforeEach(() => {
  useFakeTimeouts(new Date('2026-06-10T15:00:00Z'));
  quietFocusTrapWarnings();
});
afterEach(() => {
  onlineManager.setOnline(true);
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('the order form as a draft', { timeout: 30_000 }, () => {
  it('saves nothing on opening, then the latest state once the typing pauses', async () => {
    const fetchMock = mockApi({ ...base, 'PUT Customer/1/Draft': answerSaved });
    renderOrderRoutes(routes, '/order/form/0');
    await screen.findByText(/^Earliest delivery date/);
    await letPass(AUTOSAVE_DELAY_MS + 200);
    expect(puts(fetchMock)).toEqual([]);

    typeName('P');
    typeName('Pa');
    typeName('Pat');
    expect(screen.getByTestId('draft-status').textContent).toBe('Saving…');
    await letPass(AUTOSAVE_DELAY_MS / 2);
    expect(puts(fetchMock)).toEqual([]);
    await waitFor(() => expect(screen.getByTestId('draft-status').textContent).toBe('Saved'));
    expect(puts(fetchMock)).toHaveLength(1);
    expect(puts(fetchMock)[0]).toMatchObject({ Name: 'Pat', Step: 0, ProductQuantities: [] });
  });

  it('sends a change still waiting at once when the page is hidden, in a request that outlives the page', async () => {
    const fetchMock = mockApi({ ...base, 'PUT Customer/1/Draft': answerSaved });
    renderOrderRoutes(routes, '/order/form/0');
    await screen.findByText(/^Earliest delivery date/);
    typeName('Pat before a reload');
    expect(puts(fetchMock)).toEqual([]);
    window.dispatchEvent(new Event('pagehide'));
    expect(puts(fetchMock)).toHaveLength(1);
    expect(puts(fetchMock)[0]).toMatchObject({ Name: 'Pat before a reload', BaseSavedAt: null });
    const [, init] = fetchMock.mock.calls.find(([, i]) => i?.method === 'PUT')!;
    expect(init!.keepalive).toBe(true);
    await waitFor(() => expect(screen.getByTestId('draft-status').textContent).toBe('Saved'));
    // Hidden (another app, another tab) sends it too; nothing waiting, nothing sent.
    typeName('Pat, hidden');
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    expect(puts(fetchMock)).toHaveLength(2);
    expect(puts(fetchMock)[1]).toMatchObject({ Name: 'Pat, hidden', BaseSavedAt: answered });
    document.dispatchEvent(new Event('visibilitychange'));
    await letPass(AUTOSAVE_DELAY_MS + 200);
    expect(puts(fetchMock)).toHaveLength(2);
  });

  it('says so and reloads the draft when another tab changed it; once it was sent there, shows no form', async () => {
    const elsewhere = {
      SavedAt: '2026-06-10T14:30:00.000Z',
      Order: { ...saved.Order, Name: 'Pat in tab B', Step: 0 },
    };
    const fetchMock = mockApi({
      ...base,
      'GET Customer/1/Draft': (_init, n) => ({
        status: 200,
        body: n === 1 ? { ...saved, Order: { ...saved.Order, Step: 0 } } : elsewhere,
      }),
      'PUT Customer/1/Draft': (_init, n) =>
        n === 1
          ? { status: 409, body: { ErrorMessage: draftConflictMessages.changed, Errors: [] } }
          : { status: 409, body: { ErrorMessage: draftConflictMessages.sent, Errors: [] } },
    });
    renderOrderRoutes(routes, '/order/form/0');
    fireEvent.click(await screen.findByText('Continue'));
    typeName('Pat in tab A');
    expect(await screen.findByText(DRAFT_RELOADED)).toBeTruthy();
    expect(puts(fetchMock)[0].BaseSavedAt).toBe(saved.SavedAt);
    await waitFor(() => expect(screen.getByLabelText(/^Name/).getAttribute('value')).toBe('Pat in tab B'));
    typeName('Pat in tab A again');
    expect(await screen.findByText(draftConflictMessages.sent)).toBeTruthy();
    expect(puts(fetchMock)[1].BaseSavedAt).toBe(elsewhere.SavedAt);
    expect(screen.queryByLabelText(/^Name/)).toBeNull();
    await letPass(AUTOSAVE_DELAY_MS + 200);
    expect(puts(fetchMock)).toHaveLength(2);
  });

  // Issue 39: with no network the draft is kept on the device, and back online the newer wins.
  it('with no network keeps the draft on the device, and back online saves it over an older one saved elsewhere, saying so', async () => {
    const elsewhere = {
      SavedAt: '2026-06-10T14:30:00.000Z',
      Order: { ...saved.Order, Name: 'Pat elsewhere' },
    };
    let online = false;
    const fetchMock = mockApi({
      ...base,
      'GET Customer/1/Draft': (_init, n) => ({
        status: 200,
        body: n === 1 ? { ...saved, Order: { ...saved.Order, Step: 0 } } : elsewhere,
      }),
      'PUT Customer/1/Draft': (init, n) =>
        !online
          ? 'network-error'
          : n === 2
            ? { status: 409, body: { ErrorMessage: draftConflictMessages.changed, Errors: [] } }
            : answerSaved(init),
    });
    renderOrderRoutes(routes, '/order/form/0');
    fireEvent.click(await screen.findByText('Continue'));
    await screen.findByLabelText(/^Name/);
    onlineManager.setOnline(false);
    typeName('Pat in the cellar');
    await waitFor(() => expect(screen.getByTestId('draft-status').textContent).toBe('Kept on this device'));
    expect(puts(fetchMock)).toHaveLength(1);

    online = true;
    onlineManager.setOnline(true);
    window.dispatchEvent(new Event('online'));
    // Its base was changed elsewhere (409) at 14:30, before this change: this one is saved over it.
    const note = await screen.findByTestId('draft-merged');
    expect(note.textContent).toContain(
      'Your draft saved on another device at 06/10/2026 09:30 AM was replaced by this one',
    );
    await waitFor(() => expect(screen.getByTestId('draft-status').textContent).toBe('Saved'));
    expect(puts(fetchMock).map((d) => [d.Name, d.BaseSavedAt])).toEqual([
      ['Pat in the cellar', saved.SavedAt],
      ['Pat in the cellar', saved.SavedAt],
      ['Pat in the cellar', elsewhere.SavedAt],
    ]);
    expect((screen.getByLabelText(/^Name/) as HTMLInputElement).value).toBe('Pat in the cellar');
  });

  it('back online, a draft saved elsewhere after the change made with no network wins, and the form says so', async () => {
    const later = {
      SavedAt: '2026-06-10T16:00:00.000Z',
      Order: { ...saved.Order, Name: 'Pat later', Step: 0 },
    };
    let online = false;
    mockApi({
      ...base,
      'GET Customer/1/Draft': (_init, n) => ({
        status: 200,
        body: n === 1 ? { ...saved, Order: { ...saved.Order, Step: 0 } } : later,
      }),
      'PUT Customer/1/Draft': () =>
        online
          ? { status: 409, body: { ErrorMessage: draftConflictMessages.changed, Errors: [] } }
          : 'network-error',
    });
    renderOrderRoutes(routes, '/order/form/0');
    fireEvent.click(await screen.findByText('Continue'));
    await screen.findByLabelText(/^Name/);
    onlineManager.setOnline(false);
    typeName('Pat in the cellar');
    await waitFor(() => expect(screen.getByTestId('draft-status').textContent).toBe('Kept on this device'));
    online = true;
    onlineManager.setOnline(true);
    window.dispatchEvent(new Event('online'));
    const note = await screen.findByTestId('draft-merged');
    expect(note.textContent).toContain(
      'were replaced by your draft saved on another device at 06/10/2026 11:00 AM',
    );
    await waitFor(() => expect(screen.getByLabelText(/^Name/).getAttribute('value')).toBe('Pat later'));
  });

  it('sends one save at a time: a change made meanwhile goes when the first has landed', async () => {
    let land: (r: Response) => void = () => {};
    const fetchMock = mockApi({
      ...base,
      'PUT Customer/1/Draft': (init, n) =>
        n === 1 ? (new Promise<Response>((r) => (land = r)) as Promise<never>) : answerSaved(init),
    });
    renderOrderRoutes(routes, '/order/form/0');
    await screen.findByText(/^Earliest delivery date/);
    typeName('First');
    await waitFor(() => expect(puts(fetchMock)).toHaveLength(1));
    typeName('Second');
    typeName('Third');
    await letPass(AUTOSAVE_DELAY_MS + 300);
    expect(puts(fetchMock)).toHaveLength(1);
    land(new Response(JSON.stringify({ SavedAt: saved.SavedAt, Order: { Name: 'First' } }), { status: 200 }));
    await waitFor(() => expect(puts(fetchMock)).toHaveLength(2));
    expect(puts(fetchMock)[1].Name).toBe('Third');
    await waitFor(() => expect(screen.getByTestId('draft-status').textContent).toBe('Saved'));
  });

  it('offers the unsent order; Continue restores it exactly, on its step with its half-typed box', async () => {
    const fetchMock = mockApi({
      ...base,
      'GET Customer/1/Draft': { status: 200, body: saved },
      'PUT Customer/1/Draft': answerSaved,
    });
    renderOrderRoutes(routes, '/order/form/0');
    const offer = await screen.findByTestId('draft-offer');
    expect(offer.textContent).toContain('You have an unsent order for Fri 06/12/2026 with 1 product');
    expect(screen.queryByLabelText(/^Name/)).toBeNull();
    fireEvent.click(button('Continue'));

    const box = (await screen.findByLabelText('Cases of BR-1105 Lake Effect IPA')) as HTMLInputElement;
    expect(box.value).toBe('1.');
    expect((screen.getByLabelText('Cases of BR-1182 Steelworks Stout') as HTMLInputElement).value).toBe('3');
    // Opening it is no change: nothing is saved until the customer edits it.
    await letPass(AUTOSAVE_DELAY_MS + 200);
    expect(puts(fetchMock)).toEqual([]);
    fireEvent.click(button('Create New Order'));
    expect((await screen.findByLabelText(/^Name/)).getAttribute('value')).toBe('Pat Draft');
    // Going back a step is one: what is saved is the step the customer went to.
    await letPass(AUTOSAVE_DELAY_MS + 200);
    expect(puts(fetchMock).map((d) => d.Step)).toEqual([0]);
  });

  it('offers it on the order home; Discard deletes it and opens a fresh form', async () => {
    const fetchMock = mockApi({
      ...base,
      'GET DisplayMessages/1': { status: 200, body: [] },
      'GET Customer/1/DeliveryDates': { status: 200, body: [] },
      'GET Customer/1/Draft': (_init, n) => (n === 1 ? { status: 200, body: saved } : noDraft),
      'DELETE Customer/1/Draft': { status: 204 },
    });
    const { router } = renderOrderRoutes(routes, '/order/home');
    expect((await screen.findByTestId('draft-offer')).textContent).toContain('with 1 product');
    fireEvent.click(button('Discard'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/order/form/0'));
    expect(calls(fetchMock)).toContain('DELETE Customer/1/Draft');
    expect(await screen.findByLabelText(/^Name/)).toBeTruthy();
    expect(screen.queryByTestId('draft-offer')).toBeNull();
  });

  // Decision 061: Submit waits for the save on its way and sends the order from the draft as
  // that save left it (BaseSavedAt); the server ends that draft with the order, so no DELETE.
  it('sends the order after a save on its way has landed, from that save, and no save after it', async () => {
    let land: (r: Response) => void = () => {};
    const fetchMock = mockApi({
      ...base,
      'GET Customer/1/Draft': { status: 200, body: { ...saved, Order: { ...saved.Order, Step: 2 } } },
      'PUT Customer/1/Draft': (init, n) =>
        n === 1 ? (new Promise<Response>((r) => (land = r)) as Promise<never>) : answerSaved(init),
      'POST Order': { status: 201, body: { IsSuccessful: true, OrderNum: 'W100123', ErrorMessage: null } },
    });
    renderOrderRoutes(routes, '/order/form/0');
    fireEvent.click(await screen.findByText('Continue'));
    // The half-typed box blocks the preview: fix it on step 2, then go on.
    fireEvent.click(await screen.findByText('Select Your Products'));
    fireEvent.change(await screen.findByLabelText('Cases of BR-1105 Lake Effect IPA'), {
      target: { value: '1' },
    });
    await waitFor(() => expect(puts(fetchMock)).toHaveLength(1));
    // A change the debounce still holds when Submit is pressed.
    fireEvent.change(screen.getByLabelText('Cases of BR-1182 Steelworks Stout'), { target: { value: '4' } });
    fireEvent.click(button('Continue'));
    fireEvent.click(await screen.findByText('Submit'));
    await letPass(AUTOSAVE_DELAY_MS + 300);
    expect(calls(fetchMock)).not.toContain('POST Order');
    // The first save was sent from the draft continued, and answers with a later SavedAt.
    expect(puts(fetchMock)[0].BaseSavedAt).toBe(saved.SavedAt);
    land(
      new Response(JSON.stringify({ SavedAt: '2026-06-10T15:00:02.000Z', Order: { Name: 'x' } }), {
        status: 200,
      }),
    );
    expect(await screen.findByText('Order Confirmation')).toBeTruthy();
    const [, post] = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/Order'))!;
    expect(JSON.parse(String(post!.body)).BaseSavedAt).toBe('2026-06-10T15:00:02.000Z');
    await letPass(AUTOSAVE_DELAY_MS + 300);
    const after = calls(fetchMock).slice(calls(fetchMock).indexOf('POST Order'));
    expect(after.filter((c) => c.startsWith('PUT') || c.startsWith('DELETE'))).toEqual([]);
  });

  it('keeps the order when its submit gets no answer; Retry sends it with the same key', async () => {
    const ready = { ...saved.Order, ProductQuantities: [{ Code: 'BR-1105', CaseQuantity: 2 }], Step: 2 };
    const fetchMock = mockApi({
      ...base,
      'GET Customer/1/Draft': { status: 200, body: { ...saved, Order: ready } },
      'POST Order': (_init, n) =>
        n === 1
          ? 'network-error'
          : { status: 201, body: { IsSuccessful: true, OrderNum: 'W100124', ErrorMessage: null } },
    });
    renderOrderRoutes(routes, '/order/form/0');
    fireEvent.click(await screen.findByText('Continue'));
    fireEvent.click(await screen.findByText('Submit'));
    expect(await screen.findByText(NOT_SENT_TWICE)).toBeTruthy();
    expect(screen.getByText('Lake Effect IPA')).toBeTruthy();
    fireEvent.click(button('Retry'));
    expect(await screen.findByText('Order Confirmation')).toBeTruthy();
    const keys = fetchMock.mock.calls
      .filter(([url]) => String(url).endsWith('/Order'))
      .map(([, init]) => (init!.headers as Record<string, string>)['Idempotency-Key']);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
  });

  // Decision 061: nothing is saved while the lost answer's dialog is open (a save would find the
  // draft sent); Close goes on saving, and the order placed after it discards that save.
  it('saves nothing while a lost answer is retried; after Close, discards the draft it saved once the order is placed', async () => {
    const ready = { ...saved.Order, ProductQuantities: [{ Code: 'BR-1105', CaseQuantity: 2 }], Step: 1 };
    const fetchMock = mockApi({
      ...base,
      'GET Customer/1/Draft': { status: 200, body: { ...saved, Order: ready } },
      'PUT Customer/1/Draft': answerSaved,
      [`DELETE Customer/1/Draft?BaseSavedAt=${encodeURIComponent(answered)}`]: { status: 204 },
      'POST Order': (_init, n) =>
        n === 1
          ? 'network-error'
          : { status: 201, body: { IsSuccessful: true, OrderNum: 'W100125', ErrorMessage: null } },
    });
    renderOrderRoutes(routes, '/order/form/0');
    fireEvent.click(await screen.findByText('Continue'));
    await screen.findByLabelText('Cases of BR-1105 Lake Effect IPA');
    fireEvent.click(button('Continue'));
    fireEvent.click(await screen.findByText('Submit'));
    expect(await screen.findByText(NOT_SENT_TWICE)).toBeTruthy();
    await letPass(AUTOSAVE_DELAY_MS + 300);
    expect(puts(fetchMock)).toEqual([]);
    fireEvent.click(button('Close'));
    // The first POST may have placed the order (and ended the draft); the form saves itself again.
    await waitFor(() => expect(puts(fetchMock)).toHaveLength(1));
    fireEvent.click(await screen.findByText('Submit'));
    expect(await screen.findByText('Order Confirmation')).toBeTruthy();
    // Only the draft this form saved (decision 061): one saved elsewhere since is not its to discard.
    await waitFor(() =>
      expect(calls(fetchMock)).toContain(
        `DELETE Customer/1/Draft?BaseSavedAt=${encodeURIComponent(answered)}`,
      ),
    );
  });
});
