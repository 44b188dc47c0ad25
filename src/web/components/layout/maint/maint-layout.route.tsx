import { AppShell, CloseButton, Drawer, Group, ScrollArea, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useSignedInUser } from '../../../features/auth/api/get-session';
import { useBelow } from '../../../lib/use-below';
import { paths } from '../../../paths';
import { breakpoints } from '../../../theme';
import { preloadDialogHost } from '../../dialogs/dialog-settings';
import { FilterDrawerProvider, FilterDrawerTarget, useFilterDrawer } from '../filter-drawer';
import { RequireRole } from '../require-role';
import { MAIN_ID, SkipLink } from '../route-focus';
import { MaintHeader } from './maint-header';
import { MaintNav } from './maint-menu';

/** Spec section 9: the admin left drawer is 240 px wide. */
const NAV_WIDTH = 240;
const ASIDE_WIDTH = 320;

/** The admin frame (layout route `admin` at /maint): needs a signed-in admin. */
export function Component() {
  useEffect(() => preloadDialogHost(), []);
  return (
    <RequireRole need="admin" login={paths.adminLogin}>
      <FilterDrawerProvider>
        <MaintFrame />
      </FilterDrawerProvider>
    </RequireRole>
  );
}

function MaintFrame() {
  const navIsDrawer = useBelow(breakpoints.adminNav);
  const compact = useBelow(breakpoints.small);
  const [mobileNavOpened, mobileNav] = useDisclosure(false);
  const [desktopNavOpened, desktopNav] = useDisclosure(true);
  const filter = useFilterDrawer();
  const { pathname } = useLocation();

  // biome-ignore lint/correctness/useExhaustiveDependencies: closes the drawers on navigation on purpose.
  useEffect(() => {
    mobileNav.close();
    filter.close();
  }, [pathname]);

  return (
    <AppShell
      // app.css's phone rules for the staff screens hang on it.
      className="maint-frame"
      header={{ height: 56 }}
      navbar={{
        width: NAV_WIDTH,
        breakpoint: breakpoints.adminNav,
        collapsed: { mobile: true, desktop: !desktopNavOpened },
      }}
      aside={{
        width: ASIDE_WIDTH,
        breakpoint: breakpoints.small,
        collapsed: { mobile: !filter.opened, desktop: true },
      }}
      padding={compact ? 'sm' : 'md'}
    >
      <AppShell.Header>
        <SkipLink />
        <MaintHeader
          compact={compact}
          navIsDrawer={navIsDrawer}
          navOpened={navIsDrawer ? mobileNavOpened : desktopNavOpened}
          onToggleNav={navIsDrawer ? mobileNav.toggle : desktopNav.toggle}
        />
      </AppShell.Header>
      {!navIsDrawer && (
        <AppShell.Navbar p="sm" inert={!desktopNavOpened}>
          <AppShell.Section grow component={ScrollArea}>
            <MaintNav />
          </AppShell.Section>
          <AppShell.Section pt="sm" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
            <SignedInAs />
          </AppShell.Section>
        </AppShell.Navbar>
      )}
      <Drawer
        opened={mobileNavOpened && navIsDrawer}
        onClose={mobileNav.close}
        size={NAV_WIDTH}
        title="Maintenance"
        padding="sm"
      >
        <MaintNav onNavigate={mobileNav.close} />
      </Drawer>
      <AppShell.Aside
        p="sm"
        inert={!filter.opened}
        aria-label="Filters"
        style={{ width: `min(${ASIDE_WIDTH}px, 100%)`, left: 'auto' }}
      >
        <Group justify="space-between" mb="sm">
          <Text fw={600}>Filters</Text>
          <CloseButton aria-label="Close filter panel" size={44} onClick={filter.close} />
        </Group>
        <FilterDrawerTarget />
      </AppShell.Aside>
      <AppShell.Main id={MAIN_ID} tabIndex={-1}>
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}

function SignedInAs() {
  const user = useSignedInUser();
  return (
    <Text fz="sm" c="dimmed" truncate="end">
      Signed in as {user.Name || user.UserName}
    </Text>
  );
}
