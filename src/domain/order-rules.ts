import { businessToday } from './business-date';
import { type DeliveryDateContext, earliestDeliveryDate, type HolidayLookup } from './delivery-date';

/** The customer type's rules and the clock an order is checked against. */

export interface CustomerTypeRules {
  Id: number;
  LeadHours: number;
  CutoffHours: number;
  CutoffMinutes: number;
  /** The order minimum in cases in all (design.md 7.11); 0 or absent is none. */
  MinimumCases?: number;
}

export interface OrderRulesContext {
  now: Date;
  /** The business time zone (BUSINESS_TZ). */
  tz: string;
  customerType: CustomerTypeRules;
  /** Days without deliveries (design.md 7.2); POST Order reads the requested date's only. */
  holidays?: HolidayLookup;
  /**
   * Staff accept a date inside the lead time (design.md 7.5): the earliest date is today, and
   * Sundays, holidays and type-1 Saturdays stay refused. The same override, with the same
   * reason, lets the order go below the type's minimum (design.md 7.11, decision 050). Never
   * set for a customer's own order.
   */
  overrideLeadTime?: boolean;
  /** The customer's license expiry (design.md 8.2, decision 067); absent or null: no rule. */
  licenseExpires?: string | null;
  /** Staff accept a delivery date after the license expired, with the same reason. Never a customer's. */
  overrideLicense?: boolean;
}

/** What the date picker and `orderInputSchemaFor` need for the signed-in customer at `now`. */
export function deliveryDateContext({
  now,
  tz,
  customerType,
  holidays,
  overrideLeadTime,
  licenseExpires,
  overrideLicense,
}: OrderRulesContext): DeliveryDateContext {
  const earliest = overrideLeadTime
    ? businessToday(now, tz)
    : earliestDeliveryDate({
        now,
        tz,
        leadHours: customerType.LeadHours,
        cutoffHours: customerType.CutoffHours,
        cutoffMinutes: customerType.CutoffMinutes,
      });
  return {
    earliest,
    customerTypeId: customerType.Id,
    ...(holidays ? { holidays } : {}),
    ...(overrideLeadTime ? { overrideLeadTime: true } : {}),
    ...(licenseExpires ? { licenseExpires } : {}),
    ...(overrideLicense ? { overrideLicense: true } : {}),
  };
}
