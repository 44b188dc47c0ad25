import { Button, Group, Notification } from '@mantine/core';

import { UPDATE_TEXT } from './texts';

export { UPDATE_TEXT };

interface UpdatePromptProps {
  onReload: () => void;
  onLater: () => void;
}

/**
 * Offered when a new build has been downloaded by the service worker (issue 22): the page
 * changes only when the customer taps Reload, so an order being typed is never lost to an
 * update. Later keeps the old version until the next visit.
 */
export function UpdatePrompt({ onReload, onLater }: UpdatePromptProps) {
  return (
    <Notification
      role="status"
      aria-live="polite"
      title={UPDATE_TEXT}
      withCloseButton={false}
      style={{
        position: 'fixed',
        insetInline: 'var(--mantine-spacing-md)',
        bottom: 'max(var(--mantine-spacing-md), env(safe-area-inset-bottom))',
        maxWidth: 420,
        marginInline: 'auto',
        zIndex: 1000,
      }}
    >
      <Group gap="sm" mt={4}>
        <Button size="sm" onClick={onReload}>
          Reload
        </Button>
        <Button size="sm" variant="default" onClick={onLater}>
          Later
        </Button>
      </Group>
    </Notification>
  );
}
