import { createContext, useContext } from 'react';

/**
 * What a page rendered on the server knew that the browser's first render must know too, so the
 * browser hydrates the same markup (issue 34): the instant it was drawn at, and how wide the
 * screen was guessed to be. The server sets it per request; the browser reads it from the page
 * (`AppState`) for its hydrating render only. Null when the browser draws the page by itself.
 */
export interface RenderContextValue {
  /** The server's clock when it drew the page (ms). */
  now: number;
  /** A phone or a desk, guessed from the request (a phone is drawn 390 px wide, a desk 1280). */
  width: number;
}

export const RenderContext = createContext<RenderContextValue | null>(null);

let hydrated = false;

/** Called once the hydrating render has committed: from then on the browser reads its own clock and screen. */
export function markHydrated() {
  hydrated = true;
}

/**
 * The render's "now": the server's clock on the server and while the browser hydrates its page,
 * the browser's own after that (components mounted later never see the page's old time).
 */
export function useInitialNow(): number {
  const context = useContext(RenderContext);
  return context && (typeof window === 'undefined' || !hydrated) ? context.now : Date.now();
}

/** The browser's own instant once it is a second or more from the one drawn (a page drawn on the server). */
export function caughtUp(drawn: Date): Date {
  return Math.abs(Date.now() - drawn.getTime()) >= 1000 ? new Date() : drawn;
}

/** The width the server drew for (`null`: the browser draws by itself, read its screen). */
export function useRenderedWidth(): number | null {
  return useContext(RenderContext)?.width ?? null;
}

/** A phone's or a desk's width, guessed from the request's client hints or user agent. */
export function guessWidth(headers: {
  'sec-ch-ua-mobile'?: string | string[];
  'user-agent'?: string;
}): number {
  const mobileHint = headers['sec-ch-ua-mobile'];
  if (mobileHint === '?1') return 390;
  if (mobileHint === '?0') return 1280;
  return /Mobi|Android|iPhone|iPod/i.test(headers['user-agent'] ?? '') ? 390 : 1280;
}
