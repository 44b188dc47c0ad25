import { and, asc, eq, lte } from 'drizzle-orm';
import { addDays } from '../../../domain/business-date.js';
import { LICENSES_EXPIRING_MAX, type LicenseExpiring } from '../../../domain/dashboard.schema.js';
import { isLicenseExpired, LICENSE_WARNING_DAYS } from '../../../domain/license.js';
import type { DbOrTx } from '../../db/client.js';
import { customers } from '../../db/schema.js';

/**
 * The dashboard's liquor licenses (design.md 8.2, decision 067): active customers whose license
 * expires within 30 days of `today` or has expired, soonest first (the expired ones lead), at
 * most 100, and how many in all. An inactive customer cannot order, so it is left out.
 */
export async function licensesExpiring(
  db: DbOrTx,
  today: string,
): Promise<{ list: LicenseExpiring[]; total: number }> {
  const due = and(
    eq(customers.isActive, true),
    lte(customers.licenseExpires, addDays(today, LICENSE_WARNING_DAYS)),
  );
  const [rows, total] = await Promise.all([
    db
      .select({
        CustomerId: customers.id,
        CompanyId: customers.companyId,
        Name: customers.name,
        LicenseNumber: customers.licenseNumber,
        LicenseExpires: customers.licenseExpires,
      })
      .from(customers)
      .where(due)
      .orderBy(asc(customers.licenseExpires), asc(customers.name), asc(customers.id))
      .limit(LICENSES_EXPIRING_MAX),
    db.$count(customers, due),
  ]);
  const list = rows.map((r) => {
    const expires = r.LicenseExpires!; // the condition leaves out customers without one
    return { ...r, LicenseExpires: expires, Expired: isLicenseExpired(expires, today) };
  });
  return { list, total };
}
