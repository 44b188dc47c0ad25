import { Group, Select, type SelectProps, Text } from '@mantine/core';
import { VENUE_ROLES, type VenueRole } from '../../../../domain/venue-roles';
import { IconCheck } from '../../../components/icons';

/** What each role may do at the venue, in a line (design.md 8.2, src/domain/venue-roles.ts). */
export const ROLE_DESCRIPTIONS: Record<VenueRole, string> = {
  Owner: 'Everything, and manages people',
  Orderer: 'Places, changes and cancels orders',
  Counter: 'Counts and prepares the draft; cannot send',
};

const isRole = (value: string | null): value is VenueRole => VENUE_ROLES.some((r) => r === value);

/** On a phone the fields are a thumb's height (44 px), as the staff screens' are (app.css). */
export const thumbInput = (isPhone: boolean) => (isPhone ? { input: { minHeight: 44 } } : undefined);

export type RoleSelectProps = Omit<SelectProps, 'data' | 'renderOption' | 'onChange' | 'value'> & {
  value: VenueRole;
  onChange: (role: VenueRole) => void;
  isPhone: boolean;
};

/** Owner, Orderer or Counter, each with its line of what it may do. */
export function RoleSelect({ value, onChange, isPhone, ...props }: RoleSelectProps) {
  return (
    <Select
      data={[...VENUE_ROLES]}
      value={value}
      onChange={(next) => {
        if (isRole(next) && next !== value) onChange(next);
      }}
      allowDeselect={false}
      styles={thumbInput(isPhone)}
      comboboxProps={{ withinPortal: true }}
      // Its own drawing replaces the select's check mark: the role chosen keeps one.
      renderOption={({ option, checked }) => (
        <Group gap="xs" wrap="nowrap" justify="space-between" w="100%">
          <div>
            <Text fz="sm" fw={600}>
              {option.value}
            </Text>
            <Text fz="xs" c="dimmed">
              {isRole(option.value) ? ROLE_DESCRIPTIONS[option.value] : ''}
            </Text>
          </div>
          {checked && <IconCheck size={16} aria-hidden />}
        </Group>
      )}
      {...props}
    />
  );
}
