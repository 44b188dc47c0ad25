import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { theme } from '../../../theme';
import { draftLines, emptyHeader } from '../order-draft';
import { product } from '../test/render-order';
import { PreviewStep } from './preview-step';

const products = [
  product({ Code: 'WN-1159', Description: 'Chardonnay House', UnitsPerCase: 6, IsCaseOnly: false }),
  product({ Code: 'BR-1105', Description: 'Lake Effect IPA' }),
];

function renderPreview(
  drafts: Parameters<typeof draftLines>[1],
  staff?: { customerLabel: string; override: boolean; overrideLicense?: boolean },
) {
  return render(
    <MantineProvider theme={theme}>
      <PreviewStep
        header={{
          ...emptyHeader,
          DeliveryDate: '2026-06-12',
          Name: 'Pat',
          Phone: '3125550142',
          OverrideReason: ' Renewal faxed ',
        }}
        lines={draftLines(products, drafts)}
        customerTypeId={1}
        today="2026-06-10"
        isPhone={false}
        {...(staff ? { staff } : {})}
      />
    </MantineProvider>,
  );
}

describe('the preview', () => {
  it('says which units beside cases are not ordered, should such a line reach it (issue 32)', () => {
    renderPreview({
      'WN-1159': { CaseQuantity: 5, UnitQuantity: 6 },
      'BR-1105': { CaseQuantity: 2, UnitQuantity: '' },
    });
    expect(screen.getByTestId('preview-units-beside-cases').textContent).toContain(
      'Chardonnay House (WN-1159), 6 units ignored: 5 cases = 30 units',
    );
  });

  it('says nothing of units when no line has both', () => {
    renderPreview({ 'WN-1159': { CaseQuantity: '', UnitQuantity: 6 } });
    expect(screen.queryByTestId('preview-units-beside-cases')).toBeNull();
  });

  it("names staff's overrides with their one reason (design.md 7.5, 8.2)", () => {
    const lines = { 'BR-1105': { CaseQuantity: 2, UnitQuantity: '' } } as const;
    const label = '3002 Wrigleyville Wine & Spirits';
    const { unmount } = renderPreview(lines, {
      customerLabel: label,
      override: false,
      overrideLicense: true,
    });
    expect(screen.getByText('License overridden')).toBeTruthy();
    expect(screen.getByText('Renewal faxed')).toBeTruthy();
    unmount();
    renderPreview(lines, { customerLabel: label, override: true, overrideLicense: true });
    expect(screen.getByText('Lead time and license overridden')).toBeTruthy();
  });

  it("says the customer's payment terms (design.md 8.4), and nothing when none are known", () => {
    const lines = draftLines(products, { 'BR-1105': { CaseQuantity: 2, UnitQuantity: '' } });
    const header = { ...emptyHeader, DeliveryDate: '2026-06-12', Name: 'Pat', Phone: '3125550142' };
    const { unmount } = render(
      <MantineProvider theme={theme}>
        <PreviewStep
          header={header}
          lines={lines}
          customerTypeId={1}
          today="2026-06-10"
          isPhone
          paymentTerms="COD"
        />
      </MantineProvider>,
    );
    expect(screen.getByText('Payment')).toBeTruthy();
    expect(screen.getByTestId('preview-payment').textContent).toBe('COD, pay the driver on delivery');
    unmount();
    render(
      <MantineProvider theme={theme}>
        <PreviewStep header={header} lines={lines} customerTypeId={1} today="2026-06-10" isPhone />
      </MantineProvider>,
    );
    expect(screen.queryByTestId('preview-payment')).toBeNull();
    expect(screen.queryByText('Payment')).toBeNull();
  });

  it('offers a line that is out its substitution choice, from the customer preference, for this order only', () => {
    const stock = {
      Status: 'OUT' as const,
      Cases: 0,
      ExpectedDate: null,
      SubstituteCode: 'BR-1106',
      SubstituteDescription: 'Hazy Harbor IPA',
    };
    const out = [
      product({
        Code: 'BR-1105',
        Description: 'Lake Effect IPA',
        Substitution: 'CallMe',
        Availability: stock,
      }),
      product({ Code: 'WN-1159', Description: 'Chardonnay House' }),
    ];
    const onSubstitution = vi.fn();
    render(
      <MantineProvider theme={theme}>
        <PreviewStep
          header={{ ...emptyHeader, DeliveryDate: '2026-06-12', Name: 'Pat', Phone: '3125550142' }}
          lines={draftLines(out, {
            'BR-1105': { CaseQuantity: 2, UnitQuantity: '' },
            'WN-1159': { CaseQuantity: 1, UnitQuantity: '' },
          })}
          customerTypeId={1}
          today="2026-06-10"
          isPhone
          onSubstitution={onSubstitution}
        />
      </MantineProvider>,
    );
    const choice = screen.getByLabelText('If Lake Effect IPA is out') as HTMLSelectElement;
    expect(choice.value).toBe('CallMe');
    expect([...choice.options].map((o) => o.text)).toEqual([
      'Send a substitute',
      'No substitute',
      'Call me first',
    ]);
    fireEvent.change(choice, { target: { value: 'Never' } });
    expect(onSubstitution).toHaveBeenCalledWith('BR-1105', 'Never');
    // A product in stock (or never named by the file) has its choice one tap away: stock can
    // run short between the order and the picking.
    expect(screen.queryByLabelText('If Chardonnay House is out')).toBeNull();
    fireEvent.click(
      screen.getByRole('button', { name: 'If Chardonnay House is out: Send a substitute. Change' }),
    );
    const opened = screen.getByLabelText('If Chardonnay House is out') as HTMLSelectElement;
    expect(document.activeElement).toBe(opened);
    fireEvent.change(opened, { target: { value: 'Never' } });
    expect(onSubstitution).toHaveBeenCalledWith('WN-1159', 'Never');
  });

  it("offers to keep a line's choice for the next orders only when it differs from the kept preference", () => {
    const stock = {
      Status: 'LOW' as const,
      Cases: 3,
      ExpectedDate: null,
      SubstituteCode: null,
      SubstituteDescription: null,
    };
    const products = [
      product({
        Code: 'BR-1105',
        Description: 'Lake Effect IPA',
        Substitution: 'Allow',
        Availability: stock,
      }),
      product({
        Code: 'BR-1182',
        Description: 'Steelworks Stout',
        Substitution: 'Never',
        Availability: stock,
      }),
    ];
    const onKeepSubstitution = vi.fn();
    render(
      <MantineProvider theme={theme}>
        <PreviewStep
          header={{ ...emptyHeader, DeliveryDate: '2026-06-12', Name: 'Pat', Phone: '3125550142' }}
          lines={draftLines(
            products,
            {
              'BR-1105': { CaseQuantity: 2, UnitQuantity: '' },
              'BR-1182': { CaseQuantity: 1, UnitQuantity: '' },
            },
            // This order's choices: IPA changed from the kept Allow, the stout the same as kept.
            { 'BR-1105': 'CallMe', 'BR-1182': 'Never' },
          )}
          customerTypeId={1}
          today="2026-06-10"
          isPhone={false}
          onSubstitution={vi.fn()}
          onKeepSubstitution={onKeepSubstitution}
        />
      </MantineProvider>,
    );
    expect(screen.queryByTestId('keep-substitution-BR-1182')).toBeNull();
    fireEvent.click(
      screen.getByRole('button', { name: 'Keep "Call me first" for Lake Effect IPA on your next orders' }),
    );
    expect(onKeepSubstitution).toHaveBeenCalledWith('BR-1105', 'CallMe');
  });
});
