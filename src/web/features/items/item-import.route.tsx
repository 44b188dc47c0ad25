import { PlaceholderPage } from '../../components/layout/placeholder-page';

/** Placeholder: a later issue builds this screen (title from the route's handle in router.tsx). */
export function Component() {
  return <PlaceholderPage heading={false} />;
}
