/**
 * The first paints the shell draws from the early answers before the app's JavaScript: the
 * order home's (decision 053) and a new order's form (decision 056). Each settles at once off its
 * own page. A chunk of its own, asked for by the entry on those pages only, while the answers
 * are still on their way: the login page does without it.
 */
import { drawOrderFormFirstPaint } from './order-form-first-paint';
import { drawOrderHomeFirstPaint } from './order-home-first-paint';

export function drawFirstPaint(): Promise<unknown> {
  return Promise.all([drawOrderHomeFirstPaint(), drawOrderFormFirstPaint()]);
}
