import { describe, expect, it } from 'vitest';
import { normalizeUserName, userNameError, userNameMessages } from './user-name';

describe('staff user names that read as another (issue 33)', () => {
  it('refuses a Latin name with a Cyrillic or Greek letter in it', () => {
    expect(userNameError(normalizeUserName('\u0430dmin'))).toBe(userNameMessages.mixedScripts);
    expect(userNameError(normalizeUserName('adm\u03b9n'))).toBe(userNameMessages.mixedScripts);
  });

  it('refuses invisible and text-direction characters', () => {
    for (const hidden of [
      '\u200b',
      '\u00ad',
      '\u200f',
      '\u200e',
      '\u202e',
      '\u2066',
      '\ufeff',
      '\u200d',
      '\u0007',
    ])
      expect(userNameError(normalizeUserName(`ad${hidden}min`)), hidden.codePointAt(0)!.toString(16)).toBe(
        userNameMessages.invisible,
      );
  });

  it('keeps a name in NFKC: full-width letters and a ligature become their plain letters', () => {
    expect(normalizeUserName(' ａｄｍｉｎ ')).toBe('admin');
    expect(normalizeUserName('ﬁona')).toBe('fiona');
    expect(normalizeUserName('jose\u0301')).toBe('josé');
  });

  it('accepts names of one alphabet, with digits and punctuation', () => {
    for (const name of ['admin', 'j.smith-2', 'José Ortiz', 'Иван', 'Δημήτρης', '山田たろう', 'o\u2019brien'])
      expect(userNameError(normalizeUserName(name)), name).toBeNull();
  });
});
