import { createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { isoCBOR } from '@simplewebauthn/server/helpers';

type Cbor = Parameters<typeof isoCBOR.encode>[0];

/**
 * A passkey authenticator in software, for API tests (decision 069): an ES256 key pair, "none"
 * attestation, the authenticator data and CBOR a device would make (WebAuthn Level 3, 6.1 and
 * 6.5). It signs whatever options it is given; `origin` is the page the browser would report.
 * Its counter stays 0 unless told, as synced passkeys' does; `counter` starts it elsewhere (the
 * signature counter is an unsigned 32-bit number, WebAuthn Level 3, 6.1).
 */
export function testAuthenticator(opts: { counting?: boolean; counter?: number } = {}) {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' });
  const credentialId = randomBytes(16);
  let userHandle = '';
  let counter = opts.counter ?? 0;

  const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
  const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();
  const clientData = (type: string, challenge: string, origin: string) =>
    Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  const counterBytes = () => {
    const b = Buffer.alloc(4);
    b.writeUInt32BE(counter);
    return b;
  };
  // Flags: user present (0x01), user verified (0x04), attested credential data (0x40).
  const UP_UV = 0x05;
  const AT = 0x40;

  return {
    credentialId: b64(credentialId),

    /** Sets the signature counter, as a copied key's would be: behind the original's. */
    setCounter(value: number) {
      counter = value;
    },

    /** What navigator.credentials.create() answers, as @simplewebauthn/browser sends it. */
    register(options: PublicKeyCredentialCreationOptionsJSON, origin: string): RegistrationResponseJSON {
      userHandle = options.user.id;
      const coseKey = new Map<number, Cbor>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, Buffer.from(jwk.x!, 'base64url')],
        [-3, Buffer.from(jwk.y!, 'base64url')],
      ]);
      const idLength = Buffer.alloc(2);
      idLength.writeUInt16BE(credentialId.length);
      const authData = Buffer.concat([
        sha256(options.rp.id!),
        Buffer.from([UP_UV | AT]),
        counterBytes(),
        Buffer.alloc(16), // AAGUID: none
        idLength,
        credentialId,
        Buffer.from(isoCBOR.encode(coseKey)),
      ]);
      const attestationObject = isoCBOR.encode(
        new Map<string, Cbor>([
          ['fmt', 'none'],
          ['attStmt', new Map()],
          ['authData', new Uint8Array(authData)],
        ]),
      );
      return {
        id: b64(credentialId),
        rawId: b64(credentialId),
        type: 'public-key',
        response: {
          clientDataJSON: b64(clientData('webauthn.create', options.challenge, origin)),
          attestationObject: b64(attestationObject),
          transports: ['internal'],
        },
        authenticatorAttachment: 'platform',
        clientExtensionResults: {},
      };
    },

    /** What navigator.credentials.get() answers for this passkey. */
    authenticate(
      options: PublicKeyCredentialRequestOptionsJSON,
      origin: string,
      rpId = options.rpId!,
    ): AuthenticationResponseJSON {
      if (opts.counting) counter += 1;
      const authData = Buffer.concat([sha256(rpId), Buffer.from([UP_UV]), counterBytes()]);
      const clientDataJSON = clientData('webauthn.get', options.challenge, origin);
      const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), privateKey);
      return {
        id: b64(credentialId),
        rawId: b64(credentialId),
        type: 'public-key',
        response: {
          clientDataJSON: b64(clientDataJSON),
          authenticatorData: b64(authData),
          signature: b64(signature),
          userHandle,
        },
        authenticatorAttachment: 'platform',
        clientExtensionResults: {},
      };
    },
  };
}
