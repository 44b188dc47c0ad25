import { existsSync, readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import {
  expect,
  expectAccessible,
  exportFile,
  isPhone,
  openCustomerPage,
  saveScreen,
  signInAdmin,
  test,
} from './support';

/*
 * An order stays the customer's until its cutoff (design.md 7.10): a bar changes one of its
 * orders (a product added) and cancels another from the orders' detail, before the cutoff, and
 * the ERP's file follows each time: rewritten under the same Web Conf #, then gone. Customer
 * 1003 (a bar, type 1) is no other journey's; each run (desk, phone) places its own two orders.
 */
const BAR = { number: '1003', zip: '60614' };

interface Placed {
  Id: number;
  OrderNum: string;
}

/** Places an order through the API, as the order form would, for the first date still open. */
async function placeOrder(page: Page, customerId: number, codes: string[]): Promise<Placed> {
  const dates = await (await page.request.get(`/api/v1/Customer/${customerId}/DeliveryDates?count=1`)).json();
  const res = await page.request.post('/api/v1/Order', {
    data: {
      DeliveryDate: dates[0].Date,
      Name: 'Casey Copper',
      Phone: '3125550177',
      Email: 'casey@example.com',
      ProductQuantities: codes.map((Code) => ({ Code, CaseQuantity: 2, UnitQuantity: 0 })),
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const { OrderNum } = await res.json();
  const list = await (await page.request.get(`/api/v1/Orders/${BAR.number}`)).json();
  return { Id: list.Orders.find((o: Placed) => o.OrderNum === OrderNum).Id, OrderNum };
}

test('a bar changes an order and cancels another before the cutoff; the ERP file follows', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const bar = await openCustomerPage(browser, BAR.number, BAR.zip);
  try {
    const session = await (await bar.request.get('/api/v1/Session')).json();
    const customer = await (await bar.request.get(`/api/v1/Customer/${session.Customer.Id}`)).json();
    const [first, second] = customer.Products.map((p: { Code: string }) => p.Code);
    const toChange = await placeOrder(bar, session.Customer.Id, [first]);
    const toCancel = await placeOrder(bar, session.Customer.Id, [first]);
    expect(readFileSync(exportFile(toChange.OrderNum), 'utf8')).not.toContain(second);

    // Change: the detail says until when, and Change opens the order in the same form.
    await bar.goto(`/order/history/detail/${toChange.Id}`);
    const changeBox = bar.getByTestId('order-change-window');
    await expect(changeBox).toContainText(
      /You can change or cancel this order until \d+:\d\d [AP]M Central on/,
    );
    await expectAccessible(bar);
    await saveScreen(bar, 'order-change-detail');
    await changeBox.getByRole('link', { name: 'Change' }).click();
    await expect(bar.getByRole('heading', { name: 'Change Order' })).toBeVisible();
    await expect(bar.getByTestId('changing-order')).toContainText(toChange.OrderNum);
    await expect(bar.getByLabel('Name')).toHaveValue('Casey Copper');
    await bar.getByRole('button', { name: 'Continue' }).click();
    await expect(bar.getByRole('textbox', { name: new RegExp(`^Cases of ${first} `) })).toHaveValue('2');
    await bar.getByRole('textbox', { name: new RegExp(`^Cases of ${second} `) }).fill('3');
    await saveScreen(bar, 'order-change-products', { fullPage: !isPhone(bar) });
    await bar.getByRole('button', { name: 'Continue' }).click();
    await bar.getByRole('button', { name: 'Submit' }).click();
    const done = bar.getByRole('dialog', { name: 'Order Confirmation' });
    await expect(done).toContainText('Your order has been changed.');
    await expect(done.getByTestId('web-conf-number')).toHaveText(toChange.OrderNum);
    await done.getByRole('button', { name: 'OK' }).click();
    await expect(bar).toHaveURL(new RegExp(`/order/history/detail/${toChange.Id}$`));
    await expect(bar.getByTestId('order-changed-at')).toContainText('Changed on');
    await expect(bar.getByText(second).first()).toBeVisible();
    // The ERP's file, rewritten under the same name: both products now.
    const file = readFileSync(exportFile(toChange.OrderNum), 'utf8');
    expect(file).toContain(`\t${first}\t`);
    expect(file).toContain(`\t${second}\t`);

    // Cancel the other one: asked first, then cancelled, its file gone.
    await bar.goto(`/order/history/detail/${toCancel.Id}`);
    await bar.getByTestId('order-change-window').getByRole('button', { name: 'Cancel Order' }).click();
    const ask = bar.getByRole('dialog', { name: 'Cancel Order' });
    await expect(ask).toContainText(`Cancel order ${toCancel.OrderNum} for delivery on`);
    await expectAccessible(bar);
    await ask.getByRole('button', { name: 'Cancel order' }).click();
    const told = bar.getByRole('dialog', { name: 'Cancel Order' });
    await expect(told).toContainText(`Order ${toCancel.OrderNum} has been cancelled.`);
    await told.getByRole('button', { name: 'OK' }).click();
    await expect(bar.getByTestId('order-cancelled')).toContainText('Nothing will be delivered for it.');
    await expect(bar.getByTestId('detail-status')).toContainText('Cancelled');
    await expect(bar.getByTestId('order-change-window')).toHaveCount(0);
    expect(existsSync(exportFile(toCancel.OrderNum))).toBe(false);
    await saveScreen(bar, 'order-change-cancelled');

    // The history says so too.
    await bar.goto('/order/history');
    await expect(bar.getByTestId('order-row').filter({ hasText: toCancel.OrderNum })).toContainText(
      'Cancelled',
    );
    const overflow = await bar.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  } finally {
    await bar.context().close();
  }
});

test('staff see a customer order cancelled, and may cancel one for the customer', async ({
  page,
  browser,
}) => {
  const bar = await openCustomerPage(browser, BAR.number, BAR.zip);
  let placed: Placed;
  try {
    const session = await (await bar.request.get('/api/v1/Session')).json();
    const customer = await (await bar.request.get(`/api/v1/Customer/${session.Customer.Id}`)).json();
    placed = await placeOrder(bar, session.Customer.Id, [customer.Products[0].Code]);
  } finally {
    await bar.context().close();
  }
  await signInAdmin(page);
  await page.goto(`/maint/order/${placed.Id}`);
  await page.getByTestId('order-change-window').getByRole('button', { name: 'Cancel Order' }).click();
  await page
    .getByRole('dialog', { name: 'Cancel Order' })
    .getByRole('button', { name: 'Cancel order' })
    .click();
  await page.getByRole('dialog', { name: 'Cancel Order' }).getByRole('button', { name: 'OK' }).click();
  await expect(page.getByTestId('order-cancelled')).toBeVisible();
  await expectAccessible(page);
  await saveScreen(page, 'order-change-staff-cancelled');
  // The audit trail names who did it.
  const audit = await (await page.request.get('/api/v1/Audit?entity=Order')).json();
  expect(JSON.stringify(audit)).toContain(placed.OrderNum);
});
