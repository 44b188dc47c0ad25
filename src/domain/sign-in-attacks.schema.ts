import { z } from 'zod';

/** GET /api/v1/SignInAttacks: what the sign-in limits saw in the last 24 hours (decision 021). */
export const SignInAttacksSchema = z.object({
  /** 24 entries, oldest first; `Hour` is the start of the hour (ISO 8601). */
  Hours: z.array(z.object({ Hour: z.string(), Failed: z.number().int(), Blocked: z.number().int() })),
  /** The accounts with the most failed sign-ins, most first. */
  Accounts: z.array(
    z.object({ Kind: z.enum(['customer', 'admin']), Account: z.string(), Failed: z.number().int() }),
  ),
  /** How many accounts had a failed sign-in. */
  AccountsWithFailures: z.number().int(),
});
export type SignInAttacks = z.infer<typeof SignInAttacksSchema>;
