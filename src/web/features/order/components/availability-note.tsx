import { Alert, Group, NativeSelect, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import {
  type Availability,
  availabilityLabel,
  SUBSTITUTIONS,
  type Substitution,
  substituteNote,
  substitutionLabel,
} from '../../../../domain/availability';
import { formatTimeOfDay } from '../date-format';
import { BUSINESS_TZ, formatDateTime, formatMonthDay, todayInBusiness } from '../order-time';

/**
 * Text colours with at least 4.5:1 on white (WCAG AA for the 12 px note): Mantine's orange.9
 * has 4.3:1, so Low takes a darker orange of its own.
 */
const tone: Record<Availability['Status'], string> = { OUT: 'red.9', LOW: '#a34700', IN: 'blue.9' };

/**
 * A line's stock as the distributor's last availability file gave it (design.md 8.3): `Out`,
 * `Low: 3 left` or `Back Dec 2`, and the substitute the distributor may send unless the customer
 * said not to. Nothing for a product in stock or one the file never named.
 */
export function AvailabilityNote({
  code,
  availability,
  substitution,
}: {
  code: string;
  availability: Availability | null;
  substitution: Substitution;
}) {
  const label = availabilityLabel(availability, formatMonthDay);
  if (!availability || !label) return null;
  const substitute = substituteNote(availability, substitution);
  return (
    <Group gap={6} wrap="wrap" data-testid={`availability-${code}`}>
      <Text fz="xs" fw={700} c={tone[availability.Status]}>
        {label}
      </Text>
      {substitute && (
        <Text fz="xs" c="dimmed">
          {substitute}
        </Text>
      )}
    </Group>
  );
}

/** "Stock as of 10:40 AM" today, with the date for an older file: how fresh the stock shown is. */
export function stockAsOfText(stockAsOf: string, today: string): string {
  return todayInBusiness(new Date(stockAsOf)) === today
    ? `Stock as of ${formatTimeOfDay(stockAsOf)}`
    : `Stock as of ${formatDateTime(stockAsOf)}`;
}

let weekdayTime: Intl.DateTimeFormat | undefined;

/**
 * With no network, the guide is the device's copy (issue 39): "Offline: your guide as of Tue
 * 4:05 PM", on the business clock, so the customer knows how old the pars and stock shown are.
 */
export function guideReadAtText(readAt: number): string {
  weekdayTime ??= new Intl.DateTimeFormat('en-US', {
    timeZone: BUSINESS_TZ,
    weekday: 'short',
    hour: 'numeric',
    minute: '2-digit',
  });
  return `Offline: your guide as of ${weekdayTime.format(readAt).replace(',', '')}`;
}

/** Steps 2 and 3: the order meets its minimum only with products that are out (design.md 8.3). */
export function MinimumGuardAlert({ warning }: { warning: string | null }) {
  if (!warning) return null;
  return (
    <Alert color="orange" variant="light" p="sm" data-testid="minimum-guard">
      {warning}
    </Alert>
  );
}

/**
 * This order's choice for a line that is out or low (design.md 8.3): a native select, the
 * phone's own picker under a thumb; it starts at the customer's preference for the product.
 */
export function SubstitutionSelect({
  code,
  description,
  value,
  onChange,
  focusOnMount = false,
}: {
  code: string;
  description: string;
  value: Substitution;
  onChange: (code: string, value: Substitution) => void;
  /** Opened by a tap on "If out: ...": the focus moves from that button, now gone, to here. */
  focusOnMount?: boolean;
}) {
  const ref = useRef<HTMLSelectElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when it appears.
  useEffect(() => {
    if (focusOnMount) ref.current?.focus();
  }, []);
  return (
    <NativeSelect
      ref={ref}
      mt={4}
      size="sm"
      maw={260}
      label={`If ${description} is out`}
      styles={{ label: { fontSize: 'var(--mantine-font-size-xs)' }, input: { minHeight: 44 } }}
      data={SUBSTITUTIONS.map((s) => ({ value: s, label: substitutionLabel[s] }))}
      value={value}
      onChange={(e) => onChange(code, e.currentTarget.value as Substitution)}
      data-testid={`substitution-${code}`}
    />
  );
}
