import { Button } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { ReactNode } from 'react';
import { SafeHtml } from '../safe-html';
import { DIALOG_WIDTH, nextDialogId, openAppModal } from './dialog-settings';
import { DialogLayout, MessageKind, plainText } from './system-dialog';

export interface ConfirmDialogOptions {
  title: ReactNode;
  /** HTML (sanitized before it is shown) or a React node. */
  message: string | ReactNode;
  yesLabel?: string;
  noLabel?: string;
  /**
   * Persistent dialogs (spec section 4) ignore clicks outside and Escape, as the order
   * confirmation does (issue 33); No and the close button still mean No.
   */
  persistent?: boolean;
  /** The icon: a question by default; Error for an error that offers a way on (Retry). */
  kind?: MessageKind;
}

/**
 * Spec section 4's warning dialog: an HTML message with No and Yes. Resolves `true` for Yes,
 * `false` for No, the close button or (unless persistent) Escape ("No or Exit cancels").
 */
export function showConfirmDialog({
  title,
  message,
  yesLabel = 'Yes',
  noLabel = 'No',
  persistent = false,
  kind = MessageKind.Confirm,
}: ConfirmDialogOptions): Promise<boolean> {
  return new Promise((resolve) => {
    const modalId = nextDialogId('confirm-dialog');
    let answer = false;
    const close = (yes: boolean) => {
      answer = yes;
      modals.close(modalId);
    };
    void openAppModal({
      modalId,
      title,
      size: DIALOG_WIDTH,
      closeOnClickOutside: !persistent,
      closeOnEscape: !persistent,
      onClose: () => resolve(answer),
      children: (
        <DialogLayout
          kind={kind}
          message={typeof message === 'string' ? <SafeHtml html={message} /> : message}
          actions={
            <>
              <Button variant="default" onClick={() => close(false)}>
                {noLabel}
              </Button>
              <Button data-autofocus onClick={() => close(true)}>
                {yesLabel}
              </Button>
            </>
          }
        />
      ),
    }).then((opened) => {
      if (!opened) resolve(window.confirm(plainText(title, message)));
    });
  });
}
