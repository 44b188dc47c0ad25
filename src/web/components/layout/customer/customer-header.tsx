import { Box, Burger, Group, Text } from '@mantine/core';
import { formatCompanyId } from '../../../../domain/company-id';
import { useSignedInCustomer } from '../../../features/auth/api/get-session';
import { paths } from '../../../paths';
import { Clock } from '../clock';
import { LogoutButton } from '../logout-button';

export interface CustomerHeaderProps {
  isMobile: boolean;
  menuOpened: boolean;
  onToggleMenu: () => void;
}

/** Spec section 2: the customer's id and name, a clock, and Logout (back to the customer login). */
export function CustomerHeader({ isMobile, menuOpened, onToggleMenu }: CustomerHeaderProps) {
  const customer = useSignedInCustomer();

  return (
    <Group h="100%" px="md" gap="sm" wrap="nowrap" justify="space-between">
      <Group gap="sm" wrap="nowrap" style={{ minWidth: 0, flex: 1 }}>
        {isMobile && <Burger opened={menuOpened} onClick={onToggleMenu} size="sm" aria-label="Toggle menu" />}
        <Box style={{ minWidth: 0 }}>
          <Text fw={700} truncate="end" data-testid="customer-identity">
            <Text span c="blue.9" fw={700} mr={8}>
              {formatCompanyId(customer.CompanyId)}
            </Text>
            {customer.Name}
          </Text>
          {isMobile && <Clock fz="xs" c="dimmed" />}
        </Box>
      </Group>
      <Group gap="md" wrap="nowrap">
        {!isMobile && <Clock fz="sm" c="dimmed" ff="monospace" />}
        <LogoutButton compact={isMobile} to={paths.customerLogin} />
      </Group>
    </Group>
  );
}
