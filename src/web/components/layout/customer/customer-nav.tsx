import { NavLink, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { useSession, useSignedInCustomer } from '../../../features/auth/api/get-session';
import { paths } from '../../../paths';
import {
  IconCalendar,
  IconCart,
  IconClipboard,
  IconDevices,
  IconHistory,
  IconMessage,
  IconReceipt,
  IconUsers,
} from '../../icons';

interface Entry {
  label: string;
  to: string;
  icon: ReactNode;
  /** Paths that mark the entry active besides `to` itself. */
  activePrefix: string;
}

/**
 * Spec section 2's customer side menu, in its order, with the Invoices (design.md 8.4) after the
 * history, then the venue's People for its Owner
 * (design.md 8.2) and the signed-in devices (issue 36).
 */
export function CustomerNav({
  onNavigate,
  onOpenDevices,
}: {
  onNavigate?: () => void;
  onOpenDevices: () => void;
}) {
  const customer = useSignedInCustomer();
  const isOwner = useSession().data?.VenueRole === 'Owner';
  const { pathname: path, search } = useLocation();
  // Changing a placed order (design.md 7.10) is the form at /order/form/0?change=: it belongs to
  // the order's history, not to a new order.
  const pathname = new URLSearchParams(search).has('change') ? paths.orderHistory : path;
  const entries: Entry[] = [
    { label: 'New Order', to: paths.orderForm(0), icon: <IconCart />, activePrefix: '/order/form' },
    {
      label: 'Orders History',
      to: paths.orderHistory,
      icon: <IconHistory />,
      activePrefix: paths.orderHistory,
    },
    // The same order on the same days, placed before each cutoff (design.md 8.6).
    {
      label: 'Standing Orders',
      to: paths.orderStanding,
      icon: <IconCalendar />,
      activePrefix: paths.orderStanding,
    },
    // What the orders cost (design.md 8.4): each invoice and its check against the order.
    { label: 'Invoices', to: paths.orderInvoices, icon: <IconReceipt />, activePrefix: paths.orderInvoices },
  ];
  const isActive = (e: Entry) =>
    pathname === e.to || pathname.startsWith(`${e.activePrefix}/`) || pathname === e.activePrefix;

  return (
    <Stack component="nav" aria-label="Main menu" gap={4}>
      {entries.map((e) => (
        <NavLink
          key={e.label}
          component={Link}
          to={e.to}
          label={e.label}
          leftSection={e.icon}
          active={isActive(e)}
          aria-current={isActive(e) ? 'page' : undefined}
          onClick={onNavigate}
        />
      ))}
      <NavLink
        component="a"
        href={paths.worksheet(customer.Id, customer.Name)}
        target="_blank"
        rel="noopener"
        label="Order Worksheet"
        leftSection={<IconClipboard />}
        onClick={onNavigate}
      />
      <NavLink
        component={Link}
        to={paths.orderHome}
        label="Order Messages"
        leftSection={<IconMessage />}
        active={pathname === paths.orderHome}
        aria-current={pathname === paths.orderHome ? 'page' : undefined}
        onClick={onNavigate}
      />
      {isOwner && (
        <NavLink
          component={Link}
          to={paths.orderPeople}
          label="People"
          leftSection={<IconUsers />}
          active={pathname === paths.orderPeople}
          aria-current={pathname === paths.orderPeople ? 'page' : undefined}
          onClick={onNavigate}
        />
      )}
      <NavLink
        component="button"
        label="Signed-in Devices"
        leftSection={<IconDevices />}
        onClick={() => {
          onNavigate?.();
          onOpenDevices();
        }}
      />
    </Stack>
  );
}
