import { Paper, Text } from '@mantine/core';
import { useOnline } from './online';

import { OFFLINE_TEXT } from './texts';

export { OFFLINE_TEXT };

/**
 * A bar at the top of every screen while the browser has no network (issue 22): a customer in
 * a cellar sees why nothing answers before they tap Submit. What they typed stays on the
 * screen. Announced politely; gone by itself when the network returns.
 */
export function OfflineBanner() {
  const online = useOnline();
  return (
    // index.html keeps it in sight while the shell's form stands in for React's screen.
    <div role="status" aria-live="polite" data-app-status>
      {!online && (
        <Paper
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
            {OFFLINE_TEXT}
          </Text>
        </Paper>
      )}
    </div>
  );
}
