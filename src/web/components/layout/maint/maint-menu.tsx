import { NavLink, Stack } from '@mantine/core';
import type { ComponentType } from 'react';
import { Link, useLocation } from 'react-router';
import { paths } from '../../../paths';
import {
  IconBox,
  IconBuilding,
  IconCalendar,
  IconFileImport,
  IconHistory,
  IconMessage,
  type IconProps,
  IconRefresh,
  IconTags,
  IconUsers,
} from '../../icons';

export interface MaintMenuEntry {
  label: string;
  to: string;
  Icon: ComponentType<IconProps>;
  /** Deeper paths that belong to the entry (its edit and import screens). */
  prefixes: string[];
}

/**
 * Spec section 2's admin Options menu, in its order, plus Users (design.md section 5.9), Holidays
 * (7.2) and the Audit Trail (7.6).
 */
export const maintMenu: MaintMenuEntry[] = [
  { label: 'Audit Trail', to: paths.audit, Icon: IconHistory, prefixes: [] },
  { label: 'Customer Items Import', to: paths.customerItemsImport, Icon: IconFileImport, prefixes: [] },
  { label: 'Customers', to: paths.customers, Icon: IconBuilding, prefixes: ['/maint/customer/'] },
  { label: 'Customer Types', to: paths.customerTypes, Icon: IconTags, prefixes: ['/maint/customertype/'] },
  { label: 'Holidays', to: paths.holidays, Icon: IconCalendar, prefixes: [] },
  { label: 'Items', to: paths.items, Icon: IconBox, prefixes: ['/maint/item/'] },
  { label: 'Messages', to: paths.orderMessages, Icon: IconMessage, prefixes: ['/maint/ordermessage/'] },
  { label: 'Regenerate Orders', to: paths.regenerateOrders, Icon: IconRefresh, prefixes: [] },
  { label: 'Users', to: paths.users, Icon: IconUsers, prefixes: ['/maint/user/'] },
];

/** The entry the current path belongs to: an exact match wins over a prefix. */
export function activeMaintEntry(pathname: string): MaintMenuEntry | undefined {
  return (
    maintMenu.find((e) => e.to === pathname) ??
    maintMenu.find((e) => e.prefixes.some((p) => pathname.startsWith(p)))
  );
}

/** The left navigation of the admin frame. */
export function MaintNav({ onNavigate }: { onNavigate?: () => void }) {
  const { pathname } = useLocation();
  const active = activeMaintEntry(pathname);
  return (
    <Stack component="nav" aria-label="Maintenance menu" gap={4}>
      {maintMenu.map((e) => (
        <NavLink
          key={e.to}
          component={Link}
          to={e.to}
          label={e.label}
          leftSection={<e.Icon size={18} />}
          active={e === active}
          aria-current={e === active ? 'page' : undefined}
          onClick={onNavigate}
        />
      ))}
    </Stack>
  );
}
