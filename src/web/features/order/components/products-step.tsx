import { Alert, Button, Group, Stack, Switch, Text, TextInput } from '@mantine/core';
import { type ReactNode, startTransition, useEffect, useRef, useState } from 'react';
import type { CustomerProduct } from '../../../../domain/customer.schema';
import type { DraftLine, QuantityDrafts } from '../order-draft';
import { countsForPar, fold, isUsual, matchesWords, searchWords, suggestionOf } from '../order-guide-draft';
import { formatDate } from '../order-time';
import { guideReadAtText, stockAsOfText } from './availability-note';
import type { GuideView } from './guide-figures';
import type { OnQuantity } from './ignored-units';
import { ProductCards } from './product-cards';
import { ProductsTable } from './products-table';

export { IgnoredUnits, type OnQuantity } from './ignored-units';

export interface ProductsStepProps {
  /** The orderable products with their quantities, in the order to show them (the guide's). */
  lines: readonly DraftLine[];
  drafts: QuantityDrafts;
  onQuantity: OnQuantity;
  /** Cards instead of a table where the table's columns would not fit. */
  asCards: boolean;
  deliveryDate: string | null;
  /** Whether the customer has any products linked at all (else the empty state says so). */
  hasLinkedProducts: boolean;
  /** The order guide's figures, once loaded: last deliveries, par, the on-hand counts. */
  guide?: GuideView | undefined;
  /** Today on the business calendar: the stock's time says its date when it is older. */
  today: string;
  /** The guide's buttons, under the search. */
  toolbar?: ReactNode;
}

/**
 * Rows drawn at first, and added as the list scrolls: with 1,500 products a keystroke in the
 * search paints a screenful, not the catalogue (issue 19's goal for a keystroke on a slow phone).
 */
export const LIST_WINDOW = 30;
/**
 * Rows painted right after a keystroke or on opening, the rest of the window following in a
 * transition that the next keystroke interrupts, so the paint after a key waits only for what
 * the screen shows. On a 390 x 844 phone the cards are about 115 px tall (issue 33): six fill
 * the screen once scrolled to them (fewer with the keyboard up), and with eight the paint after
 * a key missed issue 19's goal on the bench's slowed CPU (bench/notes/order-guide-screen.md). A
 * desk's table shows more, shorter rows.
 */
export const FIRST_PAINT = { cards: 6, table: 8 } as const;

/** The lines whose code or description contains every word of `query` (case and accents aside). */
export function matchingLines(lines: readonly DraftLine[], query: string): readonly DraftLine[] {
  const words = searchWords(query);
  if (words.length === 0) return lines;
  return lines.filter((l) => matchesWords(foldedOf(l.product), words));
}

// Folded once per product (the customer's products keep their objects), not per keystroke.
const folds = new WeakMap<CustomerProduct, string>();
function foldedOf(product: CustomerProduct): string {
  let text = folds.get(product);
  if (text === undefined) {
    text = fold(`${product.Code} ${product.Description}`);
    folds.set(product, text);
  }
  return text;
}

const isOut = (l: DraftLine) => l.product.Availability?.Status === 'OUT';

