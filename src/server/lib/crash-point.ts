/**
 * The recovery test's kill switch: with BEV_TEST_CRASH_AFTER naming a point, the process kills
 * itself there (SIGKILL: no `finally`, no close), as a power cut would. Unset in production, it
 * costs one comparison.
 */
const crashAfter = process.env.BEV_TEST_CRASH_AFTER;

export function crashPoint(name: string): void {
  if (crashAfter === name) process.kill(process.pid, 'SIGKILL');
}
