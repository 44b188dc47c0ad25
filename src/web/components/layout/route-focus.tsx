import { type MouseEvent, useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

export const MAIN_ID = 'main-content';

/**
 * Puts the keyboard and the screen reader on `element`, a heading, without scrolling past it.
 * Headings are not focusable by themselves: tabIndex -1 lets a script focus them, not Tab.
 */
export function focusHeading(element: HTMLElement | null | undefined) {
  if (!element) return;
  if (!element.hasAttribute('tabindex')) element.tabIndex = -1;
  element.focus({ preventScroll: false });
}

/**
 * After every route change (not the first page), focus goes to the new page's main heading,
 * which the screen reader then reads out: without this, focus stayed on the link that was
 * pressed, or fell to the page body (issue 14). The heading may come a few frames later (a
 * route's code or data still loading): look for it for up to two seconds.
 */
export function useFocusHeadingOnNavigate() {
  const { pathname } = useLocation();
  const first = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each navigation, on purpose.
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    let frame = 0;
    let tries = 0;
    const look = () => {
      const heading = document.querySelector<HTMLElement>(`#${MAIN_ID} h1, main h1`);
      if (heading) focusHeading(heading);
      else if (tries++ < 120) frame = requestAnimationFrame(look);
    };
    frame = requestAnimationFrame(look);
    return () => cancelAnimationFrame(frame);
  }, [pathname]);
}

/** The first thing Tab reaches on every framed page: passes the header and the menu. */
export function SkipLink() {
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    const main = document.getElementById(MAIN_ID);
    focusHeading(main?.querySelector<HTMLElement>('h1') ?? main);
  };
  return (
    <a className="skip-link" href={`#${MAIN_ID}`} onClick={skip}>
      Skip to content
    </a>
  );
}
