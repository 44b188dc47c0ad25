/**
 * The customer login page without React (decision 053): index.html draws the form
 * (`#login-page`), this module makes it work. Same labels, masks, messages and API call as the
 * React screen (features/auth/customer-login.route.tsx, which the running app still shows when
 * it sends a customer to sign in: Logout, a session that ended). Once the customer is signed
 * in, the React app loads and draws the page asked for (`returnTo`, paths.ts `safeReturnTo`).
 */
import type { SessionCustomer } from '../../domain/auth.schema';
import { customerLoginMessages } from '../../domain/login-rules';
import { customerLoginPageErrors } from '../features/auth/customer-login-errors';
import { apiFetch, isApiError } from '../lib/api-client';
import { maskDigits } from '../lib/digits';
import { NO_CONNECTION_MESSAGE } from '../lib/messages';
import { paths, RETURN_TO, safeReturnTo } from '../paths';
import { startPageStatus, stopPageStatus } from './page-status';

declare global {
  interface Window {
    /** public/app-shell.js: draws the shell for `pathname` and asks its early answers. */
    __startShell?: (pathname: string) => void;
    /** Set when the app starts after this page: its first screen takes the focus (route-focus.tsx). */
    __focusHeadingOnStart?: boolean;
  }
}

/** Mantine's close icon (CloseIcon), as the app's toasts show it. */
const CLOSE_ICON =
  'M11.7816 4.03157C12.0062 3.80702 12.0062 3.44295 11.7816 3.2184C11.5571 2.99385 11.193 2.99385 10.9685 3.2184L7.50005 6.68682L4.03164 3.2184C3.80708 2.99385 3.44301 2.99385 3.21846 3.2184C2.99391 3.44295 2.99391 3.80702 3.21846 4.03157L6.68688 7.49999L3.21846 10.9684C2.99391 11.193 2.99391 11.557 3.21846 11.7816C3.44301 12.0061 3.80708 12.0061 4.03164 11.7816L7.50005 8.31316L10.9685 11.7816C11.193 12.0061 11.5571 12.0061 11.7816 11.7816C12.0062 11.557 12.0062 11.193 11.7816 10.9684L8.31322 7.49999L11.7816 4.03157Z';

/** Spec section 8: login failures are a toast at the top for 4 seconds. */
const TOAST_MS = 4000;

/** True on a cold load of the customer login page (app-shell.js marked it). */
export function isCustomerLoginPage(): boolean {
  return document.documentElement.dataset.login === 'customer';
}

type Field = 'CompanyId' | 'Zipcode';

function elements() {
  const form = document.getElementById('lp-form') as HTMLFormElement | null;
  const inputs = {
    CompanyId: document.getElementById('lp-number') as HTMLInputElement | null,
    Zipcode: document.getElementById('lp-zip') as HTMLInputElement | null,
  };
  const button = form?.querySelector<HTMLButtonElement>('button[type="submit"]');
  const toast = document.getElementById('lp-toast');
  if (!form || !inputs.CompanyId || !inputs.Zipcode || !button || !toast) return null;
  return { form, inputs: inputs as Record<Field, HTMLInputElement>, button, toast };
}

/** A field's message under it, tied to the input for screen readers; null clears it. */
function setFieldError(input: HTMLInputElement, message: string | null) {
  const error = document.getElementById(`${input.id}-error`);
  if (!error) return;
  error.textContent = message ?? '';
  error.hidden = message === null;
  if (message === null) {
    input.removeAttribute('aria-invalid');
    input.removeAttribute('aria-describedby');
  } else {
    input.setAttribute('aria-invalid', 'true');
    input.setAttribute('aria-describedby', error.id);
  }
}

let toastTimer: ReturnType<typeof setTimeout> | undefined;

function hideToast(toast: HTMLElement) {
  clearTimeout(toastTimer);
  toast.replaceChildren();
}

