import { formatUsDate } from './delivery-calendar.schema';

/**
 * What a change of an order does, in words, for the preview of the change (issue 33): the new
 * date and each product added, removed or with other quantities, against the order as placed.
 */

export interface ChangeLine {
  Code: string;
  Description: string;
  Cases: number;
  Units: number;
}

export interface ChangeSide {
  DeliveryDate: string;
  Products: readonly ChangeLine[];
}

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** "3 cases", "1 case, 6 units", "6 units"; "nothing" for none. */
export function quantityWords(line: Pick<ChangeLine, 'Cases' | 'Units'>): string {
  const parts = [
    line.Cases ? plural(line.Cases, 'case') : null,
    line.Units ? plural(line.Units, 'unit') : null,
  ];
  return parts.filter(Boolean).join(', ') || 'nothing';
}

/** The differences, one sentence each, in the new order's order and then the products removed; none when nothing changes. */
export function changeSummary(before: ChangeSide, after: ChangeSide): string[] {
  const out: string[] = [];
  if (before.DeliveryDate !== after.DeliveryDate && after.DeliveryDate)
    out.push(`Delivery date: ${formatUsDate(before.DeliveryDate)} → ${formatUsDate(after.DeliveryDate)}`);
  const was = new Map(before.Products.map((p) => [p.Code, p]));
  const now = new Set(after.Products.map((p) => p.Code));
  for (const line of after.Products) {
    const old = was.get(line.Code);
    const name = `${line.Description} (${line.Code})`;
    if (!old) out.push(`${name}: added, ${quantityWords(line)}`);
    else if (old.Cases !== line.Cases || old.Units !== line.Units)
      out.push(`${name}: ${quantityWords(old)} → ${quantityWords(line)}`);
  }
  for (const old of before.Products)
    if (!now.has(old.Code)) out.push(`${old.Description} (${old.Code}): removed (was ${quantityWords(old)})`);
  return out;
}
