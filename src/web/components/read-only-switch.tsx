import { Switch, type SwitchProps } from '@mantine/core';

/**
 * A switch that shows a flag without letting it change (view screens: Active?, Case Only).
 * Not `disabled`: a disabled switch is greyed out and skipped by the keyboard, while this one
 * still reads clearly and announces itself as read-only.
 */
export function ReadOnlySwitch({ checked, ...rest }: Omit<SwitchProps, 'onChange' | 'readOnly'>) {
  return <Switch {...rest} checked={checked} readOnly aria-readonly onChange={() => {}} />;
}
