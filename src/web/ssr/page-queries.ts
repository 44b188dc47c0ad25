import { hashKey } from '@tanstack/react-query';

/**
 * The answers a page the server drew came with (issue 34), by query hash: fresh until the
 * customer leaves that page. A query read afresh each time its screen opens (the orders, the
 * draft) would otherwise be fetched again the moment the browser hydrates the page it was just
 * drawn with.
 */
let pageQueries: ReadonlySet<string> = new Set();

export function keepPageQueries(hashes: readonly string[]) {
  pageQueries = new Set(hashes);
}

/** The customer moved to another screen: what the page came with is no longer the screen's opening read. */
export function leftThePage() {
  pageQueries = new Set();
}

/**
 * Whether a query's answer is the one its screen opened with: fetched since it mounted, or
 * brought by the page the server drew (on the server, every answer is).
 */
export function openedWith(queryKey: readonly unknown[], fetchedAfterMount: boolean): boolean {
  return fetchedAfterMount || typeof window === 'undefined' || pageQueries.has(hashKey(queryKey));
}

/** `staleTime` for a query read afresh each time its screen opens, but for the answer the page came with. */
export function freshOnOpen(query: { queryHash: string }): number {
  return pageQueries.has(query.queryHash) ? Number.POSITIVE_INFINITY : 0;
}
