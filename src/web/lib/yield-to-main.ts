/**
 * Lets the browser answer what waits (a tap, a key, a paint) before the code goes on: what comes
 * after runs in a task of its own. The app's start is cut into such tasks, so that a phone's
 * CPU never runs it as one long task of hundreds of ms (issue 22: total blocking time).
 * `scheduler.yield` where the browser has it (it goes on before other queued work), a timer
 * elsewhere.
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
