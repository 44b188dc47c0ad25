import { Box, Button, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { ReactNode } from 'react';
import { IconInfo, IconQuestion, IconWarning } from '../icons';
import { DIALOG_WIDTH, nextDialogId, openAppModal } from './dialog-settings';

/** Spec section 4: message kinds of the system dialog. */
export const MessageKind = { Information: 0, Confirm: 1, Error: 2 } as const;
export type MessageKind = (typeof MessageKind)[keyof typeof MessageKind];

const kindLook = {
  [MessageKind.Information]: { Icon: IconInfo, color: 'blue', label: 'Information' },
  [MessageKind.Confirm]: { Icon: IconQuestion, color: 'blue', label: 'Confirm' },
  [MessageKind.Error]: { Icon: IconWarning, color: 'red', label: 'Warning' },
} as const;

/** The icon column of a dialog: by kind, the warning icon for errors. */
export function DialogIcon({ kind }: { kind: MessageKind }) {
  const { Icon, color, label } = kindLook[kind];
  return (
    <ThemeIcon variant="light" color={color} size={44} radius="xl" role="img" aria-label={label}>
      <Icon size={26} />
    </ThemeIcon>
  );
}

/** Icon beside a message, buttons below: the body every dialog of the app uses. */
export function DialogLayout({
  kind,
  message,
  actions,
}: {
  kind: MessageKind;
  message: ReactNode;
  actions: ReactNode;
}) {
  return (
    <Stack gap="lg">
      <Group wrap="nowrap" align="flex-start" gap="md">
        <DialogIcon kind={kind} />
        <Box style={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }} pt={10}>
          {typeof message === 'string' ? <Text>{message}</Text> : message}
        </Box>
      </Group>
      <Group justify="flex-end" gap="sm">
        {actions}
      </Group>
    </Stack>
  );
}

export interface SystemDialogOptions {
  kind: MessageKind;
  title: ReactNode;
  message: ReactNode;
  /** Persistent dialogs close only by their OK button (no click outside, no Escape). */
  persistent?: boolean;
}

/** Shows a dialog with an icon by kind and one OK button; resolves when it closes. */
export function showSystemDialog({
  kind,
  title,
  message,
  persistent = false,
}: SystemDialogOptions): Promise<void> {
  return new Promise((resolve) => {
    const modalId = nextDialogId('system-dialog');
    void openAppModal({
      modalId,
      title,
      size: DIALOG_WIDTH,
      closeOnClickOutside: !persistent,
      closeOnEscape: !persistent,
      onClose: () => resolve(),
      children: (
        <DialogLayout
          kind={kind}
          message={message}
          actions={
            <Button data-autofocus onClick={() => modals.close(modalId)}>
              OK
            </Button>
          }
        />
      ),
    }).then((opened) => {
      if (opened) return;
      window.alert(plainText(title, message));
      resolve();
    });
  });
}

/** The browser-dialog fallback's text, when the modal host could not load. */
export function plainText(title: ReactNode, message: ReactNode): string {
  return [title, message].filter((part) => typeof part === 'string').join('\n\n');
}
