import { Loader, Overlay, Paper, Stack, Text } from '@mantine/core';
import { useIsFetching, useIsMutating } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { PLEASE_WAIT } from '../lib/messages';

/** Calls faster than this never show the overlay, so quick answers do not flash. */
const SHOW_AFTER_MS = 150;

/**
 * Spec section 7: 'Please wait...' while any call is in flight. Calls marked `meta.silent`
 * (the session check, the footer) do not count.
 */
export function BusyOverlay() {
  const fetching = useIsFetching({ predicate: (query) => !query.meta?.silent });
  const mutating = useIsMutating({ predicate: (mutation) => !mutation.meta?.silent });
  const busy = fetching + mutating > 0;
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    if (!busy) {
      setVisible(false);
      return;
    }
    const timer = window.setTimeout(() => setVisible(true), SHOW_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, [busy]);

  return (
    <div role="status" aria-live="polite">
      {visible && (
        <Overlay fixed center zIndex={1000} backgroundOpacity={0.25} color="#000">
          <Paper shadow="md" radius="md" px="xl" py="lg" withBorder>
            <Stack align="center" gap="sm">
              <Loader size="md" aria-hidden="true" />
              <Text fw={500}>{PLEASE_WAIT}</Text>
            </Stack>
          </Paper>
        </Overlay>
      )}
    </div>
  );
}
