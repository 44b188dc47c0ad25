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

    fireEvent.click(screen.getByRole('checkbox', { name: 'Add Columbus Day' }));
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
});
