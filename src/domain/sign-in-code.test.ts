import { describe, expect, it } from 'vitest';
import { CODE_TRIES, CODE_TTL_MS, codeCheckable, emailKey, normalizeCode } from './sign-in-code';

/** The one-time code's life (design.md 8.2): 10 minutes, 5 tries; used once (the row is deleted). */
describe('the sign-in code', () => {
  const sent = new Date('2026-11-25T10:00:00Z');
  const code = { expiresAt: new Date(sent.getTime() + CODE_TTL_MS), tries: 0 };
  const at = (ms: number) => new Date(sent.getTime() + ms);

  it('is good for 10 minutes, to the last millisecond', () => {
    expect(CODE_TTL_MS).toBe(600_000);
    expect(codeCheckable(code, sent)).toBe(true);
    expect(codeCheckable(code, at(CODE_TTL_MS - 1))).toBe(true);
    expect(codeCheckable(code, at(CODE_TTL_MS))).toBe(false);
    expect(codeCheckable(code, at(CODE_TTL_MS + 60_000))).toBe(false);
  });

  it('takes 5 tries and not a 6th', () => {
    expect(CODE_TRIES).toBe(5);
    for (let tries = 0; tries < 5; tries++) expect(codeCheckable({ ...code, tries }, sent)).toBe(true);
    expect(codeCheckable({ ...code, tries: 5 }, sent)).toBe(false);
  });

  it('reads 6 digits, with a space or dash between them as mail clients and people write them', () => {
    expect(normalizeCode('123456')).toBe('123456');
    expect(normalizeCode(' 123 456 ')).toBe('123456');
    expect(normalizeCode('123-456')).toBe('123456');
    for (const bad of ['12345', '1234567', '12345a', '', '١٢٣٤٥٦']) expect(normalizeCode(bad)).toBeNull();
  });

  it('compares emails as one, however they are cased or spaced', () => {
    expect(emailKey('  Ann.Lee@Example.COM ')).toBe('ann.lee@example.com');
  });
});
