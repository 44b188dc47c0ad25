import { afterEach, describe, expect, it, vi } from 'vitest';
import { prefetchRoutesOnIntent } from './prefetch-routes';

let stop: () => void = () => {};

afterEach(() => {
  stop();
  document.body.replaceChildren();
});

function link(href: string, target?: string): HTMLAnchorElement {
  const a = document.createElement('a');
  a.href = href;
  if (target) a.target = target;
  a.append(document.createElement('span'));
  document.body.append(a);
  return a;
}

describe('prefetchRoutesOnIntent', () => {
  it("loads the code of every route a link matches on pointer down, once, and not a new tab's", async () => {
    const frame = vi.fn(async () => ({}));
    const form = vi.fn(async () => ({}));
    const history = vi.fn(async () => ({}));
    stop = prefetchRoutesOnIntent([
      {
        lazy: frame,
        children: [
          { path: 'order/form/:id', lazy: form },
          { path: 'order/history', lazy: history },
        ],
      },
    ]);
    const toForm = link('/order/form/0');
    toForm.firstChild!.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    expect(frame).toHaveBeenCalledTimes(1);
    expect(form).toHaveBeenCalledTimes(1);
    toForm.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    expect(form).toHaveBeenCalledTimes(1);
    link('/order/history', '_blank').dispatchEvent(new Event('pointerdown', { bubbles: true }));
    expect(history).not.toHaveBeenCalled();
    link('/order/history').dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    expect(history).toHaveBeenCalledTimes(1);
  });
});
