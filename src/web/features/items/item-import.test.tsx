import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ImportReport } from '../../../domain/imports.schema';
import { contractAnswer } from '../../test/contract';
import { renderRoutes } from '../../test/render';
import { Component as ItemImport } from './item-import.route';

/** Records the upload and answers it when the test says. */
class FakeXhr {
  static sent: FakeXhr[] = [];
  upload = { onprogress: null };
  status = 0;
  responseText = '';
  method = '';
  url = '';
  body: FormData | null = null;
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader() {}
  send(body: FormData) {
    this.body = body;
    FakeXhr.sent.push(this);
  }
  abort() {}
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(contractAnswer(this.method, this.url, status, body));
    this.onload?.();
  }
}

beforeEach(() => {
  FakeXhr.sent = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});
afterEach(() => vi.unstubAllGlobals());

describe('Item - Import: the items file, the availability file (design.md 8.3) and the prices file (8.4)', () => {
  it('offers the availability file with its columns and says each file replaces the last', () => {
    renderRoutes([{ path: '/', element: <ItemImport /> }], '/');
    const items = screen.getByRole('region', { name: 'Item Import' });
    expect(within(items).getByText(/new ones are added and existing ones updated/)).toBeTruthy();
    const availability = screen.getByRole('region', { name: 'Availability Import' });
    const columns = within(availability)
      .getAllByRole('row')
      .slice(1)
      .map((r) => r.querySelectorAll('td')[1]?.textContent);
    expect(columns).toEqual(['item code', 'cases available', 'status', 'expected date', 'substitute code']);
    expect(within(availability).getByText('IN, LOW or OUT (any case)')).toBeTruthy();
    expect(
      within(availability).getByText(/each file replaces the last: an item it does not name/),
    ).toBeTruthy();
    expect(within(availability).queryByText(/new ones are added and existing ones updated/)).toBeNull();
  });

  it('offers the prices file with its columns, uploads it to its own endpoint and shows its report there', async () => {
    renderRoutes([{ path: '/', element: <ItemImport /> }], '/');
    const prices = screen.getByRole('region', { name: 'Prices Import' });
    const columns = within(prices)
      .getAllByRole('row')
      .slice(1)
      .map((r) => r.querySelectorAll('td')[1]?.textContent);
    expect(columns).toEqual([
      'price level',
      'item code',
      'case price',
      'unit price',
      'deposit per case',
      'quantity break',
      'from date',
      'to date',
    ]);
    expect(
      within(prices).getByText(/each file replaces the last: a price of a period that has not ended/),
    ).toBeTruthy();
    const file = new File(['T1\tPR-1\t24.99\t\t\t1\t12/01/2026\t12/31/2026\n'], 'prices.txt', {
      type: 'text/plain',
    });
    fireEvent.change(screen.getByLabelText('Prices Import file'), { target: { files: [file] } });
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    expect([FakeXhr.sent[0]!.method, FakeXhr.sent[0]!.url]).toEqual(['POST', '/api/PriceImport']);
    const report: ImportReport = {
      Kind: 'Prices',
      FileName: 'prices.txt',
      Lines: 2,
      Inserted: 1,
      Updated: 0,
      Unchanged: 0,
      Rejected: [
        {
          Line: 2,
          Message: "Case Price must have at most 2 decimals (found '12.345')",
          Text: 'T1\tPR-2\t12.345\t\t\t1\t12/01/2026\t12/31/2026',
        },
      ],
      RejectedCount: 1,
      Notes: [],
    };
    FakeXhr.sent[0]!.respond(200, report);
    expect(await within(prices).findByText('prices.txt: uploaded')).toBeTruthy();
    expect(within(prices).getByText("Case Price must have at most 2 decimals (found '12.345')")).toBeTruthy();
  });

  it('uploads the availability file to its own endpoint and shows its report there', async () => {
    renderRoutes([{ path: '/', element: <ItemImport /> }], '/');
    const file = new File(['AV-1\t5\tIN\n'], 'stock.txt', { type: 'text/plain' });
    fireEvent.change(screen.getByLabelText('Availability Import file'), { target: { files: [file] } });
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    expect([FakeXhr.sent[0]!.method, FakeXhr.sent[0]!.url]).toEqual(['POST', '/api/AvailabilityImport']);
    const report: ImportReport = {
      Kind: 'Availability',
      FileName: 'stock.txt',
      Lines: 2,
      Inserted: 1,
      Updated: 0,
      Unchanged: 0,
      Rejected: [{ Line: 2, Message: 'Product NOPE does not exist', Text: 'NOPE\t1\tIN' }],
      RejectedCount: 1,
      Notes: [],
    };
    FakeXhr.sent[0]!.respond(200, report);
    const availability = screen.getByRole('region', { name: 'Availability Import' });
    expect(await within(availability).findByText('stock.txt: uploaded')).toBeTruthy();
    expect(within(availability).getByText('Product NOPE does not exist')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Item Import' })).queryByText(/uploaded/)).toBeNull();
  });
});
