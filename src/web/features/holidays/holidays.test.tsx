import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, quietFocusTrapWarnings, renderOrderRoutes } from '../order/test/render-order';
import { Component as HolidaysScreen } from './holidays.route';

const thanksgiving = { Id: 1, Date: '2027-11-25', Name: 'Thanksgiving Day' };

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-25T16:00:00Z')); // 2026: the suggestion is for 2027
  quietFocusTrapWarnings();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('/maint/holidays', { timeout: 30_000 }, () => {
  it("lists the holidays, and adds next year's federal ones as edited, skipping those already there", async () => {
    const posted: unknown[] = [];
    const fetchMock = mockApi({
      'GET Holidays': { status: 200, body: [thanksgiving] },
      // None of the nine dates has an order: added without a question.
      'GET Holiday/Orders?Dates=2027-01-01,2027-01-18,2027-02-15,2027-05-31,2027-06-19,2027-07-04,2027-09-06,2027-11-11,2027-12-25':
        { status: 200, body: [] },
      'POST Holiday': (init) => {
        const body = JSON.parse(String(init?.body));
        posted.push(body);
        return { status: 201, body: { Id: posted.length + 1, ...body } };
      },
    });
    renderOrderRoutes([{ path: '/maint/holidays', Component: HolidaysScreen }], '/maint/holidays');
    const table = await screen.findByRole('table', { name: 'Holidays' });
    expect(await within(table).findByText('11/25/2027')).toBeTruthy();
    expect(within(table).getByText('Thursday')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: "Suggest 2027's US federal holidays" }));
    const rows = screen.getAllByTestId('federal-row');
    expect(rows).toHaveLength(11);
    const thanksgivingRow = rows[9]!;
    expect(within(thanksgivingRow).getByText('Already added')).toBeTruthy();
    expect((within(thanksgivingRow).getByRole('checkbox') as HTMLInputElement).disabled).toBe(true);

    // A tap on the label around the box (a thumb's 44 px on a phone) unticks it.
    fireEvent.click(screen.getByRole('checkbox', { name: 'Add Columbus Day' }).closest('label')!);
    fireEvent.change(screen.getByRole('textbox', { name: 'Name of Christmas Day' }), {
      target: { value: 'Christmas' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Add 9 Holidays' }));
    await vi.waitFor(() => expect(posted).toHaveLength(9));
    expect(posted[0]).toEqual({ Date: '2027-01-01', Name: "New Year's Day" });
    expect(posted.at(-1)).toEqual({ Date: '2027-12-25', Name: 'Christmas' });
    expect(posted.map((p) => (p as { Name: string }).Name)).not.toContain('Columbus Day');
    expect(posted.map((p) => (p as { Name: string }).Name)).not.toContain('Thanksgiving Day');
    await vi.waitFor(() => expect(screen.queryAllByTestId('federal-row')).toHaveLength(0));
    expect(fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/Holidays')).length).toBeGreaterThan(
      1,
    );
  });

  it('refuses to add a suggestion whose name was emptied', async () => {
    mockApi({ 'GET Holidays': { status: 200, body: [] } });
    renderOrderRoutes([{ path: '/maint/holidays', Component: HolidaysScreen }], '/maint/holidays');
    expect(await screen.findByText('No holidays yet: every working day is a delivery day.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: "Suggest 2027's US federal holidays" }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Name of Juneteenth' }), { target: { value: ' ' } });
    expect(screen.getByText('Name is required')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Add 11 Holidays' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });

  it('shows the orders already on a date before a holiday is added there, and adds it only when confirmed (issue 33)', async () => {
    const posted: unknown[] = [];
    mockApi({
      'GET Holidays': { status: 200, body: [] },
      'GET Holiday/Orders?Dates=2026-11-27': {
        status: 200,
        body: [
          {
            Id: 7,
            OrderNum: 'W100007',
            DeliveryDate: '2026-11-27',
            CompanyId: 1001,
            CustomerName: 'Blue Heron Tavern',
            IsWebOrder: true,
          },
          {
            Id: 8,
            OrderNum: 'ERP-55',
            DeliveryDate: '2026-11-27',
            CompanyId: 99,
            CustomerName: 'Corner Shop',
            IsWebOrder: false,
          },
        ],
      },
      'POST Holiday': (init) => {
        const body = JSON.parse(String(init?.body));
        posted.push(body);
        return { status: 201, body: { Id: 3, ...body } };
      },
    });
    renderOrderRoutes([{ path: '/maint/holidays', Component: HolidaysScreen }], '/maint/holidays');
    await screen.findByText('No holidays yet: every working day is a delivery day.');
    const addForm = within(screen.getByRole('region', { name: 'Add a Holiday' }));
    fireEvent.click(addForm.getByRole('button', { name: 'Date' }));
    fireEvent.click(await screen.findByRole('button', { name: '27 November 2026' }));
    fireEvent.change(addForm.getByRole('textbox', { name: 'Name' }), { target: { value: 'Inventory Day' } });

    fireEvent.click(addForm.getByRole('button', { name: 'Add Holiday' }));
    const dialog = await screen.findByRole('dialog', { name: 'Orders on this date' });
    expect(within(dialog).getByTestId('holiday-orders-count').textContent).toBe(
      '2 orders are for delivery on Fri 11/27/2026.',
    );
    const listed = within(within(dialog).getByRole('list', { name: 'Orders on the holiday' })).getAllByRole(
      'listitem',
    );
    expect(listed.map((li) => li.textContent)).toEqual([
      'W100007 - 1001 Blue Heron Tavern',
      'ERP-55 - 0099 Corner Shop (from the ERP)',
    ]);
    // A long list scrolls in its box, which the keyboard reaches (axe: scrollable-region-focusable).
    const box = within(dialog).getByRole('region', { name: 'Orders on the holiday' });
    expect(box.tabIndex).toBe(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posted).toEqual([]);

    fireEvent.click(addForm.getByRole('button', { name: 'Add Holiday' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Add Holiday' }));
    await vi.waitFor(() => expect(posted).toEqual([{ Date: '2026-11-27', Name: 'Inventory Day' }]));
  });
});
