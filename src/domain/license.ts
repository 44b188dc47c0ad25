import { addDays } from './business-date';

/**
 * The customer's liquor license (design.md 8.2, decision 067): `LicenseExpires` is the last day
 * a delivery may be made. An order for a later delivery date is refused; the expiry day itself
 * is allowed, and a customer without an expiry date has no rule. Staff may override it with a
 * reason (design.md 7.5's reason). The order schema applies it to the delivery date, so the
 * server refuses what the form shows.
 */

/** A license number as the customers file and the API carry it. */
export const LICENSE_NUMBER_MAX = 40;

/** The staff dashboard lists the licenses that expire within this many days of today (and those expired). */
export const LICENSE_WARNING_DAYS = 30;

/** 'YYYY-MM-DD' → 'MM/DD/YYYY', as the spec writes dates. */
const usDate = (date: string) => `${date.slice(5, 7)}/${date.slice(8, 10)}/${date.slice(0, 4)}`;

export const licenseMessages = {
  /** design.md 8.2's wording, with the expiry date. */
  expired: (expires: string) =>
    `Your liquor license expired on ${usDate(expires)}: please send the renewal to your distributor`,
  overrideInvalid: 'Override License must be true or false',
  staffOnlyOverride: 'Only staff may override the license expiry',
  reasonRequired: 'Override Reason is required to override the license expiry',
} as const;

/** Whether a delivery on `deliveryDate` ('YYYY-MM-DD') is after the license's last day. */
export function isAfterLicense(deliveryDate: string, licenseExpires: string | null | undefined): boolean {
  // ISO dates compare correctly as strings.
  return !!licenseExpires && deliveryDate > licenseExpires;
}

/** The refusal for a delivery after the license expired, or null (no expiry, the day itself, or staff's override). */
export function licenseError(
  deliveryDate: string,
  licenseExpires: string | null | undefined,
  overridden = false,
): string | null {
  return !overridden && isAfterLicense(deliveryDate, licenseExpires)
    ? licenseMessages.expired(licenseExpires!)
    : null;
}

/** Expired: no delivery from today on is allowed (the expiry day was before today). */
export function isLicenseExpired(licenseExpires: string, today: string): boolean {
  return licenseExpires < today;
}

/** What the dashboard lists: a license that has expired or expires within 30 days of today. */
export function licenseExpiresSoon(licenseExpires: string, today: string): boolean {
  return licenseExpires <= addDays(today, LICENSE_WARNING_DAYS);
}
