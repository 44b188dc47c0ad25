/**
 * The page's entry. Its styles are linked in the page's head (the server draws the customer
 * pages with them, issue 34); the app then hydrates the page, or draws it (app.tsx).
 *
 * A sign-in page the server drew works as it is, a form that posts: its scripts (React, Mantine,
 * the router: most of what a phone downloads) load at the first touch, key or input on it, and then
 * hydrate it (the masks, the messages at once, the toasts). What was typed meanwhile is kept
 * (ssr/typed-before-live.ts). Every other page starts the app at once.
 */
import '@mantine/core/styles.css';
import '@mantine/dates/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/charts/styles.css';
import './app.css';
import './features/order/worksheet.css';

const start = () => void import('./app').then((app) => app.startApp());

const drawnSignIn =
  document.getElementById('app-state') !== null &&
  /^\/(user|maint)\/login\/?$/.test(window.location.pathname);

if (!drawnSignIn) start();
else {
  // The page works as it is (tests/e2e/support.ts `live` waits for this, or for `true` once hydrated).
  document.documentElement.dataset.live = 'form';
  // Not on focus: the page's own autofocus is no one's touch. `input`: a box filled in by the
  // browser or a keyboard that sends no key events (autofill, dictation, a paste from the menu).
  const events = ['pointerdown', 'keydown', 'touchstart', 'input'] as const;
  const once = (event: Event) => {
    for (const type of events) document.removeEventListener(type, once, true);
    // A control that needs the scripts (the passkey button) acts on the touch that woke them:
    // its click came before React did, and is gone.
    const woke = event.target instanceof Element ? event.target.closest('[data-wake-action]') : null;
    const action = woke?.getAttribute('data-wake-action');
    if (action) document.documentElement.dataset.wakeAction = action;
    start();
  };
  for (const type of events) document.addEventListener(type, once, { capture: true, passive: true });
}
