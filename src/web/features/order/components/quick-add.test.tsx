import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { QuickOrderLine } from '../../../../domain/quick-order.schema';
import { mockApi, stubDocumentFonts } from '../../../test/mock-api';
import { newQueryClient, Providers } from '../test/render-order';
import { QuickAdd, type QuickAddProduct } from './quick-add';

/**
 * The quick add (design.md 8.7, issue 41): the server's reading shown line by line, nothing on
 * the order until a tap; the unsure line's product picked among its alternatives; the sure
 * lines added with one tap; units of a product sold by the case only never added.
 */
const available: QuickAddProduct[] = [
  { Code: 'BR-1', Description: 'Lake Effect IPA 24x16oz Can', IsCaseOnly: true },
  { Code: 'BR-2', Description: 'Midwest Hazy IPA 24x16oz Can', IsCaseOnly: true },
  { Code: 'WN-1', Description: 'Chianti DOCG 12x750ml', IsCaseOnly: false },
];
const line = (over: Partial<QuickOrderLine>): QuickOrderLine => ({
  Text: '',
  Code: null,
  Description: null,
  Cases: 0,
  Units: 0,
  Sure: false,
  Alternatives: [],
  ...over,
});
const answer: QuickOrderLine[] = [
  line({ Text: 'Hi Mike' }),
  line({
    Text: '3 cs lake effect',
    Code: 'BR-1',
    Description: available[0]!.Description,
    Cases: 3,
    Sure: true,
  }),
  line({
    Text: '2 ipa',
    Code: 'BR-1',
    Description: available[0]!.Description,
    Cases: 2,
    Alternatives: [{ Code: 'BR-2', Description: available[1]!.Description }],
  }),
  line({ Text: 'chianti 6 btl', Code: 'WN-1', Description: available[2]!.Description, Units: 6, Sure: true }),
  line({ Text: '4 btl lake effect', Code: 'BR-1', Description: available[0]!.Description, Units: 4 }),
];

beforeAll(stubDocumentFonts);
afterEach(() => vi.unstubAllGlobals());

function setUp() {
  const api = mockApi({ 'POST /api/v1/Customer/42/QuickOrder': [200, { Lines: answer }] });
  const onAdd = vi.fn();
  render(
    <Providers client={newQueryClient()}>
      <QuickAdd customerId={42} available={available} onAdd={onAdd} />
    </Providers>,
  );
  return { api, onAdd };
}

const lineItem = (text: string) =>
  screen.getAllByTestId('quick-line').find((li) => li.textContent?.includes(text))!;

describe('QuickAdd', () => {
  it('reads the message on the server and adds nothing until a tap', async () => {
    const { api, onAdd } = setUp();
    fireEvent.click(screen.getByRole('button', { name: 'Quick add from a message' }));
    fireEvent.change(screen.getByLabelText('Type or paste your order'), {
      target: { value: 'Hi Mike\n3 cs lake effect\n2 ipa' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Read the message' }));
    await screen.findByText('Not a product: left out');
    expect(api.posts()).toEqual([
      {
        method: 'POST',
        url: '/api/v1/Customer/42/QuickOrder',
        body: { Text: 'Hi Mike\n3 cs lake effect\n2 ipa' },
      },
    ]);
    expect(screen.getAllByTestId('quick-line')).toHaveLength(5);
    expect(within(lineItem('2 ipa')).getByText('Check')).toBeTruthy();
    expect(within(lineItem('3 cs lake effect')).getByText('Sure')).toBeTruthy();
    expect(onAdd).not.toHaveBeenCalled();

    // The case-only product's units cannot be added: the person fixes the line first.
    const units = lineItem('4 btl lake effect');
    expect(within(units).getByText('Sold by the case only')).toBeTruthy();
    expect(
      (within(units).getByRole('button', { name: 'Add 4 btl lake effect' }) as HTMLButtonElement).disabled,
    ).toBe(true);

    // The sure ones with one tap: the lake effect cases and the chianti units, not the unsure line.
    fireEvent.click(screen.getByRole('button', { name: 'Add the sure lines (2)' }));
    expect(onAdd.mock.calls).toEqual([
      ['BR-1', 3, 0],
      ['WN-1', 0, 6],
    ]);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Add the sure lines (0)' })).toBeTruthy());
    expect(screen.getByText('2 of 4 products added')).toBeTruthy();
  });

  it('adds the unsure line with the quantity the person set', async () => {
    const { onAdd } = setUp();
    fireEvent.click(screen.getByRole('button', { name: 'Quick add from a message' }));
    fireEvent.change(screen.getByLabelText('Type or paste your order'), { target: { value: '2 ipa' } });
    fireEvent.click(screen.getByRole('button', { name: 'Read the message' }));
    await screen.findByText('Not a product: left out');
    const ipa = lineItem('2 ipa');
    fireEvent.change(within(ipa).getByRole('textbox', { name: 'Cases for “2 ipa”' }), {
      target: { value: '5' },
    });
    fireEvent.click(within(ipa).getByRole('button', { name: 'Add 2 ipa' }));
    expect(onAdd).toHaveBeenCalledWith('BR-1', 5, 0);
    expect(within(lineItem('2 ipa')).getByRole('button', { name: 'Added: 2 ipa' })).toBeTruthy();
  });

  it('says so where the box is when the message cannot be read', async () => {
    mockApi({
      'POST /api/v1/Customer/42/QuickOrder': [422, { ErrorMessage: 'Text must be at most 20000 characters' }],
    });
    render(
      <Providers client={newQueryClient()}>
        <QuickAdd customerId={42} available={available} onAdd={vi.fn()} />
      </Providers>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Quick add from a message' }));
    fireEvent.change(screen.getByLabelText('Type or paste your order'), { target: { value: 'x' } });
    fireEvent.click(screen.getByRole('button', { name: 'Read the message' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Text must be at most 20000 characters');
  });
});
