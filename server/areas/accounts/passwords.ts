import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

/** Production cost: N = 2^14, r = 8, p = 1 (about 16 MB and tens of milliseconds per hash). */
export const SCRYPT_N = 16384;
const R = 8;
const P = 1;
const KEYLEN = 32;
/** Stored hashes outside these bounds are refused rather than run (a bad row must not stall the server). */
const MAX_N = 1 << 17;
const MAX_R = 16;
const MAX_P = 4;

function derive(password: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, KEYLEN, { N: n, r, p, maxmem: 256 * 1024 * 1024 }, (err, key) =>
      err ? reject(err) : resolve(key),
    );
  });
}

/**
 * `scrypt$N$r$p$salt$hash` (base64url), verified in constant time by verifyPassword. The cost
 * travels with each hash; `cost` exists for test fixtures only (production always uses SCRYPT_N).
 */
export async function hashPassword(password: string, options: { cost?: number } = {}): Promise<string> {
  const n = options.cost ?? SCRYPT_N;
  const salt = randomBytes(16);
  const key = await derive(password, salt, n, R, P);
  return `scrypt$${n}$${R}$${P}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

const isPowerOfTwo = (n: number) => Number.isInteger(n) && n > 1 && (n & (n - 1)) === 0;

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) return false;
  const [cost, blockSize, parallel] = [Number(n), Number(r), Number(p)];
  if (!isPowerOfTwo(cost) || cost > MAX_N) return false;
  if (!Number.isInteger(blockSize) || blockSize < 1 || blockSize > MAX_R) return false;
  if (!Number.isInteger(parallel) || parallel < 1 || parallel > MAX_P) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await derive(password, Buffer.from(salt, 'base64url'), cost, blockSize, parallel);
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** A stored hash to compare against when the username is unknown, so timing tells nothing. */
let dummy: Promise<string> | undefined;
export function dummyHash(): Promise<string> {
  dummy ??= hashPassword('no-such-user-password');
  return dummy;
}
