import { z } from 'zod';

/** Spec section 5: the customer signs in with a 4-digit customer number and a 5-digit zip code. */
export const customerLoginMessages = {
  companyId: 'Valid Customer Number is required',
  zipcode: 'Zip Code is required',
  failed: 'Invalid Customer Number and/or Zip Code',
} as const;

export const adminLoginMessages = {
  user: 'User Name is required',
  password: 'Password is required',
  failed: 'Invalid User Name or Password',
} as const;

export const tooManyAttemptsMessage =
  'Too many failed sign-in attempts. Please wait a few minutes and try again.';

export const CustomerLoginSchema = z.object({
  CompanyId: z.coerce
    .number({ message: customerLoginMessages.companyId })
    .int(customerLoginMessages.companyId)
    .min(1, customerLoginMessages.companyId)
    .max(9999, customerLoginMessages.companyId),
  Zipcode: z.coerce
    .number({ message: customerLoginMessages.zipcode })
    .int(customerLoginMessages.zipcode)
    .min(1, customerLoginMessages.zipcode)
    .max(99999, customerLoginMessages.zipcode),
});
export type CustomerLogin = z.infer<typeof CustomerLoginSchema>;

export const AdminLoginSchema = z.object({
  User: z.string({ message: adminLoginMessages.user }).trim().min(1, adminLoginMessages.user).max(64),
  Password: z.string({ message: adminLoginMessages.password }).min(1, adminLoginMessages.password).max(256),
});
export type AdminLogin = z.infer<typeof AdminLoginSchema>;

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
});
export type Session = z.infer<typeof SessionSchema>;

/** The error body of every non-2xx answer (design.md section 2). */
export const ApiErrorSchema = z.object({
  ErrorMessage: z.string(),
  Errors: z.array(z.object({ Field: z.string(), Message: z.string() })).optional(),
});
export type ApiError = z.infer<typeof ApiErrorSchema>;

export const FooterSchema = z.object({ Footer: z.string() });
