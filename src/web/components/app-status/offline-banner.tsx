import { Paper, Text } from '@mantine/core';
import { type RefObject, useLayoutEffect, useRef } from 'react';
import { useOnline } from './online';

import { OFFLINE_ORDER_TEXT, OFFLINE_TEXT, offlineText } from './texts';

export { OFFLINE_ORDER_TEXT, OFFLINE_TEXT };

/**
 * A bar at the top of every screen while the browser has no network (issue 22): a customer in
 * a cellar sees why nothing answers, and on the ordering pages that an order submitted now
 * waits on the device (issue 39). Announced politely; gone by itself when the network returns.
 * Never drawn on the server (it is always online there), so its words may follow the address.
 */
export function OfflineBanner() {
  const online = useOnline();
  const bar = useRef<HTMLDivElement>(null);
  useBarMakesRoom(bar, !online);
  return (
    <div role="status" aria-live="polite" data-app-status>
      {!online && (
        <Paper
          ref={bar}
          radius={0}
          px="md"
          py={6}
          bg="dark.7"
          style={{
            position: 'fixed',
            insetInline: 0,
            top: 0,
            zIndex: 1000,
            paddingTop: 'max(6px, env(safe-area-inset-top))',
          }}
        >
          <Text c="white" size="sm" ta="center" fw={500}>
            {offlineText(window.location.pathname)}
          </Text>
        </Paper>
      )}
    </div>
  );
}

/**
 * While the bar shows, the page's top bar and menu move down under it (app.css), so the menu
 * stays in reach offline (issue 39): `html[data-status-bar]` with the bar's height.
 */
function useBarMakesRoom(bar: RefObject<HTMLDivElement | null>, shown: boolean) {
  useLayoutEffect(() => {
    const element = bar.current;
    const html = document.documentElement;
    if (!shown || !element) return;
    const measure = () => html.style.setProperty('--status-bar-height', `${element.offsetHeight}px`);
    measure();
    html.dataset.statusBar = '';
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => {
      observer.disconnect();
      delete html.dataset.statusBar;
      html.style.removeProperty('--status-bar-height');
    };
  }, [bar, shown]);
}
