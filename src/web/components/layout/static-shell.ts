import { useLayoutEffect, useState } from 'react';

/** The shell index.html draws before the JavaScript runs (decision 049). */
export const STATIC_SHELL_ID = 'app-shell';

/** Loading screens mounted right now: while one is, the static shell stays in their place. */
let loading = 0;

/** True while the static shell shows a variant for this address (app-shell.js chose one). */
function staticShellShown(): boolean {
  if (typeof document === 'undefined') return false;
  const shell = document.getElementById(STATIC_SHELL_ID);
  if (!shell) return false;
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
    if (loading === 0) document.getElementById(STATIC_SHELL_ID)?.remove();
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
