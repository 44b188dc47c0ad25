import { Text, type TextProps } from '@mantine/core';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';

/** Spec sections 2 and 9: the top bar's clock, MM/DD/YYYY hh:mm:ss A, refreshed every 5 seconds. */
export const CLOCK_FORMAT = 'MM/DD/YYYY hh:mm:ss A';
export const CLOCK_REFRESH_MS = 5_000;

export function Clock(props: TextProps) {
  const [now, setNow] = useState(() => dayjs());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(dayjs()), CLOCK_REFRESH_MS);
    return () => window.clearInterval(timer);
  }, []);
  return (
    <Text component="time" dateTime={now.toISOString()} {...props}>
      {now.format(CLOCK_FORMAT)}
    </Text>
  );
}
