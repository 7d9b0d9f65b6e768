import { createHash, type KeyObject, sign, verify } from 'node:crypto';
import canonicalize from 'canonicalize';
import type { DB } from '../../db/database.ts';
import { appendLine, lastLine } from './checkpoints-file.ts';
import { signingKey } from './checkpoints-key.ts';
import type { CheckpointPlaces } from './checkpoints-places.ts';
import { GENESIS } from './trail.ts';

/**
 * Checkpoints: every chain's tip, written outside the database at intervals and signed (issue 30,
 * docs/decisions/audit-trail.md "Checkpoints outside the database"). The database's owner can
 * switch the trail's triggers off and remove a chain's newest entries, or a whole chain, with its
 * tip; the chain alone cannot show that, a tip kept where that role cannot write does. One JSON
 * line per checkpoint, `{at, chains: [{cu_id, seq, hash}], prev, sig}`: `prev` is the SHA-256 of
 * the line before it (64 zeros for the first), so the file is a chain too; `sig` is the Ed25519
 * signature over the canonical JSON (RFC 8785) of the rest. The same line goes to the log
 * (`[audit] checkpoint …`), for a log shipper to keep a copy.
 */

/** A chain's tip as a checkpoint holds it. */
export interface ChainTip {
  cu_id: number;
  seq: number;
  hash: string;
}

export interface Checkpoint {
  /** When it was written (ISO 8601 UTC, the server's clock). */
  at: string;
  /** Every chain's tip, by customer. */
  chains: ChainTip[];
  /** The SHA-256 (hex) of the line before it, as written, without its newline. */
  prev: string;
  /** Ed25519 over the canonical JSON of `{at, chains, prev}` (base64). */
  sig: string;
}

/** SHA-256 (hex) of a line, as the next line's `prev` holds it. */
export const lineHash = (line: string): string => createHash('sha256').update(line).digest('hex');

function signedBytes(checkpoint: Omit<Checkpoint, 'sig'>): Buffer {
  const { at, chains, prev } = checkpoint;
  return Buffer.from(canonicalize({ at, chains, prev }) as string);
}

/** The line of a checkpoint, signed (canonical JSON: the same content always gives the same line). */
export function signedLine(checkpoint: Omit<Checkpoint, 'sig'>, privateKey: KeyObject): string {
  const sig = sign(null, signedBytes(checkpoint), privateKey).toString('base64');
  return canonicalize({ ...checkpoint, sig }) as string;
}

export const signatureHolds = (checkpoint: Checkpoint, publicKey: KeyObject): boolean =>
  verify(null, signedBytes(checkpoint), publicKey, Buffer.from(checkpoint.sig, 'base64'));

const HEX64 = /^[0-9a-f]{64}$/;
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A line read back as a checkpoint, or null when it is not one (a field the signature does not cover is not one). */
export function parseCheckpoint(text: string): Checkpoint | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isRecord(value) || Object.keys(value).length !== 4) return null;
  const { at, chains, prev, sig } = value;
  if (typeof at !== 'string' || typeof sig !== 'string' || typeof prev !== 'string' || !HEX64.test(prev))
    return null;
  if (!Array.isArray(chains)) return null;
  const tips: ChainTip[] = [];
  for (const tip of chains) {
    if (!isRecord(tip) || Object.keys(tip).length !== 3) return null;
    const { cu_id, seq, hash } = tip;
    if (!Number.isSafeInteger(cu_id) || !Number.isSafeInteger(seq) || (seq as number) < 1) return null;
    if (typeof hash !== 'string' || !HEX64.test(hash)) return null;
    tips.push({ cu_id: cu_id as number, seq: seq as number, hash });
  }
  return { at, chains: tips, prev, sig };
}

/** Every chain's tip now, by customer (one statement: one consistent view). */
export const chainTips = (db: DB): Promise<ChainTip[]> =>
  db
    .selectFrom('audit_heads')
    .select(['cu_id', 'seq', 'hash'])
    .where('seq', '>', 0)
    .orderBy('cu_id')
    .execute();

const sameTips = (a: readonly ChainTip[], b: readonly ChainTip[]): boolean =>
  a.length === b.length &&
  a.every((tip, i) => tip.cu_id === b[i]?.cu_id && tip.seq === b[i]?.seq && tip.hash === b[i]?.hash);

/**
 * Chains that went back since the last checkpoint (fewer entries, or none): said at once in the
 * log; the checkpoint is written all the same (it is what the database holds now), and
 * `audit:verify` names the missing entries from the earlier one.
 */
function sayWentBack(before: readonly ChainTip[], now: readonly ChainTip[]): void {
  const tips = new Map(now.map((tip) => [tip.cu_id, tip.seq]));
  for (const tip of before) {
    const seq = tips.get(tip.cu_id);
    if (seq === undefined || seq < tip.seq)
      console.error(
        `[audit] the chain of customer ${tip.cu_id} ${seq === undefined ? 'is gone' : `is back at place ${seq}`}, ` +
          `but the last checkpoint holds it at place ${tip.seq}: entries were removed (npm run audit:verify names them)`,
      );
  }
}

/**
 * Appends a checkpoint of every chain's tip to `places.file` and prints it, when a tip moved since
 * the last one (nothing when none did, or the trail is empty). Makes the signing key on first use.
 * Answers the line written, or null. Refuses (throws) to go on after a line it cannot read: the
 * next line's `prev` would stand on it.
 */
export async function writeCheckpoint(db: DB, places: CheckpointPlaces, now: Date): Promise<string | null> {
  const last = await lastLine(places.file);
  if (last && !last.complete)
    throw new Error(
      `the last line of ${places.file} is incomplete (a write cut short): remove that part line, then checkpoints go on`,
    );
  const previous = last ? parseCheckpoint(last.text) : null;
  if (last && !previous) throw new Error(`the last line of ${places.file} is not a checkpoint`);
  const chains = await chainTips(db);
  if (previous ? sameTips(previous.chains, chains) : chains.length === 0) return null;
  if (previous) sayWentBack(previous.chains, chains);
  const key = await signingKey(places);
  const line = signedLine(
    { at: now.toISOString(), chains, prev: last ? lineHash(last.text) : GENESIS },
    key.privateKey,
  );
  await appendLine(places.file, line);
  console.log(`[audit] checkpoint ${line}`);
  return line;
}