/** Step 2, 'Select Your Products': an order guide with search, then cases (and units where sold loose). */
export function ProductsStep(props: ProductsStepProps) {
  const { lines, guide } = props;
  const [query, setQuery] = useState('');
  const [usualOnly, setUsualOnly] = useState(false);
  const [hideOut, setHideOut] = useState(false);
  const [limit, setLimit] = useState(LIST_WINDOW);
  const [settled, setSettled] = useState(false);
  useEffect(() => {
    if (!settled) startTransition(() => setSettled(true));
  }, [settled]);
  const list = useRef<HTMLDivElement>(null);

  const anyOut = lines.some(isOut);
  const hasUsual = guide !== undefined && lines.some((l) => isUsual(guide.figures.get(l.product.Code)));

  const counting = guide?.onHand != null;
  const words = searchWords(query);
  // Ordering to par shows the products with a par, saved or suggested (to accept); "usual"
  // those ordered lately or with a par. The search looks through what the switch shows.
  const shown = lines.filter((l) => {
    const figures = guide?.figures.get(l.product.Code);
    if (counting && !countsForPar(figures)) return false;
    if (!counting && usualOnly && guide && !isUsual(figures)) return false;
    if (hideOut && isOut(l)) return false;
    return words.length === 0 || matchesWords(foldedOf(l.product), words);
  });
  // Counting: the suggestions shown, which one tap makes the pars of them all (issue 32).
  const suggested = counting
    ? shown
        .filter((l) => suggestionOf(guide?.figures.get(l.product.Code)) !== null)
        .map((l) => l.product.Code)
    : [];
  // Right after a keystroke only the first rows are drawn, whatever the list's length: a query
  // that narrows 1,500 products to 38 drew all 38 in the key's own paint, a long freeze on the
  // bench's slowed phone. Once settled, a short list (most customers have dozens of products) is
  // drawn whole.
  const first = props.asCards ? FIRST_PAINT.cards : FIRST_PAINT.table;
  const drawn = settled ? (shown.length > LIST_WINDOW * 2 ? limit : shown.length) : first;
  const windowed = shown.length > drawn ? shown.slice(0, drawn) : shown;

  // More rows as the end of the drawn ones comes near (a button does the same for keyboards).
  const sentinel = useRef<HTMLDivElement>(null);
  const more = settled && shown.length > windowed.length;
  // Observed again after each growth: an observer reports changes only, and the end may still be near.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `limit` re-arms the observer on purpose.
  useEffect(() => {
    if (!more || !sentinel.current || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setLimit((n) => n + LIST_WINDOW);
      },
      { rootMargin: '800px 0px' },
    );
    observer.observe(sentinel.current);
    return () => observer.disconnect();
  }, [more, limit]);

  if (lines.length === 0) return <NoProducts {...props} />;
  return (
    <Stack gap="sm">
      <TextInput
        label="Search products"
        placeholder="Code or description"
        type="search"
        autoComplete="off"
        value={query}
        onChange={(e) => {
          setQuery(e.currentTarget.value);
          setLimit(LIST_WINDOW);
          setSettled(false);
        }}
        // Enter goes to the first quantity box of the rows this query shows (drawn in the same
        // render as the query, so it never lands on a row about to go), not to the next step.
        onKeyDown={(e) => {
          if (e.key !== 'Enter') return;
          e.preventDefault();
          list.current?.querySelector<HTMLInputElement>('input[data-quantity]')?.focus();
        }}
      />
      {guide && (
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Switch
            label="Show only what I usually order"
            checked={usualOnly}
            disabled={!hasUsual || counting}
            onChange={(e) => {
              setUsualOnly(e.currentTarget.checked);
              setLimit(LIST_WINDOW);
              setSettled(false);
            }}
          />
          <Text fz="xs" c="dimmed" data-testid="guide-count">
            {`${shown.length} of ${lines.length} products`}
          </Text>
        </Group>
      )}
      {guide?.readAt && (
        <Alert color="gray" variant="light" p="xs" data-testid="guide-read-at">
          <Text fz="sm">{guideReadAtText(guide.readAt)}</Text>
        </Alert>
      )}
      {(guide?.stockAsOf || anyOut) && (
        <Group justify="space-between" gap="sm" wrap="wrap">
          {anyOut ? (
            <Switch
              label="Hide what is out of stock"
              checked={hideOut}
              onChange={(e) => {
                setHideOut(e.currentTarget.checked);
                setLimit(LIST_WINDOW);
                setSettled(false);
              }}
            />
          ) : (
            <span />
          )}
          {guide?.stockAsOf && (
            <Text fz="xs" c="dimmed" data-testid="stock-as-of">
              {stockAsOfText(guide.stockAsOf, props.today)}
            </Text>
          )}
        </Group>
      )}
      {props.toolbar}
      {guide && suggested.length > 0 && (
        <Group gap="sm" wrap="wrap" data-testid="suggested-pars">
          <Text fz="sm" style={{ flex: '1 1 16rem' }}>
            {suggested.length === 1
              ? 'One product shown has a suggested par, not yet its par: it fills once you use it.'
              : `${suggested.length} products shown have a suggested par, not yet their par: each fills once you use it.`}
          </Text>
          <Button variant="outline" onClick={() => guide.onAcceptPars(suggested)}>
            {suggested.length === 1 ? 'Use the suggested par' : `Use all ${suggested.length} suggested pars`}
          </Button>
        </Group>
      )}
      <div ref={list}>
        {shown.length === 0 ? (
          <Text c="dimmed" data-testid="no-match">
            {words.length > 0
              ? `No products match "${query}". Quantities you entered are kept.`
              : 'No products to show here. Quantities you entered are kept.'}
          </Text>
        ) : props.asCards ? (
          <ProductCards lines={windowed} drafts={props.drafts} onQuantity={props.onQuantity} guide={guide} />
        ) : (
          <ProductsTable lines={windowed} drafts={props.drafts} onQuantity={props.onQuantity} guide={guide} />
        )}
      </div>
      {more && (
        <div ref={sentinel}>
          <Button variant="default" onClick={() => setLimit((n) => n + LIST_WINDOW * 4)}>
            {`Show more products (${shown.length - windowed.length} more)`}
          </Button>
        </div>
      )}
    </Stack>
  );
}

function NoProducts({ deliveryDate, hasLinkedProducts }: ProductsStepProps) {
  return (
    <Alert color="gray" title="No products to order" data-testid="no-products">
      {hasLinkedProducts
        ? `None of your products can be delivered on ${formatDate(deliveryDate)}. Please choose another delivery date.`
        : 'There are no products set up for your account yet. Please contact customer service.'}
    </Alert>
  );
}
