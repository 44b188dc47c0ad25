import { MantineProvider } from '@mantine/core';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { NO_CONNECTION_MESSAGE, NO_CONNECTION_TITLE } from '../../lib/messages';
import { showConfirmDialog } from './confirm-dialog';
import { DialogHost } from './dialog-host';
import { showApiErrorDialog } from './error-dialog';

function renderHost() {
  render(
    <MantineProvider>
      <DialogHost />
    </MantineProvider>,
  );
}

describe('dialogs', () => {
  it('shows an API error with its name, message, warning icon and one OK button', async () => {
    renderHost();
    let closed = false;
    act(() => {
      void showApiErrorDialog(new ApiError(0, NO_CONNECTION_MESSAGE)).then(() => {
        closed = true;
      });
    });
    expect(await screen.findByText(NO_CONNECTION_TITLE)).toBeTruthy();
    expect(screen.getByText(NO_CONNECTION_MESSAGE)).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Warning' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(closed).toBe(true));
  });

  it('confirm answers true for Yes and false for No', async () => {
    renderHost();
    let answer: boolean | undefined;
    act(() => {
      void showConfirmDialog({ title: 'Delivery Date', message: '<b>Is this correct?</b>' }).then((a) => {
        answer = a;
      });
    });
    expect(await screen.findByText('Is this correct?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(answer).toBe(true));

    act(() => {
      void showConfirmDialog({ title: 'Again', message: 'Sure?' }).then((a) => {
        answer = a;
      });
    });
    // The first dialog may still be closing: answer No in the second one, found by its text.
    const second = (await screen.findByText('Sure?')).closest('[role="dialog"]') as HTMLElement;
    fireEvent.click(within(second).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(answer).toBe(false));
  });
});
