import { useMediaQuery } from '@mantine/hooks';
import { below } from '../theme';

/** True while the viewport is narrower than `px` (read at once, so the first paint is right). */
export function useBelow(px: number): boolean {
  return useMediaQuery(below(px), undefined, { getInitialValueInEffect: false }) ?? false;
}
