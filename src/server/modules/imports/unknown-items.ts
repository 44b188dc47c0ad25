/** Lines naming items this site does not know, counted, and the first of them listed (issue 43). */
export interface UnknownItems {
  items: number;
  /** [line, item code], the first UNKNOWN_ITEMS_LISTED in the file. */
  lines: [number, string][];
}

export const UNKNOWN_ITEMS_LISTED = 20;

export function unknownItemsNote(unknown: UnknownItems): string {
  const n = unknown.items;
  const byCode = new Map<string, number[]>();
  for (const [line, code] of [...unknown.lines].sort((x, y) => x[0] - y[0]).slice(0, UNKNOWN_ITEMS_LISTED))
    byCode.set(code, [...(byCode.get(code) ?? []), line]);
  const listed = [...byCode].map(
    ([code, lines]) => `${code} (${lines.length === 1 ? 'line' : 'lines'} ${lines.join(', ')})`,
  );
  const shown = Math.min(unknown.lines.length, UNKNOWN_ITEMS_LISTED);
  const more = n > shown ? `, and ${n - shown} more ${n - shown === 1 ? 'line' : 'lines'}` : '';
  return n === 1
    ? `One line names an item this site does not know; it was kept with the item number and description from the file: ${listed.join(', ')}`
    : `${n} lines name items this site does not know; they were kept with the item numbers and descriptions from the file: ${listed.join(', ')}${more}`;
}
