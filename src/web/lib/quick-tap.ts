import type { MouseEvent } from 'react';

/**
 * A box tapped while Chrome still counts the taps before it (on another box, at the same spot of
 * the screen: the list scrolled the next box under the thumb) gets a double or triple tap's
 * mousedown. Chrome then selects a word or a paragraph at the spot instead of putting the caret
 * in the box: the box has the focus, but what is typed next goes nowhere (keydown, and no
 * input). For a box that does not have the focus yet, such a tap only focuses it, caret at the
 * end, as a single tap does; a double tap inside a focused box still selects as usual.
 */
export function focusOnQuickTap(event: MouseEvent<HTMLInputElement>) {
  const box = event.currentTarget;
  if (event.detail < 2 || document.activeElement === box) return;
  event.preventDefault();
  box.focus();
  const end = box.value.length;
  box.setSelectionRange(end, end);
}
