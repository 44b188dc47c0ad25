import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addDays } from '../../domain/business-date';
import type { Customer } from '../../domain/customer.schema';
import type { OrderSummary } from '../../domain/order-view.schema';
import { UPCOMING_HOLIDAY_DAYS } from '../features/holidays/api/get-holidays';
import { Component as OrderFormRoute } from '../features/order/order-form.route';
import {
  barCustomer,
  customerTypes,
  mockApi,
  product,
  quietFocusTrapWarnings,
  renderOrderRoutes,
} from '../features/order/test/render-order';
import { drawOrderFormFirstPaint, type EarlyForm } from './order-form-first-paint';
import { openShell } from './test-shell';

const customer: Customer = {
  ...barCustomer,
  CustomerTypeName: 'Bars & Taverns',
  Products: [product({ Code: 'BR-1105', Description: 'Lake Effect IPA', OrderNo: 1 })],
};

const lastOrder: OrderSummary = {
  Id: 7,
  CustomerId: 1,
  CompanyId: 1001,
  OrderNum: 'W100007',
  OrderType: 'Web',
  IsWebOrder: true,
  CreateDate: '2026-06-01T15:00:00Z',
  DeliveryDate: '2026-06-02',
  Name: 'Sam Last',
  Phone: '7735550107',
  Email: 'sam@example.com',
  ReferencePO: '',
  Status: 1,
  EnteredBy: null,
  ProductCount: 1,
  TotalCases: 4,
  DeliveryDifferences: null,
};

const footer = {
  Footer:
    '<p>Call <strong>(312) 555-0100</strong> or <a href="mailto:o@example.com">write</a>.</p><p>Thanks.</p>',
};

/**
 * A bar (type 1) on Wednesday 06/10/2026 at 10 AM Central: its earliest date, Friday 06/12, is a
 * holiday, and type 1 takes no delivery on a Saturday.
 */
const answers = (over: Partial<Record<number, unknown>> = {}): EarlyForm => {
  const base: EarlyForm = [
    customerTypes,
    customer,
    { Orders: [lastOrder] },
    [{ Date: '2026-06-12', Name: 'Founders Day' }],
    404,
    footer,
  ];
  for (const [i, v] of Object.entries(over)) (base as unknown[])[Number(i)] = v;
  return base;
};

async function draw(early: EarlyForm | null) {
  const shell = openShell('order-form');
  window.__earlyForm = Promise.resolve(early);
  await drawOrderFormFirstPaint();
  return shell;
}

