import {
  BARE_SIZES,
  CASE_WORDS,
  CHATTER,
  NUMBER_WORDS,
  SIZE_NUMBERS,
  STOP_WORDS,
  SYNONYMS,
  UNIT_WORDS,
} from './quick-order-words';

/**
 * A quick order from text (design.md 8.7, issue 41): a message as customers text their rep
 * ("5 cs windy city cans", "vodka well 1 ltr x2", "thanks! - Joe") read line by line into a
 * quantity, its unit and the words that name the product. Pure: the server matches the words
 * against the customer's products (modules/quick-order), and these tests pin the reading.
 */

export type QuantityUnit = 'cases' | 'units';

export interface ReadLine {
  /** The line as typed, trimmed. */
  Text: string;
  /** The quantity written; null when the line names none. */
  quantity: number | null;
  unit: QuantityUnit;
  /** The words left for the product, in the catalogue's terms (`terms`). */
  words: string[];
  /** The container a unit word named (`6 btl`: btl, `4 cans`: can): a hint, not a word to match. */
  container: 'btl' | 'can' | null;
  /** A word of the line that is one of the customer's product codes, as the catalogue writes it. */
  code: string | null;
  /** A greeting, a thank-you, a signature, a question: not an order line, whatever it matches. */
  chatter: boolean;
}

/** At most this many lines are read from one message; at most this many characters a line. */
export const QUICK_ORDER_MAX_LINES = 200;
export const QUICK_ORDER_MAX_LINE = 200;
/** A quantity above this is not a quantity (a code, a size, a year): the line is left unsure. */
export const QUICK_ORDER_MAX_QUANTITY = 999;

/** Sizes and packs in one spelling: `750 ml` 750ml, `1 ltr` 1l, `24x12oz` 24pk 12oz, `1/2 BBL` halfbbl. */
function normalizeSizes(text: string): string {
  return text
    .replace(/(\d+)\s*x\s*(\d+(?:\.\d+)?)\s*(ml|l|oz|gal|lb|ct)\b/g, '$1pk $2$3')
    .replace(/\b(\d+)\s*x\s*(\d+\.\d+)\b/g, '$1pk $2')
    .replace(
      /\b1\/2\s*(bbl|barrel|keg)\b|\bhalf[\s-]*(bbl|barrel|keg)s?\b|\bhalf\s*barrels?\b/g,
      'halfbbl keg',
    )
    .replace(/\b1\/6\s*(bbl|barrel|keg)\b|\bsixtels?\b|\bsixth[\s-]*(bbl|barrel|keg)s?\b/g, 'sixthbbl keg')
    .replace(/\b(\d+(?:\.\d+)?)\s*(ml|mls|milliliters?)\b/g, '$1ml')
    .replace(/\b(\d+(?:\.\d+)?)\s*(l|lt|ltr|ltrs|liters?|litres?)\b/g, '$1l')
    .replace(/\b(\d+(?:\.\d+)?)\s*(oz|ozs|ounces?|z)\b/g, '$1oz')
    .replace(/\b(\d+(?:\.\d+)?)\s*(gal|gals|gallons?)\b/g, '$1gal')
    .replace(/\b(\d+(?:\.\d+)?)\s*(lb|lbs|pounds?)\b/g, '$1lb')
    .replace(/\b(\d+)\s*(ct|count)\b/g, '$1ct')
    .replace(/\b(\d+)-?(pk|pack)s?\b/g, '$1pk')
    .replace(/\btall\s*boys?\b/g, 'tallboy')
    .replace(/\b(sour mix|soda water|club soda|ice cream|non[\s-]alcoholic)\b/g, (m) =>
      m.replace(/\s+/g, '_'),
    );
}

/**
 * The terms of a text in the catalogue's words: lowercase, sizes in one spelling, the synonyms
 * and short forms replaced, stop words left out. The catalogue's descriptions and the lines both
 * go through it; `sizeNumbers` adds a decimal size's number alone (the catalogue's side).
 */
