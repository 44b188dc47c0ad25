import { fireEvent, screen, waitFor } from '@testing-library/react';
import dayjs from 'dayjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messageMessages } from '../../../domain/message.schema';
import { mockApi, stubDocumentFonts } from '../../test/mock-api';
import { renderRoutes } from '../../test/render';
import { expectToast } from '../../test/toasts';
import { Component as MessageEdit } from './order-message-edit.route';

stubDocumentFonts();
afterEach(() => vi.unstubAllGlobals());

const types = [
  { Id: 1, Name: 'Bars', LeadHours: 24, CutoffHours: 16, CutoffMinutes: 0, MinimumCases: 0 },
  { Id: 2, Name: 'Restaurants', LeadHours: 48, CutoffHours: 14, CutoffMinutes: 30, MinimumCases: 0 },
];
const stored = {
  Id: 7,
  StartDate: '2025-03-01',
  EndDate: '2025-03-31',
  CustomerTypeId: 2,
  CustomerTypeName: 'Restaurants',
  Message: '<p>Closed <b>Monday</b></p>',
  IsActive: false,
};

function renderEditor(id: number, post: [number, unknown] = [201, stored]) {
  const api = mockApi({
    'GET /api/v1/CustomerTypes': [200, types],
    'GET /api/v1/Message/7': [200, stored],
    'POST /api/v1/Message': post,
  });
  renderRoutes(
    [
      { path: '/maint/ordermessage/edit/:id', Component: MessageEdit },
      { path: '/maint/ordermessages', element: <p>Messages list</p> },
    ],
    `/maint/ordermessage/edit/${id}`,
  );
  return api;
}

const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save' }));
const typeInput = () => screen.getAllByLabelText(/Customer Type/).find((e) => e.tagName === 'INPUT')!;

describe('message editor', () => {
  it('starts today to today, and needs a customer type and a message', async () => {
    const api = renderEditor(0);
    const today = dayjs().format('MM/DD/YYYY');
    expect(await screen.findAllByText(today)).toHaveLength(2);
    save();
    expect(await screen.findByText(messageMessages.customerTypeRequired)).toBeTruthy();
    expect(screen.getByText(messageMessages.messageRequired)).toBeTruthy();
    expect(api.posts()).toEqual([]);
  });

  it('needs both dates', async () => {
    const api = renderEditor(0);
    fireEvent.click(await screen.findByRole('button', { name: 'Clear Start Date' }));
    fireEvent.click(screen.getByRole('button', { name: 'Clear End Date' }));
    save();
    expect(await screen.findByText(messageMessages.startDateRequired)).toBeTruthy();
    expect(screen.getByText(messageMessages.endDateRequired)).toBeTruthy();
    expect(api.posts()).toEqual([]);
  });

  it("previews the HTML and saves 'All Customer Types' as 0, then goes back", async () => {
    const api = renderEditor(0);
    await waitFor(() => expect(api.calls.some((c) => c.url === '/api/v1/CustomerTypes')).toBe(true));
    fireEvent.click(typeInput());
    fireEvent.click(await screen.findByRole('option', { name: 'All Customer Types', hidden: true }));
    fireEvent.change(screen.getByLabelText(/^Message/), { target: { value: 'Order by <b>Friday</b>' } });
    expect(screen.getByText('Friday').tagName).toBe('B');
    save();
    expect(await screen.findByText('Messages list')).toBeTruthy();
    await expectToast('Message saved');
    const today = dayjs().format('YYYY-MM-DD');
    expect(api.posts()[0]!.body).toEqual({
      Id: 0,
      StartDate: today,
      EndDate: today,
      CustomerTypeId: 0,
      Message: 'Order by <b>Friday</b>',
      IsActive: true,
    });
  });

  it('loads a message, keeps its id and shows server field errors under the field', async () => {
    const api = renderEditor(7, [
      422,
      {
        ErrorMessage: messageMessages.endBeforeStart,
        Errors: [{ Field: 'EndDate', Message: messageMessages.endBeforeStart }],
      },
    ]);
    expect(await screen.findByText('03/01/2025')).toBeTruthy();
    expect(screen.getByText('03/31/2025')).toBeTruthy();
    await waitFor(() => expect((typeInput() as HTMLInputElement).value).toBe('2 - Restaurants'));
    expect((screen.getByRole('switch', { name: 'Active' }) as HTMLInputElement).checked).toBe(false);
    save();
    expect(await screen.findByText(messageMessages.endBeforeStart)).toBeTruthy();
    expect(screen.queryByText('Message saved')).toBeNull();
    expect(api.posts()[0]!.body).toMatchObject({ Id: 7, CustomerTypeId: 2, IsActive: false });
  });
});
