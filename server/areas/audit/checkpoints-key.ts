import {
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  type KeyObject,
} from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { exists } from './checkpoints-file.ts';
import type { CheckpointPlaces } from './checkpoints-places.ts';

/**
 * The checkpoints' Ed25519 key pair: the private key in a file of its own (mode 0600, made on
 * first use), the public key beside the checkpoints, so that whoever verifies needs no secret. A
 * private key that does not belong to the checkpoints already written is refused, never replaced:
 * lines signed by another key would read as forged.
 */
export interface SigningKey {
  privateKey: KeyObject;
  publicKey: KeyObject;
  /** `SHA256:` and the base64 digest of the public key (SPKI DER): to compare with a copy kept apart. */
  fingerprint: string;
}

export function fingerprintOf(publicKey: KeyObject): string {
  const der = publicKey.export({ type: 'spki', format: 'der' });
  return `SHA256:${createHash('sha256').update(der).digest('base64').replace(/=+$/, '')}`;
}

async function readIfThere(file: string): Promise<string | null> {
  try {
    return await fs.readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/** Writes a file that must not be there yet; answers what the file holds (another's, if it won). */
async function writeNew(file: string, text: string, mode: number): Promise<string> {
  try {
    await fs.writeFile(file, text, { mode, flag: 'wx' });
    return text;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return fs.readFile(file, 'utf8');
  }
}

/** The private key of `places`, made (with its public key beside the checkpoints) when there is none. */
export async function signingKey(places: CheckpointPlaces): Promise<SigningKey> {
  let pem = await readIfThere(places.keyFile);
  if (pem === null) {
    if ((await exists(places.publicKeyFile)) || (await exists(places.file)))
      throw new Error(
        `the signing key ${places.keyFile} is missing, but ${places.dir} holds checkpoints signed with one: ` +
          'restore the key, or move the folder aside to start a new one',
      );
    const made = generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' });
    await fs.mkdir(path.dirname(places.keyFile), { recursive: true, mode: 0o700 });
    pem = await writeNew(places.keyFile, String(made), 0o600);
  }
  const privateKey = createPrivateKey(pem);
  if (privateKey.asymmetricKeyType !== 'ed25519')
    throw new Error(`${places.keyFile} is not an Ed25519 private key`);
  const publicKey = createPublicKey(privateKey);
  const publicPem = String(publicKey.export({ type: 'spki', format: 'pem' }));
  await fs.mkdir(places.dir, { recursive: true });
  const written =
    (await readIfThere(places.publicKeyFile)) ?? (await writeNew(places.publicKeyFile, publicPem, 0o644));
  if (!sameKey(written, publicKey))
    throw new Error(
      `the signing key ${places.keyFile} is not the one of the checkpoints in ${places.dir} ` +
        `(${places.publicKeyFile}): restore that key, or move the folder aside to start a new one`,
    );
  return { privateKey, publicKey, fingerprint: fingerprintOf(publicKey) };
}

function sameKey(pem: string, key: KeyObject): boolean {
  try {
    return createPublicKey(pem).equals(key);
  } catch {
    return false;
  }
}

/** The public key beside the checkpoints, or null when none was written; throws on a file that is not one. */
export async function publicKeyOf(places: CheckpointPlaces): Promise<{ pem: string; key: KeyObject } | null> {
  const pem = await readIfThere(places.publicKeyFile);
  if (pem === null) return null;
  let key: KeyObject;
  try {
    key = createPublicKey(pem);
  } catch {
    throw new Error(`${places.publicKeyFile} is not a public key`);
  }
  if (key.asymmetricKeyType !== 'ed25519')
    throw new Error(`${places.publicKeyFile} is not an Ed25519 public key`);
  return { pem, key };
}