const quickDates = (root: ParentNode) =>
  [...root.querySelectorAll('[aria-label="Next delivery dates"] button')].map((b) => b.textContent);

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-06-10T15:00:00.000Z'), toFake: ['Date'] });
});
afterEach(() => {
  document.getElementById('app-shell')?.remove();
  delete document.documentElement.dataset.shell;
  delete document.documentElement.dataset.shellPage;
  window.__earlyForm = undefined;
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe("a new order's first step drawn by the shell (decision 056)", () => {
  it('draws the steps, the earliest date and the next three past the holiday, the last contact and the footer', async () => {
    const shell = await draw(answers());
    expect(shell.getAttribute('aria-hidden')).toBeNull();
    expect(shell.querySelector('[role="main"] [role="heading"][aria-level="1"]')?.textContent).toContain(
      'New Order',
    );
    expect(shell.querySelectorAll('.sh-block')).toHaveLength(0);
    const form = shell.querySelector('form');
    expect(form?.getAttribute('aria-label')).toBe('New order');
    expect([...shell.querySelectorAll('.sf-step-label')].map((l) => l.textContent)).toEqual([
      'Create New Order',
      'Select Your Products',
      'Preview Order',
    ]);
    expect(shell.querySelector('.sf-date')?.textContent).toBe('Pick a delivery date');
    expect(shell.querySelector('.sf-desc')?.textContent).toBe('Earliest delivery date: 06/15/2026');
    expect(quickDates(shell)).toEqual(['Mon 06/15/2026', 'Tue 06/16/2026', 'Wed 06/17/2026']);
    const value = (name: string) =>
      (shell.querySelector(`input[data-field="${name}"]`) as HTMLInputElement).value;
    expect([value('Name'), value('Phone'), value('Email')]).toEqual([
      'Sam Last',
      '(773) 555-0107',
      'sam@example.com',
    ]);
    expect(shell.querySelector('input[data-field="ReferencePO"]')).toBeNull();
    expect((shell.querySelector('.sf-continue') as HTMLButtonElement).disabled).toBe(true);
    // The footer's text and simple formatting; its link a plain span until React draws it.
    expect(shell.querySelector('.sh-footer > div')?.innerHTML).toBe(
      '<p>Call <strong>(312) 555-0100</strong> or <a href="mailto:o@example.com">write</a>.</p><p>Thanks.</p>',
    );
  });

  it('asks a reference customer for the Reference PO, and a customer without orders for the contact', async () => {
    const shell = await draw(answers({ 1: { ...customer, CustomerTypeId: 6 }, 2: { Orders: [] } }));
    expect(shell.querySelector('label[for="sf-ReferencePO"]')?.textContent).toBe('Reference PO *');
    expect(shell.querySelector('input[data-field="ReferencePO"] + .sf-desc')?.textContent).toBe(
      'Up to 20 characters',
    );
    const name = shell.querySelector('input[data-field="Name"]') as HTMLInputElement;
    expect(name.value).toBe('');
    expect(shell.querySelector('.sf-desc')?.textContent).toBe('Earliest delivery date: 06/15/2026');
  });

  it('draws nothing when an unsent order is to be offered, or the answers are refused, and settles off the form at once', async () => {
    let shell = await draw(answers({ 4: 200 }));
    expect(shell.querySelector('form')).toBeNull();
    expect(shell.querySelectorAll('.sh-block')).toHaveLength(2);
    expect(shell.getAttribute('aria-hidden')).toBe('true');
    shell.remove();

    shell = await draw(answers({ 0: null }));
    expect(shell.querySelector('form')).toBeNull();
    shell.remove();

    shell = await draw(null);
    expect(shell.querySelector('form')).toBeNull();

    document.documentElement.dataset.shellPage = 'order-home';
    window.__earlyForm = new Promise(() => {});
    await expect(drawOrderFormFirstPaint()).resolves.toBeUndefined();
  });

  it('shows a tapped next date in the field, and keeps Enter from sending the page away', async () => {
    const shell = await draw(answers());
    const [, tuesday] = shell.querySelectorAll<HTMLButtonElement>('[data-date]');
    tuesday?.click();
    expect(shell.querySelector('.sf-date')?.textContent).toBe('06/16/2026');
    expect([...shell.querySelectorAll('[data-date]')].map((b) => b.getAttribute('aria-pressed'))).toEqual([
      'false',
      'true',
      'false',
    ]);
    const submit = new Event('submit', { cancelable: true });
    shell.querySelector('form')?.dispatchEvent(submit);
    expect(submit.defaultPrevented).toBe(true);
  });
});

describe("React's form takes over what was done in the shell's", { timeout: 30_000 }, () => {
  beforeEach(() => {
    quietFocusTrapWarnings();
    mockApi({
      'GET CustomerTypes': { status: 200, body: customerTypes },
      'GET Customer/1': { status: 200, body: customer },
      'GET Orders/1001': { status: 200, body: { DeliveryDates: [], Orders: [lastOrder] } },
      'GET Customer/1/Draft': { status: 404, body: { ErrorMessage: 'The draft was not found' } },
      [`GET Holidays?from=2026-06-10&to=${addDays('2026-06-10', UPCOMING_HOLIDAY_DAYS)}`]: {
        status: 200,
        body: [{ Id: 1, Date: '2026-06-12', Name: 'Founders Day' }],
      },
    });
  });

  /** React's form, once it has taken the shell's place. */
  const renderForm = async () => {
    const view = renderOrderRoutes([{ path: '/order/form/:id', Component: OrderFormRoute }], '/order/form/0');
    await waitFor(() => expect(document.getElementById('app-shell')).toBeNull());
    return view;
  };

  it('the date tapped, the boxes typed in, and the focus with the caret where it was', async () => {
    const shell = await draw(answers());
    (shell.querySelectorAll<HTMLButtonElement>('[data-date]')[2] as HTMLButtonElement).click();
    const name = shell.querySelector('input[data-field="Name"]') as HTMLInputElement;
    name.value = 'Sam Lastly';
    (shell.querySelector('input[data-field="Phone"]') as HTMLInputElement).value = '(312) 555-01';
    name.focus();
    name.setSelectionRange(3, 3);

    await renderForm();
    const reactName = screen.getByLabelText(/^Name/);
    expect((reactName as HTMLInputElement).value).toBe('Sam Lastly');
    expect((screen.getByLabelText(/^Phone/) as HTMLInputElement).value).toBe('(312) 555-01');
    expect((screen.getByLabelText(/^Email/) as HTMLInputElement).value).toBe('sam@example.com');
    expect(screen.getByLabelText(/^Delivery Date/).textContent).toBe('06/17/2026');
    expect(screen.getByRole('button', { name: 'Wed 06/17/2026' }).getAttribute('aria-pressed')).toBe('true');
    expect(document.activeElement).toBe(reactName);
    expect([
      (reactName as HTMLInputElement).selectionStart,
      (reactName as HTMLInputElement).selectionEnd,
    ]).toEqual([3, 3]);
  });

  it('what is typed in the shell while React renders its form (in slices) reaches the form too', async () => {
    const shell = await draw(answers());
    // React's form starts from the boxes as its first render reads them ("Sam"); the customer
    // types on before it takes the shell's place ("Sam Lastly").
    const name = shell.querySelector('input[data-field="Name"]') as HTMLInputElement;
    name.value = 'Sam Lastly';
    name.focus();
    name.setSelectionRange(10, 10);
    let reads = 0;
    Object.defineProperty(name, 'value', {
      configurable: true,
      get: () => (reads++ === 0 ? 'Sam' : 'Sam Lastly'),
    });

    await renderForm();
    expect(reads).toBeGreaterThan(1);
    const reactName = screen.getByLabelText(/^Name/) as HTMLInputElement;
    expect(reactName.value).toBe('Sam Lastly');
    expect(document.activeElement).toBe(reactName);
    expect([reactName.selectionStart, reactName.selectionEnd]).toEqual([10, 10]);
  });

  it('a tap on the date field opens the calendar; nothing done leaves the form as React draws it', async () => {
    const shell = await draw(answers());
    (shell.querySelector('.sf-date') as HTMLButtonElement).click();
    const view = await renderForm();
    // The calendar, with the earliest date to pick.
    fireEvent.click(await screen.findByLabelText('15 June 2026'));
    expect(screen.getByLabelText(/^Delivery Date/).textContent).toBe('06/15/2026');
    view.unmount();

    await draw(answers());
    await renderForm();
    expect((screen.getByLabelText(/^Name/) as HTMLInputElement).value).toBe('Sam Last');
    expect(screen.getByLabelText(/^Delivery Date/).textContent).toBe('Pick a delivery date');
    expect(document.activeElement).toBe(document.body);
  });
});
