import { Text, type TextProps } from '@mantine/core';
import { useEffect, useState } from 'react';
import { BUSINESS_TZ } from '../../features/order/order-time';
import { caughtUp, useInitialNow } from '../../ssr/render-context';

/**
 * Spec sections 2 and 9: the top bar's clock, MM/DD/YYYY hh:mm:ss A, refreshed every 5 seconds,
 * on the business clock (BUSINESS_TZ) with its zone, as cutoffs, order dates and delivery dates
 * are: a customer travelling, or a phone set to another zone, reads the time the cutoff uses
 * (issue 17, item 4).
 */
export const CLOCK_REFRESH_MS = 5_000;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(tz: string): Intl.DateTimeFormat {
  let f = formatters.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: tz,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h12',
      timeZoneName: 'short',
    });
    formatters.set(tz, f);
  }
  return f;
}

/**
 * The zone as people name it on a clock: the US zones' standard and daylight names (CST, CDT)
 * become the zone's (CT), whatever the season; any other zone is named as Intl names it.
 */
export function zoneLabel(shortName: string): string {
  const us = /^(E|C|M|P|AK)[SD]T$/.exec(shortName);
  return us ? `${us[1]}T` : shortName;
}

/** '11/24/2026 05:28:07 PM CT': the instant on the business clock, with its zone. */
export function formatBusinessClock(now: Date, tz: string = BUSINESS_TZ): string {
  const p: Record<string, string> = {};
  for (const part of formatter(tz).formatToParts(now)) p[part.type] = part.value;
  const hour = p.hour === '00' ? '12' : p.hour;
  return `${p.month}/${p.day}/${p.year} ${hour}:${p.minute}:${p.second} ${(p.dayPeriod ?? '').toUpperCase()} ${zoneLabel(p.timeZoneName ?? '')}`.trim();
}

export function Clock(props: TextProps) {
  const [now, setNow] = useState(new Date(useInitialNow()));
  useEffect(() => {
    setNow(caughtUp);
    const timer = window.setInterval(() => setNow(new Date()), CLOCK_REFRESH_MS);
    return () => window.clearInterval(timer);
  }, []);
  return (
    <Text component="time" dateTime={now.toISOString()} {...props}>
      {formatBusinessClock(now)}
    </Text>
  );
}