export function terms(text: string, { sizeNumbers = false } = {}): string[] {
  const spaced = normalizeSizes(text.toLowerCase().replace(/[’']/g, '').replace(/&/g, ' '));
  const out: string[] = [];
  for (const raw of spaced.split(/[\s,;:()"!?*#+|]+|(?<![\d])[./](?![\d])|-(?![a-z])/)) {
    const word = raw.replace(/^[-.]+|[-.]+$/g, '').replace(/_/g, ' ');
    if (!word || STOP_WORDS.has(word)) continue;
    const replaced = SYNONYMS[word] ?? BARE_SIZES[word] ?? word;
    for (const t of replaced.split(/[\s-]+/)) {
      if (t && !STOP_WORDS.has(t) && !out.includes(t)) out.push(t);
      // A catalogue's size with a decimal point also answers to its number alone ("spring water
      // 16.9"); a whole one (12 of 12oz) would answer to store numbers and counts.
      const size = sizeNumbers ? /^(\d+\.\d+)(oz|ml|l|gal|lb)$/.exec(t) : null;
      if (size && !out.includes(size[1]!)) out.push(size[1]!);
    }
  }
  return out;
}

function quantityOf(token: string | undefined): number | null {
  if (token === undefined) return null;
  if (/^\d{1,4}$/.test(token) && !SIZE_NUMBERS.has(token)) return Number(token);
  return null;
}

function isUnitWord(token: string | undefined): boolean {
  return token !== undefined && (CASE_WORDS.has(token) || UNIT_WORDS.has(token));
}

/**
 * One line of a message read: its quantity and unit (cases unless a unit word follows the
 * number), a product code when one of its words is one (`isCode` answers the catalogue's
 * spelling of a word, or null), the product's words, and whether it is chatter.
 *
 * The quantity is, in this order: a number marked by `x` (`x2`, `2x`, `x 2`) or in brackets;
 * a number followed by a case or unit word anywhere (`5 cs`, `5cs`, `2 btls`); the first word
 * when it is a number or a number word (`5 windy city`, `two cases of`, `a case of`); the last
 * word when it is a number (`lake effect ipa 3`, `vodka - 5`). A number with a size's unit
 * (`1 ltr`, `12oz`) is a size, and a bare 750 or 1.75 is a bottle's.
 */
export function readLine(line: string, isCode: (word: string) => string | null): ReadLine {
  const Text = line.trim().slice(0, QUICK_ORDER_MAX_LINE);
  const prepared = normalizeSizes(
    Text.toLowerCase()
      .replace(/^[\s•*·>]*(?:-\s+)?(?:\d{1,2}[.)]\s+)?/, '') // a list's bullet or number ("1) ", "- ")
      .replace(/[’']/g, ''),
  )
    .replace(/\bx\s*(\d)/g, 'x $1')
    .replace(/(\d)\s*x\b/g, '$1 x')
    .replace(/\b(\d+)(cs|css|cse|cases?|btls?|bottles?|cans|ea|each|units?|bags?)\b/g, '$1 $2')
    .replace(/[()[\]]/g, (b) => (b === '(' || b === '[' ? ' ( ' : ' ) '));
  const tokens = prepared.split(/[\s,;:=@]+|(?<=\s)-(?=\s)/).filter((t) => t && t !== '-');

  let code: string | null = null;
  for (let i = 0; i < tokens.length; i++) {
    const found = isCode(tokens[i]!);
    if (found) {
      code = found;
      tokens.splice(i, 1);
      break;
    }
  }

  // The quantity's place among the tokens, by the rules above.
  let at = -1;
  for (let i = 0; i < tokens.length && at < 0; i++) {
    const marked =
      tokens[i - 1] === 'x' || tokens[i + 1] === 'x' || (tokens[i - 1] === '(' && tokens[i + 1] === ')');
    if (marked && quantityOf(tokens[i]) !== null) at = i;
  }
  for (let i = 0; i < tokens.length && at < 0; i++) {
    if (quantityOf(tokens[i]) !== null && isUnitWord(tokens[i + 1])) at = i;
  }
  let quantity: number | null = null;
  const first = tokens[0];
  if (at < 0 && first !== undefined) {
    if (quantityOf(first) !== null) at = 0;
    else if (first in NUMBER_WORDS && (first !== 'a' && first !== 'an' ? true : isUnitWord(tokens[1]))) {
      quantity = NUMBER_WORDS[first]!;
      at = 0;
    }
  }
  if (at < 0 && tokens.length > 1 && quantityOf(tokens.at(-1)) !== null) at = tokens.length - 1;
  if (at < 0 && code !== null && tokens.length === 1 && quantityOf(tokens[0]) !== null) at = 0;

  let unit: QuantityUnit = 'cases';
  let container: ReadLine['container'] = null;
  if (at >= 0) {
    quantity ??= quantityOf(tokens[at]);
    const next = tokens[at + 1];
    let drop = 1;
    if (isUnitWord(next)) {
      unit = UNIT_WORDS.has(next!) ? 'units' : 'cases';
      const said = SYNONYMS[next!] ?? next;
      container = said === 'btl' || said === 'can' ? said : null;
      drop = 2;
    }
    tokens.splice(at, drop);
  }
  if (quantity !== null && (quantity < 1 || quantity > QUICK_ORDER_MAX_QUANTITY)) quantity = null;
  const words = terms(tokens.filter((t) => t !== 'x' && t !== '(' && t !== ')').join(' '));
  const chatter =
    code === null && (words.length === 0 || (quantity === null && CHATTER.test(Text.toLowerCase())));
  return { Text, quantity, unit, words, container, code, chatter };
}

/**
 * A message's lines: each line of the text, and a line listing several items ("5 cs lager, 2
 * vodka 1L") split at its commas or semicolons when at least two of its parts name a
 * quantity. Empty lines are left out; at most QUICK_ORDER_MAX_LINES.
 */
export function messageLines(text: string): string[] {
  const lines: string[] = [];
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line) continue;
    const parts = line
      .split(/[,;]/)
      .map((p) => p.trim())
      .filter(Boolean);
    // A part names a quantity at its start or end ("5 cs lager", "ginger ale x1"), not a
    // number inside ("Store 12 Streeterville order", "ref PO 44817").
    const counted = parts.filter((p) =>
      /^(x\s*)?\d{1,3}\b|\b\d{1,3}\s*(x|cs|cases?|btls?)?$|\bx\s*\d|^(one|two|three|four|five|six|a case)\b/i.test(
        p,
      ),
    ).length;
    lines.push(...(parts.length > 1 && counted >= 2 ? parts : [line]));
    if (lines.length >= QUICK_ORDER_MAX_LINES) break;
  }
  return lines.slice(0, QUICK_ORDER_MAX_LINES);
}
