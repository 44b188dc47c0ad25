import { z } from 'zod';
import { PersonSchema, VenueRoleSchema, VenueSchema } from './people.schema';

export {
  type AdminLogin,
  AdminLoginSchema,
  adminLoginMessages,
  type CustomerLogin,
  CustomerLoginSchema,
  customerLoginMessages,
  tooManyAttemptsMessage,
} from './login.schema';

/** The signed-in customer as the API returns it (no secrets: the zip code is the customer's own). */
export const SessionCustomerSchema = z.object({
  Id: z.number().int(),
  CompanyId: z.number().int(),
  CustomerTypeId: z.number().int(),
  Name: z.string(),
  Zipcode: z.number().int(),
  IsActive: z.boolean(),
});
export type SessionCustomer = z.infer<typeof SessionCustomerSchema>;

/** An admin user as the API returns it: never a password or its hash. */
export const SessionUserSchema = z.object({
  Id: z.number().int(),
  Name: z.string(),
  UserName: z.string(),
  Company: z.string(),
  Email: z.string(),
  Phone: z.string(),
  Fax: z.string(),
  IsActive: z.boolean(),
});
export type SessionUser = z.infer<typeof SessionUserSchema>;

export const SessionSchema = z.object({
  Role: z.enum(['customer', 'admin']).nullable(),
  Customer: SessionCustomerSchema.nullable(),
  User: SessionUserSchema.nullable(),
  /** The person signed in for the venue (design.md 8.2); null for the shared sign-in and staff. */
  Person: PersonSchema.nullable(),
  /** The caller's role at the venue: the shared sign-in is an Orderer; null for staff and nobody. */
  VenueRole: VenueRoleSchema.nullable(),
  /** The person's venues to switch between; empty for everyone else. */
  Venues: z.array(VenueSchema),
});
export type Session = z.infer<typeof SessionSchema>;

/** One signed-in device of the caller (GET Sessions, decision 066). */
export const DeviceSessionSchema = z.object({
  Id: z.string(),
  /** "Chrome on Android", from the device's User-Agent at sign-in. */
  Device: z.string(),
  /** ISO timestamp, moved on at most once a minute. */
  LastSeen: z.string(),
  /** This device. */
  Current: z.boolean(),
});
export type DeviceSession = z.infer<typeof DeviceSessionSchema>;

/** The error body of every non-2xx answer (design.md section 2). */
export const ApiErrorSchema = z.object({
  ErrorMessage: z.string(),
  Errors: z.array(z.object({ Field: z.string(), Message: z.string() })).optional(),
});
export type ApiError = z.infer<typeof ApiErrorSchema>;

export const FooterSchema = z.object({ Footer: z.string() });
