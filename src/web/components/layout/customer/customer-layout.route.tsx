import { AppShell, Container, Drawer, ScrollArea } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { startTransition, useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { DevicesDialog } from '../../../features/auth/components/devices-dialog';
import { OutboxBar } from '../../../features/offline/components/outbox-bar';
import { useBelow } from '../../../lib/use-below';
import { paths } from '../../../paths';
import { breakpoints } from '../../../theme';
import { preloadDialogHost } from '../../dialogs/dialog-settings';
import { RequireRole } from '../require-role';
import { MAIN_ID, SkipLink } from '../route-focus';
import { CustomerHeader } from './customer-header';
import { CustomerNav } from './customer-nav';
import { FooterNote } from './footer-note';

const NAV_WIDTH = 220;

/** The customer frame (layout route `home`): needs a signed-in customer. */
export function Component() {
  useEffect(() => preloadDialogHost(), []);
  return (
    <RequireRole need="customer" login={paths.customerLogin}>
      <CustomerFrame />
    </RequireRole>
  );
}

function CustomerFrame() {
  const isMobile = useBelow(breakpoints.customerNav);
  const [menuOpened, menu] = useDisclosure(false);
  // Here, not in the menu: on a phone the menu's drawer unmounts as it closes.
  const [devicesOpened, devices] = useDisclosure(false);
  const { pathname } = useLocation();

  // A tap on a menu entry navigates; the drawer should not stay over the new screen.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation on purpose.
  useEffect(() => menu.close(), [pathname]);

  // The phone's menu drawer is mounted once the first screen is up, in a render of its own: a
  // drawer's portal renders again, synchronously, in the commit that mounts it, and takes the
  // rest of that commit's work into the same task (issue 22: total blocking time).
  const [drawerMounted, setDrawerMounted] = useState(false);
  useEffect(() => {
    if (!isMobile || drawerMounted) return;
    const timer = setTimeout(() => startTransition(() => setDrawerMounted(true)), 0);
    return () => clearTimeout(timer);
  }, [isMobile, drawerMounted]);

  return (
    <AppShell
      header={{ height: isMobile ? 60 : 56 }}
      navbar={{ width: NAV_WIDTH, breakpoint: breakpoints.customerNav, collapsed: { mobile: true } }}
      padding={isMobile ? 'sm' : 'md'}
    >
      <AppShell.Header>
        <SkipLink />
        <CustomerHeader isMobile={isMobile} menuOpened={menuOpened} onToggleMenu={menu.toggle} />
      </AppShell.Header>
      {!isMobile && (
        <AppShell.Navbar p="sm">
          <AppShell.Section grow component={ScrollArea}>
            <CustomerNav onOpenDevices={devices.open} />
          </AppShell.Section>
        </AppShell.Navbar>
      )}
      {drawerMounted && (
        <Drawer
          opened={menuOpened && isMobile}
          onClose={menu.close}
          size={NAV_WIDTH}
          title="Menu"
          padding="sm"
        >
          <CustomerNav onNavigate={menu.close} onOpenDevices={devices.open} />
        </Drawer>
      )}
      <DevicesDialog opened={devicesOpened} onClose={devices.close} signedOutTo={paths.customerLogin} />
      <AppShell.Main id={MAIN_ID} tabIndex={-1}>
        <Container size="lg" px={0}>
          <OutboxBar />
          <Outlet />
          <FooterNote />
        </Container>
      </AppShell.Main>
    </AppShell>
  );
}
