import { Center, Loader } from '@mantine/core';
import { Outlet, ScrollRestoration } from 'react-router';
import { useFocusHeadingOnNavigate } from './route-focus';
import { useDocumentTitle, useRouteTitle } from './route-title';
import { useStaticShellGone, useStaticShellInstead } from './static-shell';

/** The root route: sets the tab title for every screen. */
export function RootLayout() {
  useDocumentTitle(useRouteTitle());
  useFocusHeadingOnNavigate();
  useStaticShellGone();
  return (
    <>
      <Outlet />
      <ScrollRestoration />
    </>
  );
}

/** Shown while the first screen's code loads; the shell index.html drew stands in for it. */
export function PageLoader() {
  if (useStaticShellInstead()) return null;
  return (
    <Center h="100dvh">
      <Loader aria-label="Loading" />
    </Center>
  );
}
