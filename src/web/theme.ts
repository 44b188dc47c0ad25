import { type CSSVariablesResolver, createTheme, type MantineColorSchemeManager } from '@mantine/core';
import { MAIN_ID } from './components/layout/route-focus';

/**
 * Mantine's default shade 6 fails WCAG AA contrast for text and filled buttons; shade 9 passes
 * axe (design.md section 6). Breakpoints follow the spec's section 9: small 600 px, then 1024,
 * 1440, 1920; `sm` (720 px) is the admin navigation drawer's breakpoint.
 */
export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: 9,
  defaultRadius: 'sm',
  cursorType: 'pointer',
  breakpoints: {
    xs: '37.5em',
    sm: '45em',
    md: '64em',
    lg: '90em',
    xl: '120em',
  },
  headings: { fontWeight: '600' },
  components: {
    // The close button has no text; axe needs a name for it.
    Notification: { defaultProps: { withBorder: true, closeButtonProps: { 'aria-label': 'Close' } } },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    Modal: {
      defaultProps: { closeButtonProps: { 'aria-label': 'Close' } },
      styles: { title: { fontWeight: 600, fontSize: 'var(--mantine-font-size-lg)' } },
    },
    // A dialog's title bar is a <header> in Mantine: outside any section it is a second banner
    // landmark beside the page's own (axe: landmark-no-duplicate-banner, issue 14).
    ModalHeader: { defaultProps: { component: 'div' } },
    DrawerHeader: { defaultProps: { component: 'div' } },
    // A tooltip shown in Mantine's shared portal at the end of <body> is content outside every
    // landmark (axe: region). A pointer resting on a row's action after a save opened one while
    // axe ran (CI, phone). Tooltips belong to the page's content: render them inside <main>.
    Tooltip: { defaultProps: { portalProps: { target: `#${MAIN_ID}` } } },
    // A dropdown is placed once hidden, 0 px wide, before it is measured: for a frame it sits at
    // its field's middle and reaches past a phone's right edge. Placed absolutely, that frame
    // widened the page, the phone zoomed out to fit it, and a field at the foot of a scrolled page
    // left the screen, which then hid its dropdown (a role select on a customer's People tab).
    // Fixed, a dropdown never widens the page.
    Popover: { defaultProps: { floatingStrategy: 'fixed' } },
    // A loader is a <span>: its name ("Loading the order") is allowed only with a role (axe:
    // aria-prohibited-attr). Every loader is a status; one marked aria-hidden stays hidden. CI
    // caught the staff home's cards still loading on a slow machine.
    Loader: { defaultProps: { role: 'status' } },
  },
});

/** Dimmed text (gray 6) and error text (red 6) are below 4.5:1 on white; use darker shades. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    // Gray 6 is 3.3:1 on white; gray 7 passes 4.5:1 (issue 14).
    '--mantine-color-placeholder': 'var(--mantine-color-gray-7)',
  },
  dark: {},
});

/**
 * The app is light only. Mantine's default manager reads the choice from localStorage as the
 * provider first renders: the page's first access to it, a measurable cost on a slow phone in the
 * task that starts the app's first render (issue 22, bench/notes/long-tasks.md), for a choice never offered.
 */
export const lightColorScheme: MantineColorSchemeManager = {
  get: () => 'light',
  set: () => {},
  subscribe: () => {},
  unsubscribe: () => {},
  clear: () => {},
};

/** Pixel breakpoints for `useMediaQuery` and AppShell (spec section 9). */
export const breakpoints = {
  /** Below this, filter panels move into the right-hand drawer. */
  small: 600,
  /** Below this, the customer side menu becomes a burger drawer. */
  customerNav: 620,
  /** Below this, the admin navigation becomes a drawer. */
  adminNav: 720,
} as const;

/** `useMediaQuery` string for "narrower than `px`". */
export function below(px: number): string {
  return `(max-width: ${px - 0.02}px)`;
}
