import { z } from 'zod';
import { SessionUserSchema } from './auth.schema';
import { emailError } from './order.schema';
import { optionalPhone, optionalText, requiredText, SaveIdField } from './schema-fields';
import { normalizeUserName, userNameError } from './user-name';

/** Staff users of the maintenance site (design.md 5.9). Passwords go in, never out. */

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 256;
export const USER_NAME_MAX = 64;

export const userMessages = {
  passwordRequired: 'Password is required',
  passwordTooShort: `Password must be at least ${PASSWORD_MIN} characters`,
  passwordTooLong: `Password must be at most ${PASSWORD_MAX} characters`,
  userNameTaken: 'User Name already exists',
  cannotDeactivateSelf: 'You cannot deactivate your own user',
  cannotDeleteSelf: 'You cannot delete your own user',
} as const;

/** A user as the API returns it: the signed-in admin's shape, never a password or its hash. */
export const UserSchema = SessionUserSchema;
export type User = z.infer<typeof UserSchema>;

/**
 * POST /User: Id 0 or absent creates (Password required), any other Id updates; a
 * Password on an update resets it, an empty or absent one leaves it as it is.
 */
export const UserSaveSchema = z
  .object({
    Id: SaveIdField,
    Name: optionalText('Name', 100),
    UserName: requiredText('User Name', USER_NAME_MAX)
      .transform(normalizeUserName)
      .superRefine((name, ctx) => {
        const message = userNameError(name);
        if (message) ctx.addIssue({ code: 'custom', message });
      }),
    // Not trimmed: spaces are part of a password.
    Password: z
      .string({ error: userMessages.passwordRequired })
      .max(PASSWORD_MAX, userMessages.passwordTooLong)
      .refine((p) => p === '' || p.length >= PASSWORD_MIN, userMessages.passwordTooShort)
      .nullish()
      .transform((p) => p || null),
    Company: optionalText('Company', 100),
    Email: optionalText('Email', 254).superRefine((email, ctx) => {
      const message = email === '' ? null : emailError(email);
      if (message) ctx.addIssue({ code: 'custom', message });
    }),
    Phone: optionalPhone('Phone'),
    Fax: optionalPhone('Fax'),
    IsActive: z.boolean({ error: 'Active must be true or false' }).default(true),
  })
  .superRefine((user, ctx) => {
    if (user.Id === 0 && user.Password === null) {
      ctx.addIssue({ code: 'custom', path: ['Password'], message: userMessages.passwordRequired });
    }
  });
export type UserSaveInput = z.input<typeof UserSaveSchema>;
export type UserSave = z.output<typeof UserSaveSchema>;
