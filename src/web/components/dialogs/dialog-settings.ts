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
 * The modal host (@mantine/modals' ModalsProvider with Modal, ScrollArea and floating-ui, about
 * 20 kB gzip) is not on the login page's critical path: `DeferredHosts` mounts it when the
 * browser is idle, or at once when a dialog is asked for before that.
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

/**
 * Opens a modal once the host is there. Resolves `false` when the host could not load (offline
 * before it was ever fetched); callers then fall back to the browser's own dialog.
 */
export async function openAppModal(settings: ModalSettings & { modalId: string }): Promise<boolean> {
  const ok = await requestDialogHost();
  if (ok) modals.open(settings);
  return ok;
}
