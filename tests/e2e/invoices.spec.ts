import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { OrderDetail, OrderList } from '../../src/domain/order-view.schema';
import {
  expect,
  expectAccessible,
  installTestClock,
  isPhone,
  mdyFrom,
  openCustomerMenu,
  saveScreen,
  signInAdmin,
  signInCustomer,
  test,
} from './support';

/**
 * Invoices (design.md 8.4, decision 076), on a phone and a desk: staff upload the ERP's invoices
 * file for one of the bar's delivered orders, with a line short of what was ordered, a case price
 * other than the one posted and a fee (the order's other products left out, so short too); the bar finds the invoice under Invoices with each flag
 * and both figures, and staff see the same check on the customer's view.
 */
test('an invoice with a short line, a price that differs and a fee is checked for the bar and for staff', async ({
  page,
  browser,
}) => {
  // Staff, in a browser of their own: one of the bar's delivered orders whose lines have posted prices.
  const staffContext = await browser.newContext();
  await installTestClock(staffContext);
  const staff = await staffContext.newPage();
  await signInAdmin(staff);
  const list = (await (await staff.request.get('/api/v1/Orders/1001')).json()) as OrderList;
  const candidates = list.Orders.filter((o) => !o.IsWebOrder && o.Status !== 3 && !o.IsReturn);
  let order: OrderDetail | null = null;
  // Each project takes its own order, so the two runs' invoices never meet.
  let skip = isPhone(page) ? 1 : 0;
  for (const o of candidates) {
    const detail = (await (await staff.request.get(`/api/v1/Order/${o.Id}`)).json()) as OrderDetail;
    const [a, b] = detail.Products;
    if (!a || !b || a.CaseQuantity < 2 || a.CasePrice == null || b.CasePrice == null || b.CaseQuantity < 1)
      continue;
    if (skip-- > 0) continue;
    order = detail;
    break;
  }
  expect(order, 'a delivered order of 1001 with two priced lines').not.toBeNull();
  const [a, b] = order!.Products as [OrderDetail['Products'][number], OrderDetail['Products'][number]];
  const invoiceNum = isPhone(page) ? 'E2E-INV-P' : 'E2E-INV-D';
  const day = mdyFrom(order!.DeliveryDate);
  const money = (cents: number) => (cents / 100).toFixed(2);
  const dir = mkdtempSync(path.join(tmpdir(), 'invoices-'));
  const file = path.join(dir, 'invoices.txt');
  writeFileSync(
    file,
    [
      // One case short of the order, at the posted price.
      `${invoiceNum}\t${order!.OrderNum}\t${day}\t${day}\t${a.Code}\t${a.CaseQuantity - 1}\t0\t${money(a.CasePrice!)}\t\t\t\tN`,
      // As ordered, a dollar over the posted price.
      `${invoiceNum}\t${order!.OrderNum}\t${day}\t${day}\t${b.Code}\t${b.CaseQuantity}\t0\t${money(b.CasePrice! + 100)}\t\t\t\tN`,
      `${invoiceNum}\t${order!.OrderNum}\t${day}\t${day}\t\t\t\t\t\tFuel surcharge\t4.50\tN`,
    ].join('\n'),
  );
  await staff.goto('/maint/customer/importitems');
  const chooser = staff.waitForEvent('filechooser');
  await staff.getByRole('button', { name: 'Add Import File and Upload' }).nth(2).click();
  await (await chooser).setFiles(file);
  await expect(staff.getByText('invoices.txt: uploaded')).toBeVisible();

  const short = `Short: ${a.CaseQuantity} cases ordered, ${a.CaseQuantity - 1 === 1 ? '1 case' : `${a.CaseQuantity - 1} cases`} invoiced`;
  const differs = `Price differs from the posted $${money(b.CasePrice!)}: invoiced at $${money(b.CasePrice! + 100)}`;

  // The bar: Invoices in the menu, the invoice open with 3 to check, then its lines.
  await signInCustomer(page);
  await openCustomerMenu(page, 'Invoices');
  await expect(page.getByRole('heading', { level: 1, name: 'Invoices' })).toBeVisible();
  const row = page.getByTestId('invoice-row').filter({ hasText: invoiceNum });
  await expect(row.getByTestId('invoice-status')).toHaveText('Open');
  // Three flags, and each ordered product the invoice leaves out is short as well.
  const leftOut = order!.Products.slice(2).filter((p) => !p.IsReturn && p.CaseQuantity + p.UnitQuantity > 0);
  await expect(row.getByTestId('invoice-flags')).toHaveText(`${3 + leftOut.length} to check`);
  await expectAccessible(page);
  await saveScreen(page, 'invoices-list');
  await row.getByRole('link', { name: `Invoice ${invoiceNum}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Invoice' })).toBeVisible();
  await expect(page.getByTestId(`invoice-line-${a.Code}`).getByTestId('line-flags')).toHaveText(short);
  await expect(page.getByTestId(`invoice-line-${b.Code}`).getByTestId('line-flags')).toHaveText(differs);
  await expect(page.getByTestId('invoice-fee')).toContainText('Fee not on the order: $4.50');
  await expectAccessible(page);
  await saveScreen(page, 'invoice-check');

  // Staff: the customer's Invoices tab opens the same check.
  await staff.goto(`/maint/customer/edit/${order!.CustomerId}?tab=invoices`);
  await staff
    .getByTestId('invoice-row')
    .filter({ hasText: invoiceNum })
    .getByRole('link', { name: `Invoice ${invoiceNum}` })
    .click();
  await expect(staff.getByTestId(`invoice-line-${a.Code}`).getByTestId('line-flags')).toHaveText(short);
  await expect(staff.getByTestId(`invoice-line-${b.Code}`).getByTestId('line-flags')).toHaveText(differs);
  await expectAccessible(staff);
  await staffContext.close();
});
