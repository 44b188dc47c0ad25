import { z } from 'zod';
import { emailError } from './order-fields';
import { personSignInMessages } from './sign-in-code';
import { VENUE_ROLES } from './venue-roles';

/** People and their sign-in in the API (design.md 8.2, decision 068). */

const NAME_MAX = 100;

const EmailField = z
  .string({ error: personSignInMessages.email })
  .trim()
  .superRefine((value, ctx) => {
    const message = emailError(value);
    if (message !== null) ctx.addIssue({ code: 'custom', message });
  });

export const SignInCodeSchema = z.object({ Email: EmailField });

export const SignInPersonSchema = z.object({
  Email: EmailField,
  Code: z.string({ error: personSignInMessages.code }).max(20, { error: personSignInMessages.code }),
});

export const VenueRoleSchema = z.enum(VENUE_ROLES, { error: 'Role must be Owner, Orderer or Counter' });

export const VenueSchema = z.object({
  CustomerId: z.number().int(),
  CompanyId: z.number().int(),
  Name: z.string(),
  Role: VenueRoleSchema,
});
export type Venue = z.infer<typeof VenueSchema>;

export const PersonSchema = z.object({ Id: z.number().int(), Name: z.string(), Email: z.string() });

/** The answer of a person's sign-in (by code, invitation or passkey). */
export const PersonSignedInSchema = z.object({ Person: PersonSchema, Venues: z.array(VenueSchema) });
export type PersonSignedIn = z.infer<typeof PersonSignedInSchema>;

export const PickVenueSchema = z.object({
  CustomerId: z
    .number({ error: 'CustomerId must be a number' })
    .int({ error: 'CustomerId must be a number' }),
});

/** Someone with access to a venue, as its Owner and staff see them. */
export const VenuePersonSchema = z.object({
  Id: z.number().int(),
  Name: z.string(),
  Email: z.string(),
  Role: VenueRoleSchema,
});
export type VenuePerson = z.infer<typeof VenuePersonSchema>;

export const InvitePersonSchema = z.object({
  Email: EmailField,
  Name: z
    .string({ error: 'Name is required' })
    .trim()
    .min(1, { error: 'Name is required' })
    .max(NAME_MAX, { error: `Name must be at most ${NAME_MAX} characters` }),
  Role: VenueRoleSchema,
});
export type InvitePerson = z.infer<typeof InvitePersonSchema>;

export const ChangeRoleSchema = z.object({ Role: VenueRoleSchema });

export const AcceptInvitationSchema = z.object({
  Token: z.string({ error: 'Token is required' }).max(200, { error: 'Token is required' }),
});

export const SharedSignInSchema = z.object({
  SharedSignIn: z.boolean({ error: 'SharedSignIn must be true or false' }),
});

export const peopleMessages = {
  invitationInvalid:
    'This invitation has expired or was already used: ask for a new one, or sign in with your email',
  alreadyThere: (email: string) => `${email} already has access to this venue`,
  lastOwner: 'A venue keeps at least one Owner: make someone else Owner first',
} as const;
