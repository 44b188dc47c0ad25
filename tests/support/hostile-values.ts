import fc from 'fast-check';

/**
 * Hostile values for the fuzz tests: what a careless client or an attacker sends instead of
 * what the OpenAPI document describes. Kept apart from the routes so that the text-value and
 * upload tests can reuse the same lists.
 */

/** Text that breaks naive SQL, LIKE patterns, HTML, paths, JSON or a Unicode-unaware parser. */
export const specialTexts = [
  "'",
  '"',
  '%',
  '_',
  '\\',
  ';',
  'O\'Brien\'s "Bar"',
  "' OR '1'='1",
  "%' --",
  '\\%_\\_',
  '; DROP TABLE customers; --',
  '\u202Eevil\u202C', // right-to-left override
  '\u0000',
  'a\u0000b',
  '😀🍺',
  '\uD800', // lone high surrogate
  'x\uDC00', // lone low surrogate
  'e\u0301', // combining accent
  '',
  '   ',
  '\r\n\t',
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '{}',
  'null',
  'NaN',
  'Infinity',
  '-Infinity',
  '1e309',
  '0x10',
  '-1',
  '1.5',
] as const;

/** Dates a calendar does not have, and date-like text in other shapes. */
export const impossibleDates = [
  '2026-02-30',
  '0000-00-00',
  '2026-13-01',
  '2026-00-10',
  '9999-99-99',
  '2025-02-29',
  '02/30/2026',
  '20260230',
  '2026-1-1',
  '2026-01-01T25:00:00Z',
  '+275760-09-13',
  '-000001-01-01',
] as const;

/** More than 100 kB each, in characters that cost one, two or four bytes in UTF-8. */
const hugeTexts = ['x'.repeat(100_001), '%_'.repeat(50_001), '😀'.repeat(30_000), "'".repeat(100_001)];

/** Numbers a schema may not expect: negative, fractional, at and past every integer limit. */
export const hostileNumbers = [
  -1,
  0,
  -0,
  0.5,
  -0.5,
  1.5,
  1e-300,
  2 ** 31 - 1,
  2 ** 31,
  2 ** 32,
  Number.MAX_SAFE_INTEGER,
  Number.MAX_SAFE_INTEGER + 2,
  2 ** 63,
  1e308,
  -1e308,
] as const;

/** A JSON fragment written into the body as is: numbers JSON.stringify cannot produce, deep nesting. */
export class RawJson {
  constructor(readonly text: string) {}
  toJSON(): string {
    return `@@raw:${this.text}@@`;
  }
}
const rawFragments = [
  '1e999',
  '-1e999',
  '100000000000000000000000000000',
  '0.1e-400',
  '-0.0',
  `${'['.repeat(20_000)}${']'.repeat(20_000)}`,
  `${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}`,
].map((t) => new RawJson(t));

/** The request body as text, with the raw fragments put in place. */
export function toJsonText(value: unknown): string {
  return JSON.stringify(value).replace(/"@@raw:([^@]*)@@"/g, (_, text: string) =>
    text.replaceAll('\\"', '"'),
  );
}

/** Keys that pollute a prototype or impersonate a field the server fills itself. */
export const hostileKeys = [
  '__proto__',
  'constructor',
  'prototype',
  'Id',
  'CustomerId',
  'Role',
  'IsAdmin',
  'PasswordHash',
  'OrderNum',
] as const;

export const hostileText: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...specialTexts, ...impossibleDates) },
  {
    weight: 2,
    arbitrary: fc.array(fc.constantFrom(...specialTexts), { maxLength: 5 }).map((a) => a.join('')),
  },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
  { weight: 1, arbitrary: fc.constantFrom(...hugeTexts) },
);

export const hostileNumber: fc.Arbitrary<unknown> = fc.oneof(fc.constantFrom(...hostileNumbers), fc.double());

/** Any JSON value of the wrong kind: null, the wrong type, an array where an object belongs. */
export const hostileValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    hostileText,
    hostileNumber,
    fc.constantFrom(...rawFragments),
    fc.constantFrom(null, true, false, [], {}, [null], [[]], { 0: 1 }),
    fc.array(tie('value'), { maxLength: 3 }),
    fc
      .array(fc.tuple(fc.oneof(fc.constantFrom(...hostileKeys), fc.string()), tie('value')), { maxLength: 3 })
      .map((entries) => Object.fromEntries(entries)),
  ),
})).value;

/** Bytes, percent-encoded, so that lone surrogates and NUL reach the server as they would from a socket. */
export function percentEncode(text: string): string {
  return [...Buffer.from(text, 'utf8')]
    .map((b) =>
      /[A-Za-z0-9\-_.~]/.test(String.fromCharCode(b))
        ? String.fromCharCode(b)
        : `%${b.toString(16).padStart(2, '0')}`,
    )
    .join('');
}
