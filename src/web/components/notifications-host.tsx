import { Notifications } from '@mantine/notifications';

/**
 * Spec section 9: toasts at the top, 4 seconds. `notifications.show` works before this mounts
 * (the store keeps the toast), so it is loaded off the critical path by `DeferredHosts`.
 */
export function NotificationsHost() {
  return <Notifications position="top-center" autoClose={4000} />;
}
