import { Center, Loader } from '@mantine/core';
import { Outlet, ScrollRestoration } from 'react-router';
import { useFocusHeadingOnNavigate } from './route-focus';
import { useDocumentTitle, useRouteTitle } from './route-title';

/** The root route: sets the tab title for every screen. */
export function RootLayout() {
  useDocumentTitle(useRouteTitle());
  useFocusHeadingOnNavigate();
  return (
    <>
      <Outlet />
      <ScrollRestoration />
    </>
  );
}

/** Shown while a screen's code or its session loads. */
export function PageLoader() {
  return (
    <Center h="100dvh">
      <Loader aria-label="Loading" />
    </Center>
  );
}
