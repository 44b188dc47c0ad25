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

const CASE_WORDS = new Set([
  'cs',
  'css',
  'cse',
  'case',
  'cases',
  'pk',
  'pks',
  'pack',
  'packs',
  'box',
  'boxes',
]);
const UNIT_WORDS = new Set([
  'btl',
  'btls',
  'bottle',
  'bottles',
  'bt',
  'can',
  'cans',
  'ea',
  'each',
  'unit',
  'units',
  'single',
  'singles',
  'bag',
  'bags',
]);
const NUMBER_WORDS: Record<string, number> = {
  a: 1,
  an: 1,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  dozen: 12,
  couple: 2,
};

/**
 * The catalogue's own words for what people write: sizes and containers in one spelling, the
 * usual short forms and slang of a bar. Applied to the catalogue's descriptions and to the
 * lines alike, so both meet in the same terms.
 */
const SYNONYMS: Record<string, string> = {
  bottle: 'btl',
  bottles: 'btl',
  btls: 'btl',
  bt: 'btl',
  glass: 'btl',
  cans: 'can',
  kegs: 'keg',
  bbl: 'keg',
  barrel: 'keg',
  handle: '1.75l',
  handles: '1.75l',
  fifth: '750ml',
  fifths: '750ml',
  nip: '50ml',
  nips: '50ml',
  mini: '50ml',
  minis: '50ml',
  split: '187ml',
  splits: '187ml',
  magnum: '1.5l',
  liter: '1l',
  liters: '1l',
  litre: '1l',
  ltr: '1l',
  tallboy: '16oz',
  tallboys: '16oz',
  pounder: '16oz',
  pounders: '16oz',
  forty: '40oz',
  forties: '40oz',
  coke: 'cola',
  cokes: 'cola',
  pop: 'soda',
  sprite: 'lemon-lime',
  '7up': 'lemon-lime',
  oj: 'orange juice',
  cab: 'cabernet',
  cabs: 'cabernet',
  sauv: 'sauvignon',
  chard: 'chardonnay',
  pinot: 'pinot',
  pg: 'pinot grigio',
  sb: 'sauvignon blanc',
  zin: 'zinfandel',
  marg: 'margarita',
  margs: 'margarita',
  bloody: 'bloody',
  'sour mix': 'sweet sour mix',
  sours: 'sweet sour',
  champ: 'champagne',
  champs: 'champagne',
  bubbly: 'sparkling',
  whisky: 'whiskey',
  whiskies: 'whiskey',
  vodkas: 'vodka',
  wines: 'wine',
  seltzers: 'seltzer',
  ipas: 'ipa',
  lagers: 'lager',
  ales: 'ale',
  stouts: 'stout',
  ciders: 'cider',
  teq: 'tequila',
  tequilla: 'tequila',
  h2o: 'water',
  bib: 'bag box',
  na: 'na',
  'n/a': 'na',
  'non-alcoholic': 'na',
  'non alcoholic': 'na',
  'club soda': 'club soda',
  'soda water': 'club soda',
  limes: 'lime',
  lemons: 'lemon',
  napkin: 'napkins',
  cup: 'cups',
  straw: 'straws',
  towel: 'towels',
  pops: 'pops',
  popsicles: 'pops',
  'ice cream': 'ice cream',
};

/** Words that never name a product: dropped from a line's words. */
const STOP_WORDS = new Set([
  'a',
  'an',
  'of',
  'the',
  'for',
  'and',
  'plus',
  'also',
  'some',
  'more',
  'please',
  'pls',
  'plz',
  'thx',
  'need',
  'needs',
  'want',
  'get',
  'send',
  'add',
  'us',
  'me',
  'we',
  'i',
  'my',
  'our',
  'x',
  'qty',
  'another',
  'extra',
  'order',
  'with',
  'to',
  'in',
  'on',
]);

/** Words that make a line chatter when it names no quantity and no code. */
const CHATTER =
  /\b(hi|hey|hello|hiya|yo|morning|afternoon|evening|thanks?|thank|thx|ty|cheers|regards|best|sincerely|sent from|iphone|android|call me|questions?|let me know|lmk|asap|invoice|delivery|deliver|friday|monday|tuesday|wednesday|thursday|saturday|sunday|tomorrow|today|week|weekend|usual|same as|as always|that'?s (all|it)|can (we|you|i)|could (we|you)|appreciate|talk soon|see you|you)\b|\?\s*$|^[-–—]\s*\w+/;

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

/** A bare number in the product words that is a bottle size: 750 is 750ml, 1.75 is 1.75l. */
const BARE_SIZES: Record<string, string> = {
  '50': '50ml',
  '187': '187ml',
  '355': '355ml',
  '375': '375ml',
  '500': '500ml',
  '750': '750ml',
  '1.5': '1.5l',
  '1.75': '1.75l',
};

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

/** Bare numbers that are bottle sizes, never quantities (750 is a fifth, not 750 cases). */
const SIZE_NUMBERS = new Set(['187', '355', '375', '750', '1.5', '1.75']);

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
