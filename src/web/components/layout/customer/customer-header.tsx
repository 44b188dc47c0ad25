import { Box, Burger, Group, Text } from '@mantine/core';
import { formatCompanyId } from '../../../../domain/company-id';
import { useSession, useSignedInCustomer } from '../../../features/auth/api/get-session';
import { VenueSwitch } from '../../../features/auth/components/venue-switch';
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
  const { data: session } = useSession();
  const person = session?.Person ?? null;

  return (
    <Group h="100%" px="md" gap="sm" wrap="nowrap" justify="space-between">
      <Group gap="sm" wrap="nowrap" style={{ minWidth: 0, flex: 1 }}>
        {isMobile && <Burger opened={menuOpened} onClick={onToggleMenu} size="sm" aria-label="Toggle menu" />}
        <Box style={{ minWidth: 0 }}>
          <VenueSwitch venues={session?.Venues.length ?? 0}>
            <Text fw={700} truncate="end" data-testid="customer-identity">
              <Text span c="blue.9" fw={700} mr={8}>
                {formatCompanyId(customer.CompanyId)}
              </Text>
              {customer.Name}
              {(session?.Venues.length ?? 0) > 1 && (
                <Text span c="dimmed" ml={6} aria-hidden>
                  ▾
                </Text>
              )}
            </Text>
            {person && (
              <Text fz="xs" c="dimmed" truncate="end" data-testid="person-identity">
                {person.Name} · {session?.VenueRole}
              </Text>
            )}
          </VenueSwitch>
          {isMobile && !person && <Clock fz="xs" c="dimmed" />}
        </Box>
      </Group>
      <Group gap="md" wrap="nowrap">
        {!isMobile && <Clock fz="sm" c="dimmed" ff="monospace" />}
        {/* Everyone leaves to the one login page: its form, its email link and its passkey button. */}
        <LogoutButton compact={isMobile} to={paths.customerLogin} />
      </Group>
    </Group>
  );
}
