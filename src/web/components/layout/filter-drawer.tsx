import { Button, Card, Group, Stack, Text } from '@mantine/core';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { createPortal } from 'react-dom';
import { useBelow } from '../../lib/use-below';
import { breakpoints } from '../../theme';

interface FilterDrawerState {
  /** Below the small breakpoint (600 px) filters live in the right-hand drawer. */
  isNarrow: boolean;
  opened: boolean;
  open: () => void;
  close: () => void;
  toggle: () => void;
  /** True while the current screen shows a `FilterPanel` (the frame then offers a Filter button). */
  hasPanel: boolean;
  registerPanel: () => () => void;
  target: HTMLElement | null;
  setTarget: (element: HTMLElement | null) => void;
}

const FilterDrawerContext = createContext<FilterDrawerState | null>(null);

/** Holds the right-hand filter drawer's state; the admin frame provides it. */
export function FilterDrawerProvider({ children }: { children: ReactNode }) {
  const isNarrow = useBelow(breakpoints.small);
  const [opened, setOpened] = useState(false);
  const [panels, setPanels] = useState(0);
  const [target, setTarget] = useState<HTMLElement | null>(null);
  const registerPanel = useCallback(() => {
    setPanels((n) => n + 1);
    return () => setPanels((n) => n - 1);
  }, []);

  // Growing past the breakpoint shows the filters inline again; the drawer must not stay open.
  useEffect(() => {
    if (!isNarrow) setOpened(false);
  }, [isNarrow]);

  const value = useMemo<FilterDrawerState>(
    () => ({
      isNarrow,
      opened: opened && isNarrow,
      open: () => setOpened(true),
      close: () => setOpened(false),
      toggle: () => setOpened((o) => !o),
      hasPanel: panels > 0,
      registerPanel,
      target,
      setTarget,
    }),
    [isNarrow, opened, panels, registerPanel, target],
  );
  return <FilterDrawerContext value={value}>{children}</FilterDrawerContext>;
}

/**
 * The filter drawer of the admin frame: `isNarrow` tells a screen whether its filters apply on
 * change (debounced, wide screens) or on Update (narrow screens); `open` opens the drawer.
 */
export function useFilterDrawer(): Omit<FilterDrawerState, 'registerPanel' | 'setTarget' | 'target'> {
  const state = useContext(FilterDrawerContext);
  if (!state) throw new Error('useFilterDrawer needs the admin frame (FilterDrawerProvider)');
  return state;
}

/** Where narrow-screen filter panels render: the frame puts this inside `AppShell.Aside`. */
export function FilterDrawerTarget() {
  const state = useContext(FilterDrawerContext);
  return <div ref={state?.setTarget} />;
}

export interface FilterPanelProps {
  /** The filter fields. */
  children: ReactNode;
  /** Narrow screens: apply the edited filter (then the drawer closes). */
  onUpdate: () => void;
  /** Narrow screens: restore the empty default filter (then the drawer closes). */
  onReset: () => void;
}

/**
 * Spec section 2: filters show inline on wide screens (a row labelled 'Filters:'), and on narrow
 * screens as a card inside the right-hand drawer with Reset and Update buttons.
 */
export function FilterPanel({ children, onUpdate, onReset }: FilterPanelProps) {
  const state = useContext(FilterDrawerContext);
  if (!state) throw new Error('FilterPanel needs the admin frame (FilterDrawerProvider)');
  const { isNarrow, target, close, registerPanel } = state;
  useEffect(() => registerPanel(), [registerPanel]);

  if (!isNarrow) {
    return (
      <Group component="section" aria-label="Filters" align="flex-end" gap="sm" wrap="wrap">
        <Text fw={600} pb={6}>
          Filters:
        </Text>
        {children}
      </Group>
    );
  }
  if (!target) return null;
  return createPortal(
    <Card component="section" aria-label="Filters" withBorder padding="md" radius="md">
      <Stack gap="sm">
        {children}
        <Group justify="flex-end" gap="sm">
          <Button
            variant="default"
            onClick={() => {
              onReset();
              close();
            }}
          >
            Reset
          </Button>
          <Button
            onClick={() => {
              onUpdate();
              close();
            }}
          >
            Update
          </Button>
        </Group>
      </Stack>
    </Card>,
    target,
  );
}
