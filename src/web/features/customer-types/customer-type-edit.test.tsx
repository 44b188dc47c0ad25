import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  customerTypeMessages,
  reminderHoursMessage,
  standingOrderHoursMessage,
} from '../../../domain/customer-type.schema';
import { minimumCasesMessage } from '../../../domain/order-minimum';
import { mockApi } from '../../test/mock-api';
import { renderRoutes } from '../../test/render';
import { expectToast } from '../../test/toasts';
import {
  cutoffTimeError,
  cutoffTimeMessages,
  maskCutoffTime,
  parseCutoffTime,
} from './components/cutoff-time';
import { Component as CustomerTypeEdit } from './customer-type-edit.route';

afterEach(() => vi.unstubAllGlobals());

describe('cutoff time mask', () => {
  it.each([
    ['1630', '16:30'],
    ['16:30', '16:30'],
    ['9:30', '09:30'],
    ['9:5', '09:5'],
    [':30', ':30'],
    ['1a6b3c0', '16:30'],
    ['123456', '12:34'],
    ['16', '16'],
    ['163', '16:3'],
    ['16:305', '16:30'],
    ['ab', ''],
  ])('masks %j as %j', (raw, masked) => {
    expect(maskCutoffTime(raw)).toBe(masked);
  });

  it('splits on ":" only when two parts are present', () => {
    expect(parseCutoffTime('16:30')).toEqual({ CutoffHours: 16, CutoffMinutes: 30 });
    expect(parseCutoffTime('07:05')).toEqual({ CutoffHours: 7, CutoffMinutes: 5 });
    // Two digits each side (issue 33: '9:5' was saved as 09:05).
    expect(parseCutoffTime('7:05')).toBeNull();
    expect(parseCutoffTime('09:5')).toBeNull();
    expect(parseCutoffTime('1630')).toBeNull();
    expect(parseCutoffTime('16:')).toBeNull();
    expect(parseCutoffTime('1:2:3')).toBeNull();
  });

  it('words each broken rule', () => {
    expect(cutoffTimeError('')).toBe(cutoffTimeMessages.required);
    expect(cutoffTimeError('16')).toBe(cutoffTimeMessages.format);
    expect(cutoffTimeError('09:5')).toBe(cutoffTimeMessages.format);
    expect(cutoffTimeError('24:00')).toBe(customerTypeMessages.cutoffHours);
    expect(cutoffTimeError('23:60')).toBe(customerTypeMessages.cutoffMinutes);
    expect(cutoffTimeError('00:00')).toBeNull();
    expect(cutoffTimeError('23:59')).toBeNull();
  });
});

const type1 = {
  Id: 1,
  Name: 'Bars',
  LeadHours: 24,
  CutoffHours: 16,
  CutoffMinutes: 0,
  Footer: '<b>old</b>',
  ReminderHours: 0,
  MinimumCases: 0,
  StandingOrderHours: 24,
};

function renderEdit() {
  const api = mockApi({
    'GET /api/v1/CustomerType/1': [200, type1],
    'POST /api/v1/CustomerType': ({ body }) => [200, { ...type1, ...(body as object) }],
    'GET /api/v1/CustomerTypes': [200, [type1]],
  });
  const view = renderRoutes(
    [
      { path: '/maint/customertype/edit/:id', Component: CustomerTypeEdit },
      { path: '/maint/customertype', element: <p>Customer types list</p> },
    ],
    '/maint/customertype/edit/1',
  );
  return { ...view, api };
}

const cutoff = () => screen.getByLabelText(/Cutoff Time/) as HTMLInputElement;
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save' }));
/** The one POST a save sends: the type as shown (the Footer cleared) with `changes`. */
const oneSave = (changes: Record<string, number>) => [
  {
    method: 'POST',
    url: '/api/v1/CustomerType',
    body: {
      Id: 1,
      Name: 'Bars',
      LeadHours: 24,
      CutoffHours: 16,
      CutoffMinutes: 0,
      Footer: '',
      ReminderHours: 0,
      MinimumCases: 0,
      StandingOrderHours: 24,
      ...changes,
    },
  },
];

