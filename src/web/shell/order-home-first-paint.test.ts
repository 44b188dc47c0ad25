import { afterEach, describe, expect, it, vi } from 'vitest';
import { drawOrderHomeFirstPaint } from './order-home-first-paint';
import { openShell as openShellFor } from './test-shell';

const openShell = () => openShellFor('order-home');

afterEach(() => {
  document.getElementById('app-shell')?.remove();
  delete document.documentElement.dataset.shell;
  delete document.documentElement.dataset.shellPage;
  window.__earlyHome = undefined;
  vi.useRealTimers();
});

describe("the order home's first paint from the early answers", () => {
  it('draws the countdown and each message in place of the grey blocks, with the title for their number', async () => {
    const shell = openShell();
    window.__earlyHome = Promise.resolve([
      [
        {
          Message:
            '<p><strong>Holiday schedule:</strong> no deliveries.</p><ul><li>Check the date.</li></ul>',
        },
      ],
      [
        { Date: '2026-11-27', OrderBy: '2026-11-25T22:00:00.000Z' },
        { Date: '2026-11-30', OrderBy: '2026-11-26T22:00:00.000Z' },
      ],
    ]);
    vi.useFakeTimers({ now: new Date('2026-11-25T16:00:00.000Z'), toFake: ['Date'] });
    await drawOrderHomeFirstPaint();
    expect(shell.querySelector('[data-for="order-home"]')?.textContent).toBe('Order Message');
    expect(shell.querySelectorAll('.sh-block')).toHaveLength(0);
    expect(shell.querySelector('.sh-countdown p')?.textContent).toMatch(
      /^Order within 6 h for delivery Friday 11\/27\./,
    );
    const message = shell.querySelector('.sh-messages > li > div');
    expect(message?.innerHTML).toBe(
      '<p><strong>Holiday schedule:</strong> no deliveries.</p><ul><li>Check the date.</li></ul>',
    );
  });

  it('keeps only the text and simple formatting of a message: no attribute, script, image or script link', async () => {
    const shell = openShell();
    window.__earlyHome = Promise.resolve([
      [
        {
          Message:
            '<p onclick="alert(1)" style="color:red">Hi <a href="javascript:alert(1)">there</a>' +
            '<img src=x onerror="alert(1)"><script>alert(1)</script><iframe src="//x"></iframe></p>',
        },
        { Message: 'Two' },
      ],
      null,
    ]);
    await drawOrderHomeFirstPaint();
    expect(shell.querySelector('[data-for="order-home"]')?.textContent).toBe('Order Messages');
    const [first, second] = shell.querySelectorAll('.sh-messages > li > div');
    expect(first?.innerHTML).toBe('<p>Hi <span>there</span></p>');
    expect(second?.innerHTML).toBe('Two');
    expect(shell.querySelector('.sh-countdown')).toBeNull();
  });

  it('keeps a web, mail or phone link as a link, with nothing else of it', async () => {
    const shell = openShell();
    window.__earlyHome = Promise.resolve([
      [
        {
          Message:
            '<p>Write to <a href="mailto:o@example.com" onclick="alert(1)" style="color:red">us</a>, ' +
            'call <a href="tel:+13125550100">us</a>, read <a href="https://example.com/t" target="_blank">this</a> ' +
            'or <a href=" JavaScript:alert(1)">that</a> or <a href="data:text/html,x">those</a>.</p>',
        },
      ],
      null,
    ]);
    await drawOrderHomeFirstPaint();
    expect(shell.querySelector('.sh-messages > li > div')?.innerHTML).toBe(
      '<p>Write to <a href="mailto:o@example.com">us</a>, call <a href="tel:+13125550100">us</a>, ' +
        'read <a href="https://example.com/t" target="_blank" rel="noopener noreferrer">this</a> ' +
        'or <span>that</span> or <span>those</span>.</p>',
    );
  });

  it('leaves the shell as it is without answers, and settles at once off the order home', async () => {
    const shell = openShell();
    window.__earlyHome = Promise.resolve([null, null]);
    await drawOrderHomeFirstPaint();
    expect(shell.querySelectorAll('.sh-block')).toHaveLength(2);

    document.documentElement.dataset.shellPage = 'order-form';
    window.__earlyHome = new Promise(() => {});
    await expect(drawOrderHomeFirstPaint()).resolves.toBeUndefined();
  });
});
