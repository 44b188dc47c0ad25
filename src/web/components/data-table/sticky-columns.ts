import type { CSSProperties, RefObject } from 'react';
import { useEffect, useState } from 'react';

/**
 * Phones (below 600 px): the row's key column (the checkbox, if any, and the first column) and
 * the Action column stay in view while the columns between scroll sideways under them
 * (issue 14: the Customers Action icon, the only way to open a customer, was off-screen).
 * Wide screens keep the plain table. Decision 029.
 */

/** Width asked for the checkbox column. */
export const CHECKBOX_COLUMN_WIDTH = 44;

/**
 * A sticky cell's style. Its background is opaque (the columns scrolling under it must not
 * show through); a selected row's tint is laid over it. `edge` draws the shadow on the side
 * the other columns scroll from, the cue that there is more.
 */
export function stickyCell(
  side: 'left' | 'right',
  offset: number,
  opts: { tint?: boolean; edge?: boolean; header?: boolean } = {},
): CSSProperties {
  const tint = 'var(--mantine-primary-color-light)';
  const line = 'var(--table-border-color)';
  const shadows = [
    // The opaque background hides the row's line under the header: draw it again.
    opts.header && `inset 0 -1px 0 ${line}`,
    opts.edge && `inset ${side === 'left' ? -1 : 1}px 0 0 ${line}`,
    opts.edge && `${side === 'left' ? 6 : -6}px 0 6px -3px rgba(0, 0, 0, 0.22)`,
  ].filter(Boolean);
  return {
    position: 'sticky',
    [side]: offset,
    zIndex: opts.header ? 3 : 1,
    background: opts.tint
      ? `linear-gradient(${tint}, ${tint}), var(--mantine-color-body)`
      : 'var(--mantine-color-body)',
    boxShadow: shadows.length ? shadows.join(', ') : undefined,
  };
}

/**
 * Whether the region scrolls sideways (the cue shows then), and where the first data column
 * sticks: right after the checkbox column as the browser laid it out (its width is the
 * checkbox's and the cell padding's, not the `width` asked for).
 */
export function useStickyLayout(
  region: RefObject<HTMLElement | null>,
  checkboxCell: RefObject<HTMLElement | null>,
  watch: unknown,
): { overflows: boolean; firstLeft: number } {
  const [layout, setLayout] = useState({ overflows: false, firstLeft: 0 });
  // biome-ignore lint/correctness/useExhaustiveDependencies: `watch` (the rows shown) changes the widths.
  useEffect(() => {
    const element = region.current;
    if (!element) return;
    const measure = () => {
      const overflows = element.scrollWidth > element.clientWidth + 1;
      const firstLeft = checkboxCell.current?.getBoundingClientRect().width ?? 0;
      setLayout((old) =>
        old.overflows === overflows && old.firstLeft === firstLeft ? old : { overflows, firstLeft },
      );
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    return () => observer.disconnect();
  }, [region, checkboxCell, watch]);
  return layout;
}
