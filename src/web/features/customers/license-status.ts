import { daysBetween } from '../../../domain/business-date';
import { formatUsDate } from '../../../domain/delivery-calendar.schema';
import { isLicenseExpired } from '../../../domain/license';

/**
 * A liquor license's expiry as staff read it (design.md 8.2), on the customer view and the
 * dashboard: 'Expired on 11/20/2026', 'Expires today, 11/25/2026', 'Expires 12/18/2026, in 23
 * days'. `today` is the business date the server's answer gives or the screen's clock.
 */
export function licenseStatus(expires: string, today: string): { expired: boolean; text: string } {
  const date = formatUsDate(expires);
  if (isLicenseExpired(expires, today)) return { expired: true, text: `Expired on ${date}` };
  const days = daysBetween(today, expires);
  if (days === 0) return { expired: false, text: `Expires today, ${date}` };
  return { expired: false, text: `Expires ${date}, ${days === 1 ? 'tomorrow' : `in ${days} days`}` };
}
