import { Notifications } from '@mantine/notifications';

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
