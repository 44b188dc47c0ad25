import { z } from 'zod/mini';
import {
  adminLoginMessages,
  customerLoginMessages,
  digitsOnly,
  PASSWORD_MAX,
  USER_NAME_MAX,
  zipPlusFour,
} from './login-rules';

export {
  adminLoginMessages,
  customerLoginMessages,
  tooManyAttemptsMessage,
} from './login-rules';

/**
 * The API's sign-in bodies. The login pages check the same rules with the plain functions of
 * login-rules.ts (no zod on the first page); login-rules.test.ts proves both agree.
 */

/**
 * A whole number from `min` to `max`, given as a JSON number or as form text of digits; one
 * message for every way it is wrong. Not `coerce`: that turned `[53202]`, `true` or `"0x1F"`
 * into numbers (issue 15).
 */
const wholeNumber = (min: number, max: number, message: string) =>
  z
    .pipe(
      z.pipe(
        z.union(
          [
            z.number({ error: message }),
            z.string({ error: message }).check(z.regex(digitsOnly, { error: message })),
          ],
          { error: message },
        ),
        z.transform((v: number | string) => Number(v)),
      ),
      z.int({ error: message }),
    )
    .check(z.minimum(min, { error: message }), z.maximum(max, { error: message }));

/** A ZIP+4 ('60601-1234'), as the customers import accepts it: its 5-digit part (issue 43). */
const zipPlusFourPart = z.pipe(
  z.string().check(z.regex(zipPlusFour)),
  z.transform((v: string) => Number(zipPlusFour.exec(v)![1])),
);

export const CustomerLoginSchema = z.object({
  CompanyId: wholeNumber(1, 9999, customerLoginMessages.companyId),
  Zipcode: z.union([zipPlusFourPart, wholeNumber(1, 99999, customerLoginMessages.zipcode)], {
    error: customerLoginMessages.zipcode,
  }),
});
export type CustomerLogin = z.infer<typeof CustomerLoginSchema>;

export const AdminLoginSchema = z.object({
  User: z
    .string({ error: adminLoginMessages.user })
    .check(
      z.trim(),
      z.minLength(1, { error: adminLoginMessages.user }),
      z.maxLength(USER_NAME_MAX, { error: adminLoginMessages.userTooLong }),
    ),
  Password: z
    .string({ error: adminLoginMessages.password })
    .check(
      z.minLength(1, { error: adminLoginMessages.password }),
      z.maxLength(PASSWORD_MAX, { error: adminLoginMessages.passwordTooLong }),
    ),
});
export type AdminLogin = z.infer<typeof AdminLoginSchema>;
