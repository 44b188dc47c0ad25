import { Notifications, notificationsStore } from '@mantine/notifications';

/**
 * Spec section 9: toasts at the top, 4 seconds. `notifications.show` works before this mounts
 * (the store keeps the toast), so it is loaded off the critical path by `DeferredHosts`.
 *
 * The toasts live in one named region rather than a portal at the end of the body: content
 * outside every landmark fails axe's "region" rule (issue 14). Their containers are fixed to
 * the viewport, so where the region sits does not move them.
 */
export function NotificationsHost() {
  return (
    <section aria-label="Notifications">
      <Notifications position="top-center" autoClose={4000} withinPortal={false} />
    </section>
  );
}

/**
 * Calls `onToast` once a toast waits to be shown (now, or when `notifications.show` sends one):
 * `DeferredHosts` mounts the host then. Returns the unsubscribe.
 */
export function watchToasts(onToast: () => void): () => void {
  const check = (state: { notifications: unknown[]; queue: unknown[] }) => {
    if (state.notifications.length + state.queue.length > 0) onToast();
  };
  check(notificationsStore.getState());
  const unsubscribe = notificationsStore.subscribe(check);
  return () => void unsubscribe();
}
