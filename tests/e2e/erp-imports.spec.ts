import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import {
  expect,
  expectAccessible,
  isPhone,
  openCustomerPage,
  saveScreen,
  signInAdmin,
  test,
  testNow,
} from './support';

/** 'MM/DD/YYYY' of the day `days` from today in Chicago, as the ERP writes dates. */
function erpDate(days: number): string {
  const d = new Date(testNow().getTime() + days * 86_400_000);
  const [m, day, y] = new Intl.DateTimeFormat('en-US', {
    timeZone: 'America/Chicago',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  })
    .format(d)
    .split('/');
  return `${m}/${day}/${y}`;
}

async function upload(page: Page, which: number, file: string) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Add Import File and Upload' }).nth(which).click();
  await (await chooser).setFiles(file);
}

test('customer items and order history files upload, and the history shows on the customer screens', async ({
  page,
  browser,
}) => {
  await signInAdmin(page);
  const dir = mkdtempSync(path.join(tmpdir(), 'erp-imports-'));
  const orderNum = isPhone(page) ? '9200001' : '9100001';
  const item = isPhone(page) ? 'E2E-HIST-P' : 'E2E-HIST-D';

  // A product that exists, to link to customer 6001 with the customer items file.
  const products = (await (await page.request.get('/api/v1/Products')).json()) as {
    Code: string;
    IsActive: boolean;
  }[];
  const code = products.find((p) => p.IsActive)!.Code;
  const itemsFile = path.join(dir, 'customer-items.txt');
  writeFileSync(itemsFile, `6001\t${code}\t${erpDate(-30)}\t\t99\n1001\tNO-SUCH-ITEM\t\t\t1\n`);

  const historyFile = path.join(dir, 'order-history.txt');
  const line = (cases: number, itemCode: string, description: string) =>
    [
      erpDate(-3),
      '1001',
      'Blue Heron Tavern',
      erpDate(-1),
      orderNum,
      'Pat Murphy',
      '3125550142',
      'REG',
      itemCode,
      description,
      '24',
      '0',
      String(cases),
    ].join('\t');
  writeFileSync(
    historyFile,
    `${[line(3, item, 'E2E History Cola 24x12oz'), line(1, `${item}-2`, 'E2E History Lime')].join('\r\n')}\r\n`,
  );

  await page.goto('/maint/customer/importitems');
  await upload(page, 0, itemsFile);
  await expect(page.getByText('customer-items.txt: uploaded')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Rejected lines' })).toContainText('NO-SUCH-ITEM');

  await upload(page, 1, historyFile);
  await expect(page.getByText('order-history.txt: uploaded')).toBeVisible();
  await expectAccessible(page);
  await saveScreen(page, 'history-import');

  // The customer sees the imported order in Orders History, and its lines in the detail.
  const customer = await openCustomerPage(browser);
  try {
    // On the page of the history it falls on: the journeys before this one placed orders since.
    const history = (await (await customer.request.get('/api/v1/Orders/1001')).json()) as {
      Orders: { OrderNum: string }[];
    };
    const at = history.Orders.findIndex((o) => o.OrderNum === orderNum);
    expect(at).toBeGreaterThanOrEqual(0);
    await customer.goto(`/order/history?page=${Math.floor(at / (isPhone(page) ? 15 : 25)) + 1}`);
    await expect(customer.getByText(orderNum).first()).toBeVisible();
    await customer
      .getByRole('link', { name: `Detail of order ${orderNum}` })
      .first()
      .click();
    await expect(customer).toHaveURL(/\/order\/history\/detail\/\d+$/);
    await expect(customer.getByText('E2E History Cola 24x12oz')).toBeVisible();
    await expect(customer.getByText('E2E History Lime')).toBeVisible();
  } finally {
    await customer.context().close();
  }
});
