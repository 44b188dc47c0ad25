import type { FastifyBaseLogger } from 'fastify';

/**
 * Runs `round` every `seconds` until stopped (a background check in every process: reminders,
 * standing orders). Rounds never overlap in one process, a failing one is logged and the next
 * tries again, and the returned stop waits for the round under way.
 */
export function every(
  seconds: number,
  log: FastifyBaseLogger,
  round: (log: FastifyBaseLogger) => Promise<unknown>,
  failure: string,
): () => Promise<void> {
  let current: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    if (current) return;
    current = round(log)
      .catch((err) => log.error({ err }, failure))
      .finally(() => {
        current = null;
      });
  }, seconds * 1000);
  return async () => {
    clearInterval(timer);
    await current;
  };
}