/** The failure's toast, replacing the one before; announced as an alert. */
function showToast(toast: HTMLElement, message: string) {
  hideToast(toast);
  const note = document.createElement('div');
  note.className = 'lp-note';
  note.setAttribute('role', 'alert');
  const text = document.createElement('p');
  text.textContent = message;
  const close = document.createElement('button');
  close.type = 'button';
  close.className = 'lp-close';
  close.setAttribute('aria-label', 'Close');
  close.innerHTML = `<svg viewBox="0 0 15 15" width="16" height="16" aria-hidden="true"><path fill="currentColor" fill-rule="evenodd" clip-rule="evenodd" d="${CLOSE_ICON}"/></svg>`;
  close.addEventListener('click', () => hideToast(toast));
  note.append(text, close);
  toast.append(note);
  toastTimer = setTimeout(() => hideToast(toast), TOAST_MS);
}

/** Where a signed-in customer goes: the page the guard came from, if it is a customer page. */
export function signedInTarget(search: string): string {
  return safeReturnTo(new URLSearchParams(search).get(RETURN_TO), ['/order'], paths.orderHome);
}

/**
 * The default next step: the address becomes the page asked for, the shell draws that page's
 * frame (and asks its early answers), and the React app starts there.
 */
function startAppAt(to: string) {
  window.history.replaceState(null, '', to);
  delete document.documentElement.dataset.login;
  stopPageStatus();
  window.__startShell?.(window.location.pathname);
  window.__focusHeadingOnStart = true;
  void import('../shell/first-paint').then((shell) => shell.drawFirstPaint());
  void loadApp().then((app) => app.startApp());
}

const loadApp = () => import('../app');

/** Starts the app's download without running it, once the customer shows they will sign in. */
function prefetchAppOnIntent(form: HTMLFormElement) {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    const idle = window.requestIdleCallback ?? ((run: () => void) => setTimeout(run, 200));
    idle(() => void loadApp().catch(() => {}));
  };
  form.addEventListener('input', start, { once: true });
  form.addEventListener('pointerdown', start, { once: true });
}

/** Makes index.html's login form work. `onSignedIn` replaces the default (start the app). */
export function startCustomerLoginPage(
  onSignedIn: (to: string, customer: SessionCustomer) => void = startAppAt,
) {
  const page = elements();
  if (!page) return;
  const { form, inputs, button, toast } = page;
  let pending = false;

  for (const input of Object.values(inputs)) {
    const digits = Number(input.dataset.digits);
    input.addEventListener('input', () => {
      const masked = maskDigits(input.value, digits);
      if (masked !== input.value) input.value = masked;
      setFieldError(input, null);
    });
  }
  if (document.activeElement === document.body) inputs.CompanyId.focus();
  prefetchAppOnIntent(form);
  startPageStatus();

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (pending) return;
    const values = { CompanyId: inputs.CompanyId.value, Zipcode: inputs.Zipcode.value };
    const errors = customerLoginPageErrors(values);
    setFieldError(inputs.CompanyId, errors.CompanyId ?? null);
    setFieldError(inputs.Zipcode, errors.Zipcode ?? null);
    if (errors.CompanyId || errors.Zipcode) return;

    pending = true;
    button.setAttribute('aria-busy', 'true');
    apiFetch<SessionCustomer>('Authenticate', {
      method: 'POST',
      body: { CompanyId: Number(values.CompanyId), Zipcode: Number(values.Zipcode) },
    })
      .then((customer) => {
        hideToast(toast);
        onSignedIn(signedInTarget(window.location.search), customer);
      })
      .catch((error: unknown) => {
        if (isApiError(error, 401)) return showToast(toast, customerLoginMessages.failed);
        if (isApiError(error, 422) || isApiError(error, 400)) {
          if (error.Errors.length === 0) return showToast(toast, error.ErrorMessage);
          for (const e of error.Errors) {
            const input = inputs[e.Field as Field];
            if (input) setFieldError(input, e.Message);
          }
          return;
        }
        // 429 carries the server's message; no answer at all, the no-connection one.
        showToast(
          toast,
          isApiError(error) && error.Status === 429 ? error.ErrorMessage : NO_CONNECTION_MESSAGE,
        );
      })
      .finally(() => {
        pending = false;
        button.removeAttribute('aria-busy');
      });
  });
}
