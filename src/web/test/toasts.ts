import { screen } from '@testing-library/react';
import { expect } from 'vitest';

/**
 * Waits for the toast that reads `text` and checks where it shows: a save that goes back to a
 * list puts its toast at the bottom, clear of the list's heading and filters (issue 14).
 */
export async function expectToast(text: string, position = 'bottom-center') {
  const toast = await screen.findByText(text);
  expect(toast.closest('[data-position]')?.getAttribute('data-position')).toBe(position);
  return toast;
}
