import { and, countDistinct, eq, gte, isNull, lte, ne, or } from 'drizzle-orm';
import MiniSearch, { type SearchResult } from 'minisearch';
import { addDays } from '../../../domain/business-date.js';
import { messageLines, type ReadLine, readLine, terms } from '../../../domain/quick-order.js';
import type { QuickOrder, QuickOrderLine } from '../../../domain/quick-order.schema.js';
import type { DbOrTx } from '../../db/client.js';
import { customerProducts, customers, orderLines, orders, products } from '../../db/schema.js';

/**
 * A quick order from text (design.md 8.7, issue 41, decision 084): each line of a message read
 * (domain/quick-order.ts) and matched with MiniSearch against the products the customer may
 * order today, ranked by how often they ordered each in the last year. Built per request: a
 * customer's products are tens to a few thousand, indexed in milliseconds
 * (bench/notes/quick-order.md).
 */

export interface QuickOrderProduct {
  Code: string;
  Description: string;
  IsCaseOnly: boolean;
  /** Orders of the last year that had it. */
  Times: number;
}

/** How far back the history that ranks the matches goes. */
const HISTORY_DAYS = 365;
/** A sure match's score is at least this many times the next one's. */
const SURE_LEAD = 1.3;
/** At most this many alternatives to an unsure match. */
const ALTERNATIVES = 3;

/** The customer's orderable products today (design.md 5.2) with their history; undefined: no customer. */
export async function quickOrderProducts(
  db: DbOrTx,
  customerId: number,
  today: string,
): Promise<QuickOrderProduct[] | undefined> {
  const [customer] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(eq(customers.id, customerId));
  if (!customer) return undefined;
  const [catalogue, history] = await Promise.all([
    db
      .select({ Code: products.code, Description: products.description, IsCaseOnly: products.isCaseOnly })
      .from(customerProducts)
      .innerJoin(products, eq(products.id, customerProducts.productId))
      .where(
        and(
          eq(customerProducts.customerId, customerId),
          eq(products.isActive, true),
          or(isNull(customerProducts.startDate), lte(customerProducts.startDate, today)),
          or(isNull(customerProducts.endDate), gte(customerProducts.endDate, today)),
        ),
      ),
    db
      .select({ code: orderLines.code, times: countDistinct(orderLines.orderId) })
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .where(
        and(
          eq(orders.customerId, customerId),
          ne(orders.status, 3),
          eq(orderLines.isReturn, false),
          gte(orders.deliveryDate, addDays(today, -HISTORY_DAYS)),
          lte(orders.deliveryDate, today),
        ),
      )
      .groupBy(orderLines.code),
  ]);
  const times = new Map(history.map((h) => [h.code, Number(h.times)]));
  return catalogue.map((p) => ({ ...p, Times: times.get(p.Code) ?? 0 }));
}

/** A code as people write it: any case, with or without its dash. */
const codeKey = (word: string) => word.toLowerCase().replace(/[-\s.]/g, '');

/**
 * The message matched against the products: one answer line per line read. MiniSearch is set
 * for this catalogue: the descriptions' terms (domain/quick-order.ts `terms`: sizes, containers
 * and short forms in one spelling) as the one field; typing slips forgiven on words of 5 letters
 * or more (1 edit, 2 from 8: "reisling"), and a word's start on 3 or more, sizes and numbers only exactly;
 * and the customer's history as a document boost.
 */
export function matchMessage(text: string, catalogue: readonly QuickOrderProduct[]): QuickOrder {
  const byCode = new Map<string, QuickOrderProduct>();
  for (const p of catalogue) byCode.set(codeKey(p.Code), p);
  // A code's number alone names it too when no other code has that number.
  const byNumber = new Map<string, QuickOrderProduct | null>();
  for (const p of catalogue) {
    const digits = /(\d{3,})$/.exec(p.Code)?.[1];
    if (digits) byNumber.set(digits, byNumber.has(digits) ? null : p);
  }
  const isCode = (word: string) => {
    const p = byCode.get(codeKey(word)) ?? (/^\d{3,}$/.test(word) ? byNumber.get(word) : undefined);
    return p ? p.Code : null;
  };

  const index = new MiniSearch<{ id: number; terms: string }>({
    fields: ['terms'],
    storeFields: [],
    tokenize: (t) => t.split(' '),
    processTerm: (t) => t,
  });
  const vocabulary = new Set<string>();
  index.addAll(
    catalogue.map((p, id) => {
      const words = terms(p.Description, { sizeNumbers: true });
      for (const w of words) vocabulary.add(w);
      return { id, terms: words.join(' ') };
    }),
  );
  const boost = catalogue.map((p) => 1 + 0.35 * Math.log1p(p.Times));

  const Lines = messageLines(text).map((line): QuickOrderLine => {
    const read = readLine(line, isCode);
    if (read.code) return answer(read, byCode.get(codeKey(read.code))!, true, []);
    if (read.chatter) return none(read);
    // A container named by the unit ("6 btl") helps rank, but is not a word that must match.
    const hint: string[] = read.container && !read.words.includes(read.container) ? [read.container] : [];
    const found = index.search([...read.words, ...hint].join(' '), {
      combineWith: 'OR',
      // Only a word the catalogue does not have is looked for as a slip or a start: one it has
      // is what was meant, and the fuzzy walk of the index is most of a search's time.
      fuzzy: (term) =>
        vocabulary.has(term) || /\d/.test(term) || term.length < 5 ? false : term.length < 8 ? 1 : 2,
      prefix: (term) => !vocabulary.has(term) && term.length >= 3 && !/\d/.test(term),
      weights: { fuzzy: 0.55, prefix: 0.6 },
      boostDocument: (id) => boost[id as number]!,
    });
    const covered = (r: SearchResult) =>
      r.queryTerms.filter((q) => !hint.includes(q)).length / read.words.length;
    // The best of those that have at least half the line's words; sure only when it has them all
    // and leads every other result, whatever words those have, by SURE_LEAD.
    const candidates = found.filter((r) => covered(r) >= 0.5);
    const top = candidates[0];
    if (!top) return none(read);
    const rival = found.find((r) => r !== top);
    const sure =
      read.quantity !== null && covered(top) === 1 && (!rival || top.score >= SURE_LEAD * rival.score);
    const alternatives = sure
      ? []
      : candidates.slice(1, 1 + ALTERNATIVES).map((r) => catalogue[r.id as number]!);
    return answer(read, catalogue[top.id as number]!, sure, alternatives);
  });
  return { Lines };
}

function none(read: ReadLine): QuickOrderLine {
  return {
    Text: read.Text,
    Code: null,
    Description: null,
    Cases: 0,
    Units: 0,
    Sure: false,
    Alternatives: [],
  };
}

/**
 * A matched line: the quantity as cases or units (one case when none was written, never sure),
 * and units of a product sold only by the case left for the person to fix, never sure.
 */
function answer(
  read: ReadLine,
  product: QuickOrderProduct,
  sure: boolean,
  alternatives: readonly QuickOrderProduct[],
): QuickOrderLine {
  const quantity = read.quantity ?? 1;
  const units = read.unit === 'units';
  return {
    Text: read.Text,
    Code: product.Code,
    Description: product.Description,
    Cases: units ? 0 : quantity,
    Units: units ? quantity : 0,
    Sure: sure && read.quantity !== null && !(units && product.IsCaseOnly),
    Alternatives: alternatives.map((a) => ({ Code: a.Code, Description: a.Description })),
  };
}
