/**
 * Calendar helpers for the seed. Dates are 'YYYY-MM-DD' strings (the schema's date mode);
 * calendar arithmetic on them runs in UTC so that it never shifts across a DST change.
 */

const DAY_MS = 86_400_000;
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The wall-clock fields of an instant in a time zone. */
function wallClock(instant: Date, timeZone: string): Record<string, number> {
  const fields: Record<string, number> = {};
  for (const p of formatter(timeZone).formatToParts(instant)) {
    if (p.type !== 'literal') fields[p.type] = Number(p.value);
  }
  return fields;
}

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

/** The calendar date of an instant in a time zone, as 'YYYY-MM-DD'. */
export function dateInZone(instant: Date, timeZone: string): string {
  const w = wallClock(instant, timeZone);
  return `${pad(w.year ?? 0, 4)}-${pad(w.month ?? 1)}-${pad(w.day ?? 1)}`;
}

function utcMs(date: string): number {
  return Date.parse(`${date}T00:00:00Z`);
}

export function addDays(date: string, days: number): string {
  return new Date(utcMs(date) + days * DAY_MS).toISOString().slice(0, 10);
}

/** 0 Sunday .. 6 Saturday. */
export function weekday(date: string): number {
  return new Date(utcMs(date)).getUTCDay();
}

/** The instant at which the wall clock in `timeZone` shows `date` `hour`:`minute`. */
export function zonedInstant(date: string, hour: number, minute: number, timeZone: string): Date {
  const asUtc = utcMs(date) + (hour * 60 + minute) * 60_000;
  const offsetAt = (ms: number): number => {
    const w = wallClock(new Date(ms), timeZone);
    const wall = Date.UTC(
      w.year ?? 0,
      (w.month ?? 1) - 1,
      w.day ?? 1,
      w.hour ?? 0,
      w.minute ?? 0,
      w.second ?? 0,
    );
    return wall - Math.floor(ms / 1000) * 1000;
  };
  const first = asUtc - offsetAt(asUtc);
  // Near a DST change the offset at the first guess may differ from the offset at the answer.
  return new Date(asUtc - offsetAt(first));
}
