/**
 * `value` with every string in it made well-formed UTF-16: half a surrogate pair becomes
 * U+FFFD. For what goes into a jsonb column: JSON.stringify writes half a pair as `"\ud800"`,
 * an escape PostgreSQL's and PGlite's jsonb refuse (a 500 found by the fuzz test), while a text
 * column gets U+FFFD from the driver's UTF-8. Objects and arrays are copied; nothing else changes.
 */
export function wellFormed<T>(value: T): T {
  if (typeof value === 'string') return value.toWellFormed() as T;
  if (Array.isArray(value)) return value.map(wellFormed) as T;
  if (value !== null && typeof value === 'object' && !(value instanceof Date)) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k.toWellFormed(), wellFormed(v)])) as T;
  }
  return value;
}
