import { type ModalSettings, modals } from '@mantine/modals';

/** Spec section 9: dialogs are min(viewport width - 8, 724) px wide. */
export const DIALOG_WIDTH = 'min(calc(100vw - 8px), 724px)';

let counter = 0;
/** A unique modal id, so a dialog's own button can close just that dialog. */
export function nextDialogId(prefix: string): string {
  counter += 1;
  return `${prefix}-${counter}`;
}

/*
 * The modal host (@mantine/modals' ModalsProvider with Modal, ScrollArea and floating-ui: a
 * sizeable chunk, bench/bundle) is not loaded by the login pages at all unless a dialog is asked for there:
 * `DeferredHosts` mounts it when a dialog is requested, and the signed-in frames request it
 * when the browser is idle (`preloadDialogHost`), so their dialogs still open offline.
 */
type HostState = 'idle' | 'requested' | 'ready' | 'failed';
let hostState: HostState = 'idle';
const listeners = new Set<() => void>();
let settle: (ok: boolean) => void = () => {};
const hostReady = new Promise<boolean>((resolve) => {
  settle = resolve;
});

export function subscribeDialogHost(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function isDialogHostRequested(): boolean {
  return hostState !== 'idle';
}

/** Called by the host once it listens for `modals.open`; `false` when its code could not load. */
export function markDialogHost(ok: boolean) {
  hostState = ok ? 'ready' : 'failed';
  settle(ok);
}

function requestDialogHost(): Promise<boolean> {
  if (hostState === 'idle') {
    hostState = 'requested';
    for (const listener of listeners) listener();
  }
  return hostReady;
}

/** Loads the dialog host when the browser is idle; the signed-in frames call it on mount. */
export function preloadDialogHost(): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(() => void requestDialogHost(), { timeout: 3000 });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(() => void requestDialogHost(), 500);
  return () => window.clearTimeout(handle);
}

/**
 * Opens a modal once the host is there. Resolves `false` when the host could not load (offline
 * before it was ever fetched); callers then fall back to the browser's own dialog.
 */
export async function openAppModal(settings: ModalSettings & { modalId: string }): Promise<boolean> {
  const ok = await requestDialogHost();
  if (ok) modals.open(settings);
  return ok;
}
