import { sql } from 'kysely';
import type { DB } from '../../db/database.ts';
import { type ChainTip, lineHash, parseCheckpoint, signatureHolds } from './checkpoints.ts';
import { exists, linesOf } from './checkpoints-file.ts';
import { fingerprintOf, publicKeyOf } from './checkpoints-key.ts';
import type { CheckpointPlaces } from './checkpoints-places.ts';
import { GENESIS } from './trail.ts';
import type { Break } from './verify.ts';

export type CheckpointCheck =
  /** No checkpoint was ever written here. */
  | { kind: 'none' }
  | { kind: 'sound'; lines: number; fingerprint: string }
  /** The file itself is not sound: the line (null: the folder) and why. */
  | { kind: 'file'; line: number | null; why: string }
  /** A place a checkpoint holds is not in the database as it holds it. */
  | { kind: 'trail'; broken: Break };

/** A place a line holds, to be looked up. */
interface Held extends ChainTip {
  line: number;
  at: string;
}

/** Places looked up in one statement. */
const BATCH = 1000;

/**
 * Checks the first `upTo` bytes of the checkpoint file line by line (streamed) as a chain of its
 * own, each line a checkpoint that follows the one before it (`prev`) and carries a signature the
 * public key beside it verifies, and every place the lines hold against the database `db` reads
 * (its snapshot): the entry is there with that hash. A place repeated from the line before (a
 * chain that did not move) is looked up once, so memory stays one place per chain however long
 * the file, and the lookups are as many as the tips that moved (`cuId`: that chain's only).
 */
export async function checkCheckpoints(
  db: DB,
  places: CheckpointPlaces,
  options: { upTo: number; cuId?: number },
): Promise<CheckpointCheck> {
  let publicKey: Awaited<ReturnType<typeof publicKeyOf>>;
  try {
    publicKey = await publicKeyOf(places);
  } catch (error) {
    return { kind: 'file', line: null, why: error instanceof Error ? error.message : String(error) };
  }
  // each chain's place in the lines before
  const seen = new Map<number, { seq: number; hash: string }>();
  const pending: Held[] = [];
  const lookUp = async (): Promise<CheckpointCheck | null> => {
    const broken = await firstNotInDatabase(db, pending.splice(0));
    return broken && { kind: 'trail', broken };
  };
  // the places of the lines before it first: the first problem in the file's order is named
  const fileBroken = async (line: number | null, why: string): Promise<CheckpointCheck> =>
    (await lookUp()) ?? { kind: 'file', line, why };

  let before: string | null = null;
  let lines = 0;
  for await (const { number, text } of linesOf(places.file, options.upTo)) {
    lines = number;
    if (!publicKey)
      return fileBroken(null, `there is no public key beside the checkpoints (${places.publicKeyFile})`);
    const checkpoint = parseCheckpoint(text);
    if (!checkpoint) return fileBroken(number, 'it is not a checkpoint');
    if (checkpoint.prev !== (before === null ? GENESIS : lineHash(before)))
      return fileBroken(
        number,
        before === null
          ? 'it is the first line but follows another (prev): the lines before it were removed'
          : 'it does not follow the line before it (prev): a line was removed, put in or changed there',
      );
    if (!signatureHolds(checkpoint, publicKey.key))
      return fileBroken(
        number,
        'its signature does not match: the line was changed, or signed by another key',
      );
    for (const tip of checkpoint.chains) {
      if (options.cuId !== undefined && tip.cu_id !== options.cuId) continue;
      const known = seen.get(tip.cu_id);
      if (known?.seq === tip.seq && known.hash === tip.hash) continue;
      seen.set(tip.cu_id, { seq: tip.seq, hash: tip.hash });
      pending.push({ ...tip, line: number, at: checkpoint.at });
      if (pending.length >= BATCH) {
        const broken = await lookUp();
        if (broken) return broken;
      }
    }
    before = text;
  }
  const broken = await lookUp();
  if (broken) return broken;
  if (lines > 0 && publicKey) return { kind: 'sound', lines, fingerprint: fingerprintOf(publicKey.key) };
  // a key is made to sign a line: a key without lines means the lines were removed
  if (publicKey)
    return {
      kind: 'file',
      line: null,
      why:
        `${places.file} ${(await exists(places.file)) ? 'holds no checkpoint' : 'is gone'}, ` +
        'but its public key is there: the checkpoints were removed',
    };
  return { kind: 'none' };
}

/** The first of `held` (in the file's order) whose entry is not in the database with its hash, and why. */
async function firstNotInDatabase(db: DB, held: readonly Held[]): Promise<Break | null> {
  if (held.length === 0) return null;
  // one index probe per place (lateral, limit 1): a plain join hashes the whole table each time
  const { rows } = await sql<{ id: number; cu_id: number; seq: number; hash: string }>`
    select v.cu_id, v.seq, e.id, e.hash
    from unnest(${held.map((h) => h.cu_id)}::int[], ${held.map((h) => h.seq)}::int[]) as v(cu_id, seq)
    join lateral (
      select id, hash from audit_entries e where e.cu_id = v.cu_id and e.seq = v.seq limit 1
    ) e on true`.execute(db);
  const found = new Map(rows.map((row) => [`${row.cu_id}:${row.seq}`, row]));
  for (const place of held) {
    const row = found.get(`${place.cu_id}:${place.seq}`);
    if (row?.hash === place.hash) continue;
    const by = `checkpoint ${place.line} (${place.at})`;
    const at = { cuId: place.cu_id, seq: place.seq };
    if (row)
      return {
        ...at,
        id: row.id,
        why: `its hash is not the one ${by} holds: the chain was rewritten at or before this place`,
      };
    const end = await db
      .selectFrom('audit_entries')
      .select((eb) => eb.fn.max('seq').as('seq'))
      .where('cu_id', '=', place.cu_id)
      .executeTakeFirst();
    const last = end?.seq ?? null;
    return {
      ...at,
      id: null,
      why:
        last === null
          ? `${by} holds the chain up to this place, but it has no entries: the chain was removed`
          : last < place.seq
            ? `${by} holds this place, but the chain ends at place ${last}: its newest entries were removed`
            : `${by} holds this place, but its entry is gone`,
    };
  }
  return null;
}

/** A broken checkpoint file in one line, as `npm run audit:verify` prints it. */
export function checkpointsBrokenLine(
  places: CheckpointPlaces,
  broken: { line: number | null; why: string },
) {
  const where = broken.line === null ? places.dir : `line ${broken.line} of ${places.file}`;
  return `audit checkpoints BROKEN at ${where}: ${broken.why}`;
}
