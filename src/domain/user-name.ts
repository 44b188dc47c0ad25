/**
 * Staff user names that read as another's (issue 33): `аdmin` with a Cyrillic а, or `admin` with
 * a zero-width space, a soft hyphen or a right-to-left mark, signed in and showed in the audit
 * trail as "admin". A name is kept in Unicode's compatibility form (NFKC: a full-width `ａｄｍｉｎ`
 * is `admin`), and refused when it holds a character that does not show or turns the text's
 * direction, or letters of two alphabets (Unicode TR39's mixed-script rule, by script group).
 */

export const userNameMessages = {
  invisible: 'User Name must not contain invisible or text-direction characters',
  mixedScripts: 'User Name must not mix letters of different alphabets (such as Latin and Cyrillic)',
} as const;

/** Controls, format characters (zero-width space and joiners, soft hyphen, bidi marks and isolates), line and paragraph separators. */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u;

/**
 * Letters by the writing system they belong to. Japanese mixes Han and kana, Korean Han and
 * Hangul, so those count as one group; digits and punctuation belong to none.
 */
const SCRIPT_GROUPS: [string, RegExp][] = [
  ['Latin', /\p{Script=Latin}/u],
  ['Cyrillic', /\p{Script=Cyrillic}/u],
  ['Greek', /\p{Script=Greek}/u],
  ['Armenian', /\p{Script=Armenian}/u],
  ['Hebrew', /\p{Script=Hebrew}/u],
  ['Arabic', /\p{Script=Arabic}/u],
  ['CJK', /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Bopomofo}]/u],
];

/** The user name as it is stored and compared: trimmed, in NFKC. */
export function normalizeUserName(name: string): string {
  return name.normalize('NFKC').trim();
}

/** Why a (normalized) user name is refused, or null. */
export function userNameError(name: string): string | null {
  if (INVISIBLE.test(name)) return userNameMessages.invisible;
  const groups = new Set<string>();
  for (const ch of name) {
    if (!/\p{L}/u.test(ch)) continue;
    const group = SCRIPT_GROUPS.find(([, re]) => re.test(ch))?.[0] ?? 'other';
    groups.add(group);
    if (groups.size > 1) return userNameMessages.mixedScripts;
  }
  return null;
}
