import { ActionIcon, Burger, Button, Group, Menu, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { DevicesDialog } from '../../../features/auth/components/devices-dialog';
import { paths } from '../../../paths';
import { IconArrowLeft, IconChevronDown, IconDevices, IconDots, IconFilter } from '../../icons';
import { useFilterDrawer } from '../filter-drawer';
import { LogoutButton } from '../logout-button';
import { useRouteTitle } from '../route-title';
import { maintMenu } from './maint-menu';

export interface MaintHeaderProps {
  /** Below 600 px the text buttons become icon buttons. */
  compact: boolean;
  /** Below 720 px the navigation is a drawer over the page. */
  navIsDrawer: boolean;
  navOpened: boolean;
  onToggleNav: () => void;
}

/**
 * Spec section 2's admin top bar: menu toggle, the screen's title, Back, Options and Logout
 * (Logout goes to the customer home route; its guard then shows the customer login).
 */
export function MaintHeader({ compact, navIsDrawer, navOpened, onToggleNav }: MaintHeaderProps) {
  const title = useRouteTitle() ?? 'Maintenance';
  const navigate = useNavigate();
  const filter = useFilterDrawer();
  const [devicesOpened, setDevicesOpened] = useState(false);

  return (
    <Group h="100%" px={compact ? 'xs' : 'md'} gap="xs" wrap="nowrap" justify="space-between">
      <Group gap="xs" wrap="nowrap" style={{ minWidth: 0, flex: 1 }}>
        <Burger
          // The X only makes sense over a drawer; beside a docked menu the toggle stays a burger.
          opened={navIsDrawer && navOpened}
          onClick={onToggleNav}
          size="sm"
          aria-label="Toggle navigation"
          aria-expanded={navOpened}
        />
        {/* Two lines on a phone: "Customer - New Order" and "Regenerate Orders" were cut to
            "Customer - New…" beside the top bar's icons (issue 33). */}
        <Title
          order={1}
          size={compact ? 'h5' : 'h3'}
          lh={compact ? 1.2 : undefined}
          lineClamp={compact ? 2 : 1}
          style={{ minWidth: 0 }}
        >
          {title}
        </Title>
      </Group>
      <Group gap={compact ? 2 : 'xs'} wrap="nowrap">
        {filter.hasPanel && filter.isNarrow && (
          <ActionIcon variant="subtle" size="lg" aria-label="Filter" onClick={filter.toggle}>
            <IconFilter />
          </ActionIcon>
        )}
        {compact ? (
          <ActionIcon variant="subtle" size="lg" aria-label="Back" onClick={() => navigate(-1)}>
            <IconArrowLeft />
          </ActionIcon>
        ) : (
          <Button variant="default" leftSection={<IconArrowLeft size={18} />} onClick={() => navigate(-1)}>
            Back
          </Button>
        )}
        {/* In the banner, not a portal at the end of the page (axe: region), and without
            Mantine's focus placeholder, a focusable 'presentation' the menu role may not hold
            (axe: aria-required-children, critical). Arrow keys still go to the first item. */}
        <Menu
          position="bottom-end"
          shadow="md"
          width={240}
          withinPortal={false}
          withInitialFocusPlaceholder={false}
          // A thumb's 44 px per item on a phone.
          styles={compact ? { item: { minHeight: 44 } } : undefined}
        >
          <Menu.Target>
            {compact ? (
              <ActionIcon variant="subtle" size="lg" aria-label="Options">
                <IconDots />
              </ActionIcon>
            ) : (
              <Button variant="default" rightSection={<IconChevronDown size={16} />}>
                Options
              </Button>
            )}
          </Menu.Target>
          <Menu.Dropdown>
            {maintMenu.map((e) => (
              <Menu.Item key={e.to} component={Link} to={e.to} leftSection={<e.Icon size={16} />}>
                {e.label}
              </Menu.Item>
            ))}
            <Menu.Divider />
            <Menu.Item leftSection={<IconDevices size={16} />} onClick={() => setDevicesOpened(true)}>
              Signed-in Devices
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
        <DevicesDialog
          opened={devicesOpened}
          onClose={() => setDevicesOpened(false)}
          signedOutTo={paths.orderHome}
        />
        <LogoutButton compact={compact} to={paths.orderHome} />
      </Group>
    </Group>
  );
}
