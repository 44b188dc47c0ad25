import { useLayoutEffect, useState } from 'react';

/** The shell index.html draws before the JavaScript runs (decision 049). */
export const STATIC_SHELL_ID = 'app-shell';

/** Loading screens mounted right now: while one is, the static shell stays in their place. */
let loading = 0;

/**
 * Takes the static shell away: out of sight at once, out of the document in the next task, once
 * the browser has dropped its boxes. Taken out of the document with its boxes, in the commit
 * that shows React's screen, it cost 25 ms of that task under Chrome's tracing (100 ms in
 * Lighthouse's 4x simulation, issue 22); hidden, 1 ms, and its removal then next to nothing.
 */
export function retireStaticShell() {
  const shell = document.getElementById(STATIC_SHELL_ID);
  if (!shell || shell.dataset.retired) return;
  shell.dataset.retired = 'true';
  // Not a variant any more: index.html's rules that hide React's root beside a drawn shell stop.
  shell.classList.remove('sf-drawn');
  shell.style.display = 'none';
  setTimeout(() => shell.remove(), 0);
}

/** True while the static shell shows a variant for this address (app-shell.js chose one). */
function staticShellShown(): boolean {
  if (typeof document === 'undefined') return false;
  const shell = document.getElementById(STATIC_SHELL_ID);
  if (!shell || shell.dataset.retired) return false;
  if (document.documentElement.dataset.shell) return true;
  // No variant for this address (the maintenance frame, the worksheet): nothing to stand in.
  shell.remove();
  return false;
}

/**
 * Takes the static shell away once no loading screen is mounted. Run after React's commit (a
 * microtask, before the browser paints), so the screen that replaces the shell is already in the
 * page: the customer never sees a frame without either.
 */
function removeWhenLoaded() {
  queueMicrotask(() => {
    if (loading === 0) retireStaticShell();
  });
}

/**
 * For a loading screen: true while the static shell shows (draw nothing then: the shell stands
 * in for the loader). The shell goes when the last loading screen unmounts.
 */
export function useStaticShellInstead(): boolean {
  const [shown] = useState(staticShellShown);
  useLayoutEffect(() => {
    loading += 1;
    return () => {
      loading -= 1;
      removeWhenLoaded();
    };
  }, []);
  return shown;
}

/** For a screen that is not a loading screen (the root layout, the error pages): the shell goes. */
export function useStaticShellGone() {
  useLayoutEffect(removeWhenLoaded);
}
