import { notifications } from '@mantine/notifications';

/**
 * The toast of a staff save that goes back to a list (issue 14). At the bottom, as the
 * Regenerate toast (spec section 9), because the list it lands on has its heading, filters and
 * first rows at the top; 4 seconds (spec section 9's toast timeout).
 */
export function showSavedToast(message: string) {
  notifications.show({ color: 'green', message, position: 'bottom-center', autoClose: 4000 });
}
