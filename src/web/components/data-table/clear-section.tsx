import { CloseButton } from '@mantine/core';

/**
 * Props that make a filter input clearable (spec section 5: Company Id and Name are clearable):
 * a named × button while the input has a value. Spread into `TextInput` or `DigitsInput`.
 */
export function clearSection(label: string, value: string, onClear: () => void) {
  return {
    rightSection: value ? <CloseButton size="sm" aria-label={`Clear ${label}`} onClick={onClear} /> : null,
    rightSectionPointerEvents: 'all' as const,
  };
}
