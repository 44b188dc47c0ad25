/**
 * What the React app's status hosts do (components/app-status), for the login page without
 * React (decision 053): the offline bar, the service worker's registration once the page is
 * idle, and the "new version" prompt. The app's own hosts take over once it starts.
 */
import { OFFLINE_TEXT, UPDATE_TEXT } from '../components/app-status/texts';

/** How often an open tab asks the server whether a new build is out: each hour (as the app). */
const CHECK_EVERY_MS = 60 * 60 * 1000;

let stopped = false;
const cleanups: (() => void)[] = [];

function showOffline() {
  const host = document.getElementById('lp-offline');
  if (!host) return;
  if (navigator.onLine) return host.replaceChildren();
  const bar = document.createElement('p');
  bar.className = 'lp-offline';
  bar.textContent = OFFLINE_TEXT;
  host.replaceChildren(bar);
}

function showUpdatePrompt(reload: () => void) {
  const host = document.getElementById('lp-update');
  if (!host || stopped) return;
  const note = document.createElement('div');
  note.className = 'lp-note';
  const title = document.createElement('strong');
  title.textContent = UPDATE_TEXT;
  const reloadButton = document.createElement('button');
  reloadButton.type = 'button';
  reloadButton.textContent = 'Reload';
  reloadButton.addEventListener('click', reload);
  const later = document.createElement('button');
  later.type = 'button';
  later.textContent = 'Later';
  later.addEventListener('click', () => host.replaceChildren());
  note.append(title, reloadButton, later);
  host.replaceChildren(note);
}

/** Registers the service worker (a production build has one) when the page has nothing else to do. */
function registerWorkerWhenIdle() {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => {
    if (stopped) return;
    void import('./register-worker').then(({ registerWorker }) =>
      registerWorker(showUpdatePrompt, (registration) => {
        const timer = window.setInterval(() => void registration.update(), CHECK_EVERY_MS);
        cleanups.push(() => window.clearInterval(timer));
      }),
    );
  };
  const whenLoaded = () => {
    if (window.requestIdleCallback) window.requestIdleCallback(register, { timeout: 1500 });
    else window.setTimeout(register, 200);
  };
  if (document.readyState === 'complete') whenLoaded();
  else window.addEventListener('load', whenLoaded, { once: true });
}

export function startPageStatus() {
  stopped = false;
  showOffline();
  window.addEventListener('online', showOffline);
  window.addEventListener('offline', showOffline);
  cleanups.push(() => {
    window.removeEventListener('online', showOffline);
    window.removeEventListener('offline', showOffline);
  });
  registerWorkerWhenIdle();
}

/** The app starts: its own banner and prompt take over. */
export function stopPageStatus() {
  stopped = true;
  for (const cleanup of cleanups.splice(0)) cleanup();
  document.getElementById('lp-offline')?.replaceChildren();
  document.getElementById('lp-update')?.replaceChildren();
}
