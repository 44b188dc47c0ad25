import { ActionIcon, Box, Burger, Button, Group, Text, Tooltip } from '@mantine/core';
import { useSignedInCustomer } from '../../../features/auth/api/get-session';
import { useLogout } from '../../../features/auth/api/logout';
import { paths } from '../../../paths';
import { IconLogout } from '../../icons';
import { Clock } from '../clock';

export interface CustomerHeaderProps {
  isMobile: boolean;
  menuOpened: boolean;
  onToggleMenu: () => void;
}

/** Spec section 2: the customer's id and name, a clock, and Logout (back to the customer login). */
export function CustomerHeader({ isMobile, menuOpened, onToggleMenu }: CustomerHeaderProps) {
  const customer = useSignedInCustomer();
  const logout = useLogout(paths.customerLogin);

  return (
    <Group h="100%" px="md" gap="sm" wrap="nowrap" justify="space-between">
      <Group gap="sm" wrap="nowrap" style={{ minWidth: 0, flex: 1 }}>
        {isMobile && <Burger opened={menuOpened} onClick={onToggleMenu} size="sm" aria-label="Toggle menu" />}
        <Box style={{ minWidth: 0 }}>
          <Text fw={700} truncate="end" data-testid="customer-identity">
            <Text span c="blue.9" fw={700} mr={8}>
              {customer.CompanyId}
            </Text>
            {customer.Name}
          </Text>
          {isMobile && <Clock fz="xs" c="dimmed" />}
        </Box>
      </Group>
      <Group gap="md" wrap="nowrap">
        {!isMobile && <Clock fz="sm" c="dimmed" ff="monospace" />}
        {isMobile ? (
          <Tooltip label="Logout">
            <ActionIcon
              variant="subtle"
              size="lg"
              aria-label="Logout"
              onClick={() => logout.mutate()}
              loading={logout.isPending}
            >
              <IconLogout />
            </ActionIcon>
          </Tooltip>
        ) : (
          <Button
            variant="default"
            leftSection={<IconLogout size={18} />}
            onClick={() => logout.mutate()}
            loading={logout.isPending}
          >
            Logout
          </Button>
        )}
      </Group>
    </Group>
  );
}
