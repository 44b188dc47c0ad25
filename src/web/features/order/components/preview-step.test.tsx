import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
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
});
