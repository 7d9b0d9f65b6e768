import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';
import { isoBase64URL, isoCBOR } from '@simplewebauthn/server/helpers';
import type { PasskeyCredential } from '../../src/contract/passkeys/schemas.ts';
import type { TestApp } from './test-app.ts';

/**
 * A software authenticator for the server's passkey tests: an ES256 (P-256) key, attestation
 * `none`, what a browser with a platform authenticator answers, made by the rules of WebAuthn
 * Level 3 (§6.1 authenticator data, §6.5.1 attested credential data, §7 the client data) with
 * `@simplewebauthn/server`'s own CBOR and base64url helpers. The browser's part (the origin in the
 * client data) is the test's to choose, so a test can play a phishing page.
 */
export interface SoftKey {
  id: Uint8Array<ArrayBuffer>;
  privateKey: KeyObject;
  publicKey: KeyObject;
  counter: number;
}

export function softKey(): SoftKey {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  return {
    id: new Uint8Array(randomBytes(16)) as Uint8Array<ArrayBuffer>,
    privateKey,
    publicKey,
    counter: 0,
  };
}

const sha256 = (data: Uint8Array | string) => new Uint8Array(createHash('sha256').update(data).digest());
const concat = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};
const uint32 = (n: number) => new Uint8Array([(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255]);

/** The key's COSE form (RFC 9053: kty EC2, alg ES256, crv P-256, x, y). */
function coseKey(key: SoftKey): Uint8Array {
  const jwk = key.publicKey.export({ format: 'jwk' });
  return isoCBOR.encode(
    new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, isoBase64URL.toBuffer(jwk.x ?? '')],
      [-3, isoBase64URL.toBuffer(jwk.y ?? '')],
    ]),
  );
}

const clientData = (type: 'webauthn.create' | 'webauthn.get', challenge: string, origin: string) =>
  JSON.stringify({ type, challenge, origin, crossOrigin: false });

export interface Play {
  /** The page's origin as the browser saw it (default the test portal's, http://localhost:8080). */
  origin?: string;
  /** The RP ID the authenticator hashes (default `localhost`). */
  rpId?: string;
}

/** What `startRegistration` answers for `options` (the server's creation options). */
export function attest(key: SoftKey, options: { challenge: string }, play: Play = {}): PasskeyCredential {
  const flags = 0x01 | 0x04 | 0x40; // user present, verified, attested credential data
  const authData = concat(
    sha256(play.rpId ?? 'localhost'),
    new Uint8Array([flags]),
    uint32(key.counter),
    new Uint8Array(16), // AAGUID: none
    new Uint8Array([key.id.length >> 8, key.id.length & 255]),
    key.id,
    coseKey(key),
  );
  const attestationObject = isoCBOR.encode(
    new Map<string, string | Uint8Array | Map<string, string>>([
      ['fmt', 'none'],
      ['attStmt', new Map<string, string>()],
      ['authData', authData],
    ]),
  );
  const id = isoBase64URL.fromBuffer(key.id);
  return {
    id,
    rawId: id,
    type: 'public-key',
    response: {
      clientDataJSON: isoBase64URL.fromUTF8String(
        clientData('webauthn.create', options.challenge, play.origin ?? 'http://localhost:8080'),
      ),
      attestationObject: isoBase64URL.fromBuffer(attestationObject),
      transports: ['internal'],
    },
    clientExtensionResults: {},
    authenticatorAttachment: 'platform',
  };
}

/** What `startAuthentication` answers for `options`; the key's counter goes up by one first. */
export function assertion(key: SoftKey, options: { challenge: string }, play: Play = {}): PasskeyCredential {
  key.counter += 1;
  const authData = concat(
    sha256(play.rpId ?? 'localhost'),
    new Uint8Array([0x01 | 0x04]),
    uint32(key.counter),
  );
  const json = clientData('webauthn.get', options.challenge, play.origin ?? 'http://localhost:8080');
  const signature = sign('sha256', concat(authData, sha256(json)), key.privateKey);
  const id = isoBase64URL.fromBuffer(key.id);
  return {
    id,
    rawId: id,
    type: 'public-key',
    response: {
      clientDataJSON: isoBase64URL.fromUTF8String(json),
      authenticatorData: isoBase64URL.fromBuffer(authData),
      signature: isoBase64URL.fromBuffer(new Uint8Array(signature)),
    },
    clientExtensionResults: {},
    authenticatorAttachment: 'platform',
  };
}

/** Adds a new soft key to the signed-in person's account through the API; answers the key. */
export async function addPasskey(
  t: TestApp,
  token: string,
  password: string,
  name = 'Laptop',
): Promise<SoftKey> {
  const key = softKey();
  const options = await t.call<{ challenge: string }>('user/passkey-register-options', {
    token,
    body: { password },
  });
  if (options.code !== 0) throw new Error(`passkey-register-options: ${options.code} ${options.message}`);
  const added = await t.call('user/passkey-register', {
    token,
    body: { name, credential: attest(key, options.data) },
  });
  if (added.code !== 0) throw new Error(`passkey-register: ${added.code} ${added.message}`);
  return key;
}
