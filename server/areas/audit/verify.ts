import { sql } from 'kysely';
import type { DB } from '../../db/database.ts';
import { checkCheckpoints, checkpointsBrokenLine } from './checkpoints-read.ts';
import { completeLength } from './checkpoints-file.ts';
import type { CheckpointPlaces } from './checkpoints-places.ts';
import { entryHash, GENESIS, storedContent } from './trail.ts';

/** Where a chain first fails to match: the entry (or the chain's tip) and why. */
export interface Break {
  cuId: number;
  seq: number;
  id: number | null;
  why: string;
}

export interface ChainReport {
  chains: number;
  entries: number;
  /** The first entry, in (customer, place) order, that does not match; null when all do. */
  broken: Break | null;
}

const PAGE = 1000;

/**
 * Recomputes every customer's chain (`npm run audit:verify`): each entry's place follows the one
 * before it, its `prev_hash` is that entry's hash, its hash is what its content gives, and the
 * chain's tip in `audit_heads` is its last entry (`only`: one customer's chain). Reads the trail
 * in pages of PAGE entries, all in one read-only snapshot (REPEATABLE READ), so a server that
 * writes meanwhile does not make a sound chain look broken.
 */
export function verifyChains(db: DB, only?: { cuId: number }): Promise<ChainReport> {
  return inSnapshot(db, (trx) => verifyIn(trx, only));
}

/** Reads in one read-only snapshot: the tips and every page (appends committed meanwhile are not half seen). */
function inSnapshot<T>(db: DB, work: (trx: DB) => Promise<T>): Promise<T> {
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      await sql`set transaction read only`.execute(trx);
      return work(trx);
    });
}

async function verifyIn(db: DB, only?: { cuId: number }): Promise<ChainReport> {
  let headQuery = db.selectFrom('audit_heads').selectAll();
  if (only) headQuery = headQuery.where('cu_id', '=', only.cuId);
  const heads = new Map((await headQuery.execute()).map((h) => [h.cu_id, h] as const));
  let entries = 0;
  let chains = 0;
  type Tip = { cuId: number; seq: number; hash: string };
  let last: Tip | null = null as Tip | null;
  const endOf = (chain: { cuId: number; seq: number; hash: string }): Break | null => {
    const head = heads.get(chain.cuId);
    heads.delete(chain.cuId);
    if (!head || head.seq !== chain.seq || head.hash !== chain.hash)
      return { cuId: chain.cuId, seq: chain.seq, id: null, why: 'the chain’s tip is not its last entry' };
    return null;
  };
  for (;;) {
    let query = db.selectFrom('audit_entries').selectAll();
    if (only) query = query.where('cu_id', '=', only.cuId);
    if (last) query = query.where(sql<boolean>`(cu_id, seq) > (${last.cuId}, ${last.seq})`);
    const rows = await query.orderBy('cu_id').orderBy('seq').limit(PAGE).execute();
    for (const row of rows) {
      const continues: boolean = last !== null && last.cuId === row.cu_id;
      if (!continues) {
        if (last) {
          const broken = endOf(last);
          if (broken) return { chains, entries, broken };
        }
        chains += 1;
      }
      const expected: { seq: number; prev: string } =
        continues && last ? { seq: last.seq + 1, prev: last.hash } : { seq: 1, prev: GENESIS };
      const at = { cuId: row.cu_id, seq: row.seq, id: row.id };
      if (row.seq !== expected.seq)
        return {
          chains,
          entries,
          broken: { ...at, why: `expected place ${expected.seq}: an entry is missing` },
        };
      if (row.prev_hash !== expected.prev)
        return { chains, entries, broken: { ...at, why: 'it does not follow the entry before it' } };
      if (entryHash(row.prev_hash, storedContent(row)) !== row.hash)
        return { chains, entries, broken: { ...at, why: 'its content does not match its hash' } };
      entries += 1;
      last = { cuId: row.cu_id, seq: row.seq, hash: row.hash };
    }
    if (rows.length < PAGE) break;
  }
  if (last) {
    const broken = endOf(last);
    if (broken) return { chains, entries, broken };
  }
  // a tip whose chain has no entries: its entries were removed
  const [orphan] = heads.values();
  if (orphan && orphan.seq > 0)
    return {
      chains,
      entries,
      broken: { cuId: orphan.cu_id, seq: orphan.seq, id: null, why: 'the chain’s entries are gone' },
    };
  return { chains, entries, broken: null };
}

/** What the checkpoints added: how many lines and their key, or the folder that has none. */
export type CheckpointsChecked = { lines: number; fingerprint: string } | { none: string };

function checkpointsClause(report: ChainReport, checkpoints: CheckpointsChecked | undefined): string {
  if (!checkpoints) return '';
  if ('lines' in checkpoints) return `, ${checkpoints.lines} checkpoints (key ${checkpoints.fingerprint})`;
  // (an empty trail has nothing to checkpoint)
  return report.chains > 0 ? `, no checkpoints (none in ${checkpoints.none})` : '';
}

/** The report in one line, as `npm run audit:verify` prints it. */
export function reportLine(report: ChainReport, checkpoints?: CheckpointsChecked): string {
  const counted = `${report.entries} entries in ${report.chains} chains`;
  if (!report.broken) return `audit trail intact: ${counted}${checkpointsClause(report, checkpoints)}`;
  const b = report.broken;
  const where =
    b.id === null
      ? `customer ${b.cuId}, place ${b.seq}`
      : `entry ${b.id} (customer ${b.cuId}, place ${b.seq})`;
  return `audit trail BROKEN at ${where}: ${b.why} (${counted} checked before it)`;
}

/**
 * `npm run audit:verify`: every chain (verifyChains), then the checkpoint file of `places` against
 * the same snapshot (checkpoints-read.ts: its lines' links and signatures, and every place they
 * hold still there with its hash: a chain cut back, rewritten or removed with its tip shows only
 * so). One line, and whether all is sound. The file is read as far as it was before the snapshot
 * began: a line written meanwhile could name entries the snapshot does not see.
 */
export async function verifyTrail(
  db: DB,
  places: CheckpointPlaces | null,
  only?: { cuId: number },
): Promise<{ ok: boolean; line: string }> {
  const upTo = places ? await completeLength(places.file) : 0;
  return inSnapshot(db, async (trx) => {
    const report = await verifyIn(trx, only);
    if (report.broken || !places) return { ok: report.broken === null, line: reportLine(report) };
    const checked = await checkCheckpoints(trx, places, { upTo, ...only });
    if (checked.kind === 'file') return { ok: false, line: checkpointsBrokenLine(places, checked) };
    if (checked.kind === 'trail')
      return { ok: false, line: reportLine({ ...report, broken: checked.broken }) };
    const clause: CheckpointsChecked =
      checked.kind === 'sound'
        ? { lines: checked.lines, fingerprint: checked.fingerprint }
        : { none: places.dir };
    return { ok: true, line: reportLine(report, clause) };
  });
}
