/** A positive whole number from the address, or null. */
function orderId(raw: string | null | undefined): number | null {
  const n = Number(raw);
  return raw != null && raw !== '' && Number.isInteger(n) && n > 0 ? n : null;
}

/**
 * What the order form at `/order/form/{id}` opens on, from its address (the screen, and the
 * server's loader that draws it, read it here): `?change=12`, a change of placed order 12
 * (design.md 7.10); else `?copy=12`, a Re-Order of order 12 (as a link to `/order/form/12` would
 * mean); else a new order (id 0).
 */
export function formSources(
  id: string | undefined,
  search: URLSearchParams,
): { copyId: number | null; changeId: number | null } {
  const copy = search.get('copy');
  return {
    copyId: orderId(copy ?? (id !== '0' ? id : null)),
    changeId: orderId(search.get('change')),
  };
}
