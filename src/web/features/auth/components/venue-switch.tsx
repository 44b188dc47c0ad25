import { UnstyledButton } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { loginPath, paths } from '../../../paths';

/**
 * The top bar's venue, for a person with several (design.md 8.2): a link to the list of their
 * venues (/user/venue, the page a sign-in lands on), which comes back here once one is picked.
 * One drawing of the list, and it works before the scripts run.
 */
export function VenueSwitch({ venues, children }: { venues: number; children: ReactNode }) {
  const { pathname } = useLocation();
  if (venues < 2) return <>{children}</>;
  return (
    <UnstyledButton
      component={Link}
      to={loginPath(paths.venuePick, pathname.startsWith('/order/form') ? paths.orderHome : pathname)}
      aria-label="Switch venue"
      mih={40}
      style={{ minWidth: 0, maxWidth: '100%', display: 'block' }}
    >
      {children}
    </UnstyledButton>
  );
}
