import { Text } from '@mantine/core';
import type { AutosaveStatus } from '../use-draft-autosave';

const words: Record<AutosaveStatus, string> = {
  idle: '',
  saving: 'Saving…',
  saved: 'Saved',
  failed: 'Not saved',
  device: 'Kept on this device',
};

/**
 * The autosave's state beside the title: a few quiet words, not announced to screen readers
 * at every pause in typing (the draft is an aid; the order is what Submit sends).
 */
export function SaveStatus({ status }: { status: AutosaveStatus }) {
  return (
    <Text fz="sm" c="dimmed" data-testid="draft-status" style={{ whiteSpace: 'nowrap' }}>
      {words[status]}
    </Text>
  );
}