describe('Customer Type - Edit', () => {
  it('shows the type with a read-only name, its lead hours and HH:MM cutoff', async () => {
    renderEdit();
    const name = (await screen.findByLabelText(/Customer Type Name/)) as HTMLInputElement;
    expect(name.value).toBe('Bars');
    expect(name.readOnly).toBe(true);
    expect(
      (screen.getAllByLabelText(/Lead Hours/).find((e) => e.tagName === 'INPUT')! as HTMLInputElement).value,
    ).toBe('24 Hours');
    expect(cutoff().value).toBe('16:00');
  });

  it('masks the cutoff as typed and refuses hours past 23 and minutes past 59', async () => {
    const { api } = renderEdit();
    await screen.findByLabelText(/Customer Type Name/);
    fireEvent.change(cutoff(), { target: { value: '2500' } });
    expect(cutoff().value).toBe('25:00');
    save();
    expect(await screen.findByText(customerTypeMessages.cutoffHours)).toBeTruthy();

    fireEvent.change(cutoff(), { target: { value: '12:75' } });
    save();
    expect(await screen.findByText(customerTypeMessages.cutoffMinutes)).toBeTruthy();

    fireEvent.change(cutoff(), { target: { value: '' } });
    save();
    expect(await screen.findByText(cutoffTimeMessages.required)).toBeTruthy();
    expect(api.posts()).toEqual([]);
    expect(screen.queryByText(/saved$/)).toBeNull();
  });

  it('saves numbers with the Footer cleared, then goes back', async () => {
    const { api } = renderEdit();
    await screen.findByLabelText(/Customer Type Name/);
    fireEvent.click(screen.getAllByLabelText(/Lead Hours/).find((e) => e.tagName === 'INPUT')!);
    fireEvent.click(await screen.findByRole('option', { name: '48 Hours', hidden: true }));
    fireEvent.change(cutoff(), { target: { value: '0930' } });
    expect(cutoff().value).toBe('09:30');
    save();
    expect(await screen.findByText('Customer types list')).toBeTruthy();
    await expectToast('Customer Type Bars saved');
    expect(api.posts()).toEqual(oneSave({ LeadHours: 48, CutoffHours: 9, CutoffMinutes: 30 }));
  });

  // The two whole-number fields with a range: the same checks, each its own bounds and message.
  it.each([
    { label: 'Reminder Hours', field: 'ReminderHours', max: 72, message: reminderHoursMessage, valid: 24 },
    { label: 'Minimum Cases', field: 'MinimumCases', max: 999, message: minimumCasesMessage, valid: 12 },
  ])(
    'saves $label from 0 to $max and refuses anything else',
    async ({ label, field, max, message, valid }) => {
      const { api } = renderEdit();
      const input = (await screen.findByLabelText(new RegExp(label))) as HTMLInputElement;
      expect(input.value).toBe('0');
      fireEvent.change(input, { target: { value: String(max + 1) } });
      save();
      expect(await screen.findByText(message)).toBeTruthy();
      fireEvent.change(input, { target: { value: '' } });
      save();
      expect(await screen.findByText(`${label} is required`)).toBeTruthy();
      expect(api.posts()).toEqual([]);
      fireEvent.change(input, { target: { value: String(valid) } });
      save();
      await expectToast('Customer Type Bars saved');
      expect(api.posts()).toEqual(oneSave({ [field]: valid }));
    },
  );

  it('saves Standing Order Hours from 1 to 168 (design.md 8.6) and refuses anything else', async () => {
    const { api } = renderEdit();
    const input = (await screen.findByLabelText(/Standing Order Hours/)) as HTMLInputElement;
    expect(input.value).toBe('24');
    for (const bad of ['0', '169']) {
      fireEvent.change(input, { target: { value: bad } });
      save();
      expect(await screen.findByText(standingOrderHoursMessage)).toBeTruthy();
    }
    expect(api.posts()).toEqual([]);
    fireEvent.change(input, { target: { value: '48' } });
    save();
    await expectToast('Customer Type Bars saved');
    expect(api.posts()).toEqual(oneSave({ StandingOrderHours: 48 }));
  });

  it('checks the cutoff when it is left, and refuses "9:5" rather than reading it as 09:05 (issue 33)', async () => {
    const { api } = renderEdit();
    await screen.findByLabelText(/Customer Type Name/);
    fireEvent.change(cutoff(), { target: { value: '2500' } });
    fireEvent.blur(cutoff());
    expect(await screen.findByText(customerTypeMessages.cutoffHours)).toBeTruthy();
    fireEvent.change(cutoff(), { target: { value: '9:5' } });
    expect(cutoff().value).toBe('09:5');
    fireEvent.blur(cutoff());
    expect(await screen.findByText(cutoffTimeMessages.format)).toBeTruthy();
    save();
    expect(api.posts()).toEqual([]);
  });

  // A number box that drops what it cannot take turned "2.5" into 25, "1e3" into 13, "-1" into 1.
  it.each([
    ['Minimum Cases', minimumCasesMessage],
    ['Reminder Hours', reminderHoursMessage],
    ['Standing Order Hours', standingOrderHoursMessage],
  ])(
    'keeps %s as typed and refuses what is not a whole number in range, when left (issue 33)',
    async (label, message) => {
      const { api } = renderEdit();
      const input = (await screen.findByLabelText(new RegExp(label))) as HTMLInputElement;
      for (const typed of ['2.5', '1e3', '-1', '1,000', 'ten']) {
        fireEvent.change(input, { target: { value: typed } });
        expect(input.value).toBe(typed);
        fireEvent.blur(input);
        expect(await screen.findByText(message), typed).toBeTruthy();
      }
      save();
      expect(api.posts()).toEqual([]);
    },
  );

  it('Cancel goes back without saving', async () => {
    const { api } = renderEdit();
    await screen.findByLabelText(/Customer Type Name/);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.getByText('Customer types list')).toBeTruthy());
    expect(api.posts()).toEqual([]);
  });
});
