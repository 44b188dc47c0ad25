import { z } from 'zod';

/** Passkeys in the API (design.md 8.2, decision 069); their rules and words are in passkeys.ts. */

// What @simplewebauthn/browser sends back: base64url fields of bounded length. The server's
// verification reads everything inside them; these bounds only keep the body small.
const base64url = (max: number) =>
  z
    .string({ error: 'Response is not a passkey answer' })
    .max(max, { error: 'Response is not a passkey answer' })
    .regex(/^[A-Za-z0-9_-]*$/, { error: 'Response is not a passkey answer' });

/** A credential id is at most 1023 bytes (WebAuthn Level 3, 5.1): 1364 base64url characters. */
const credentialId = base64url(1400);
const common = {
  id: credentialId,
  rawId: credentialId,
  type: z.literal('public-key', { error: 'Response is not a passkey answer' }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: z.record(z.string().max(100), z.unknown()).default({}),
};

export const RegistrationResponseSchema = z.object({
  ...common,
  response: z.object({
    clientDataJSON: base64url(4000),
    attestationObject: base64url(32_000),
    authenticatorData: base64url(16_000).optional(),
    transports: z.array(z.string().max(20)).max(10).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: base64url(4000).optional(),
  }),
});

export const AuthenticationResponseSchema = z.object({
  ...common,
  response: z.object({
    clientDataJSON: base64url(4000),
    authenticatorData: base64url(16_000),
    signature: base64url(4000),
    userHandle: base64url(200).optional(),
  }),
});

export const AddPasskeySchema = z.object({ Response: RegistrationResponseSchema });
export const PasskeySignInSchema = z.object({ Response: AuthenticationResponseSchema });

/** One of a person's passkeys, as their Signed-in Devices dialog lists it. */
export const PasskeySchema = z.object({
  Id: z.string(),
  /** The device it was added on ("Chrome on Android"). */
  Device: z.string(),
  CreatedAt: z.string(),
  /** Its last sign-in, or null when it has signed in nobody yet. */
  LastUsed: z.string().nullable(),
});
export type Passkey = z.infer<typeof PasskeySchema>;

// The options are @simplewebauthn/server's (decision 069), passed to the browser as they are. Each
// field it sends is named here: the answer keeps only what its schema names.
const descriptor = z.object({ id: z.string(), type: z.string(), transports: z.array(z.string()).optional() });

export const RegistrationOptionsSchema = z.object({
  challenge: z.string(),
  rp: z.object({ name: z.string(), id: z.string().optional() }),
  user: z.object({ id: z.string(), name: z.string(), displayName: z.string() }),
  pubKeyCredParams: z.array(z.object({ alg: z.number(), type: z.string() })),
  timeout: z.number().optional(),
  attestation: z.string().optional(),
  excludeCredentials: z.array(descriptor).optional(),
  authenticatorSelection: z
    .object({
      authenticatorAttachment: z.string().optional(),
      residentKey: z.string().optional(),
      requireResidentKey: z.boolean().optional(),
      userVerification: z.string().optional(),
    })
    .optional(),
  extensions: z.object({ credProps: z.boolean().optional() }).optional(),
  hints: z.array(z.string()).optional(),
});

export const AuthenticationOptionsSchema = z.object({
  challenge: z.string(),
  rpId: z.string().optional(),
  timeout: z.number().optional(),
  userVerification: z.string().optional(),
  allowCredentials: z.array(descriptor).optional(),
  hints: z.array(z.string()).optional(),
});
