/**
 * The order home's content drawn into the static shell from app-shell.js's early answers (issue
 * 22, decision 053): the messages and the countdown paint as soon as they arrive, while the
 * app's JavaScript still loads, in the boxes and at the sizes React then draws (order-home.route
 * .tsx, delivery-countdown.tsx), so React's paint is no larger than this one.
 */
import { type CountdownDate, countdownText } from '../../domain/delivery-countdown';
import { BUSINESS_TZ } from '../features/order/business-tz';
import { textShape } from './text-shape';

interface DisplayMessage {
  Message: string;
}

declare global {
  interface Window {
    /** app-shell.js: the order home's messages and delivery dates, as JSON (null if refused). */
    __earlyHome?: Promise<[DisplayMessage[] | null, CountdownDate[] | null]>;
  }
}

const CALENDAR_ICON =
  '<svg xmlns="http://www.w3.org/2000/svg" width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true"><rect x="4" y="5" width="16" height="16" rx="2"/><path d="M16 3v4M8 3v4M4 11h16"/></svg>';

function draw(content: Element, messages: DisplayMessage[], dates: CountdownDate[] | null) {
  const title = content.querySelector('[data-for="order-home"]');
  if (title) title.textContent = messages.length === 1 ? 'Order Message' : 'Order Messages';
  for (const block of content.querySelectorAll('.sh-block')) block.remove();

  const text = dates ? countdownText(new Date(), dates, BUSINESS_TZ) : null;
  if (text) {
    const countdown = document.createElement('div');
    countdown.className = 'sh-countdown';
    countdown.innerHTML = CALENDAR_ICON;
    const words = document.createElement('p');
    words.textContent = text;
    countdown.append(words);
    content.append(countdown);
  }
  if (messages.length === 0) return;
  const list = document.createElement('ul');
  list.className = 'sh-messages';
  for (const message of messages) {
    const item = document.createElement('li');
    const body = document.createElement('div');
    body.append(textShape(message.Message));
    item.append(body);
    list.append(item);
  }
  content.append(list);
}

/** How long the app's JavaScript waits for the messages at most (a slow API must not hold it). */
const WAIT_AT_MOST_MS = 2000;

/**
 * On the order home, draws the early answers into the shell if it is still there when they
 * come. Settles once they are drawn (or not coming), at the latest after WAIT_AT_MOST_MS: the
 * entry starts the app's JavaScript then, so on a slow network the 300 kB of it does not queue
 * in front of the messages' answers (Chrome opens 6 connections at most over HTTP/1.1).
 * Elsewhere it settles at once.
 */
export function drawOrderHomeFirstPaint(): Promise<void> {
  const home = window.__earlyHome;
  if (document.documentElement.dataset.shellPage !== 'order-home' || !home) return Promise.resolve();
  const drawn = home
    .then(([messages, dates]) => {
      const content = document.querySelector('#app-shell .sh-content');
      if (content && Array.isArray(messages)) draw(content, messages, Array.isArray(dates) ? dates : null);
    })
    .catch(() => {});
  return Promise.race([drawn, new Promise<void>((resolve) => setTimeout(resolve, WAIT_AT_MOST_MS))]);
}
