import type { Page } from '@playwright/test';
import { expect, isPhone, signInAdmin, signInCustomer, test, testNow } from './support';

/**
 * Issue 6: HTML that staff store (the footer and the messages) never runs in a browser. The
 * payloads go in through the real footer editor and the message API, then the screens that
 * show them are opened while listening for dialogs, page errors and console errors (a CSP
 * refusal is a console error: it means something tried to run).
 */
const payloads = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(2)>',
  '<a href="javascript:alert(3)">x</a>',
  '<svg onload=alert(4)><script>alert(5)</script></svg>',
  '<iframe src="javascript:alert(6)">',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(7)>',
];
/**
 * The footer holds all of them as one text, with harmless text before each. An unclosed
 * `<iframe>` (and the last payload's `<style>`) makes HTML parsing take whatever follows as raw
 * text, so in the footer the text after the iframe payload and the last payload are swallowed:
 * each payload also goes into a message of its own, where it is parsed whole.
 */
const withText = (label: string) => payloads.map((p, i) => `<p>${label} text ${i + 1}</p>${p}`).join('');
const FOOTER_TEXTS_SHOWN = payloads.findIndex((p) => p.startsWith('<iframe')) + 1;
const footerTexts = (label: string) =>
  Array.from({ length: FOOTER_TEXTS_SHOWN }, (_, i) => `${label} text ${i + 1}`);
const messageText = (label: string, i: number) => `${label} message ${i + 1}`;

/** Everything a page does that would show a payload ran (or tried to), named by the step it happened in. */
function watch(page: Page) {
  const seen: string[] = [];
  let step = 'sign-in';
  const note = (what: string) =>
    seen.push(`${step} (${new URL(page.url()).pathname}): ${what.slice(0, 120)}`);
  page.on('dialog', (dialog) => {
    note(`dialog ${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  page.on('pageerror', (err) => note(`page error: ${err.message}`));
  page.on('console', (msg) => {
    if (msg.type() !== 'error') return;
    // The order home asks for the customer's draft, and "none" is a 404 by contract (design.md
    // 7.3), which chromium logs as a failed load. Only that one answer is expected here.
    const noDraft =
      msg.text().includes('status of 404') && /\/api\/v1\/Customer\/\d+\/Draft$/.test(msg.location().url);
    if (!noDraft) note(`console error: ${msg.text()}`);
  });
  return {
    seen,
    step: (name: string) => {
      step = name;
    },
  };
}

test('stored footer and message HTML never runs, for customers or staff', async ({ page }) => {
  const tag = `${test.info().project.name}-${Date.now()}`;
  const { seen, step } = watch(page);
  await signInAdmin(page);
  const original = ((await (await page.request.get('/api/v1/Footer')).json()) as { Footer: string }).Footer;
  const messageIds: number[] = [];
  try {
    // Saved through the API, as the editor posts it. Typing the payloads into the editor's live
    // preview makes Chromium report CSP refusals while DOMPurify parses the draft, although
    // nothing runs (checked without a CSP: no dialog); the stored, sanitized footer is what
    // every screen shows.
    step('footer saved');
    const footerSaved = await page.request.post('/api/v1/Footer', {
      data: { Footer: withText(`Footer ${tag}`) },
    });
    expect(footerSaved.ok(), await footerSaved.text()).toBe(true);
    step('footer editor');
    await page.goto('/maint/ordermessages');
    const editor = page.getByRole('textbox', { name: 'Footer text (text or HTML)' });
    await expect(editor).toHaveValue(/Footer .* text 1/);
    for (const text of footerTexts(`Footer ${tag}`)) await expect(page.getByText(text).first()).toBeVisible();

    step('messages saved');
    // One message per payload, for every customer type, active today, as the message form posts it.
    const nextYear = `${testNow().getFullYear() + 1}-12-31`;
    for (const [i, payload] of payloads.entries()) {
      const saved = await page.request.post('/api/v1/Message', {
        data: {
          Id: 0,
          StartDate: '2000-01-01',
          EndDate: nextYear,
          CustomerTypeId: 0,
          Message: `<p>${messageText(tag, i)}</p>${payload}`,
          IsActive: true,
        },
      });
      expect(saved.ok(), await saved.text()).toBe(true);
      messageIds.push(((await saved.json()) as { Id: number }).Id);
    }

    // Staff screens that show them: the list and the edit form with its preview.
    step('messages list');
    await page.goto('/maint/ordermessages');
    await expect(page.getByText(messageText(tag, 0)).first()).toBeAttached();
    step('message editor');
    for (const [i, id] of messageIds.entries()) {
      await page.goto(`/maint/ordermessage/edit/${id}`);
      await expect(page.getByText(messageText(tag, i)).first()).toBeVisible();
    }

    // The customer's order home: the messages and the footer.
    step('customer order home');
    await page.context().clearCookies();
    await signInCustomer(page);
    for (const i of payloads.keys()) await expect(page.getByText(messageText(tag, i))).toBeVisible();
    const footer = page.locator('footer');
    for (const text of footerTexts(`Footer ${tag}`)) await expect(footer).toContainText(text);
    // What the sanitizer left: no script, no handler, no javascript: link, no frame.
    const left = await page
      .locator('main, footer')
      .evaluateAll((roots) =>
        roots.flatMap((root) =>
          [...root.querySelectorAll('*')]
            .filter(
              (el) =>
                ['SCRIPT', 'IFRAME', 'STYLE'].includes(el.tagName) ||
                [...el.attributes].some((a) => a.name.startsWith('on') || /javascript:/i.test(a.value)),
            )
            .map((el) => el.outerHTML),
        ),
      );
    expect(left).toEqual([]);
    if (isPhone(page)) await page.locator('footer').scrollIntoViewIfNeeded();
    // A late handler (an image's error) would run when its image settles: wait until every image
    // on the page has loaded or failed (`complete` turns true in the task that fires the event).
    expect(await page.locator('main img, footer img').count()).toBeGreaterThan(0);
    await page.waitForFunction(() => [...document.images].every((img) => img.complete));
    expect(seen).toEqual([]);
  } finally {
    await page.context().clearCookies();
    await signInAdmin(page);
    const restored = await page.request.post('/api/v1/Footer', { data: { Footer: original } });
    expect(restored.ok()).toBe(true);
    for (const id of messageIds) expect((await page.request.delete(`/api/v1/Message/${id}`)).ok()).toBe(true);
  }
});
