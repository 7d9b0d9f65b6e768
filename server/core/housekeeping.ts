import { sql } from 'kysely';
import type { DB } from '../db/database.ts';
import type { AppDeps } from '../http/env.ts';

/**
 * Periodic clean-up an area needs (expired idempotency keys, old exports, files never attached):
 * an area exports `chores` from its `housekeeping.ts`, found by name like its routes
 * (`areaChores()` in server/areas/index.ts; server/background.ts hands them in). Each chore
 * deletes what is past its time at `now` and says how many records it removed. A server runs
 * them once per period across its processes (startHousekeeping); they are idempotent all the
 * same.
 */
export interface Chore {
  name: string;
  run(deps: AppDeps, now: Date): Promise<number>;
}

/** How often a running server does its chores (also once at start). */
export const HOUSEKEEPING_EVERY_MS = 60 * 60_000;

/**
 * Runs every chore once at `now`; one chore's failure is logged and does not stop the others.
 * Answers how many records each removed.
 */
export async function runChores(
  deps: AppDeps,
  chores: readonly Chore[],
  now = deps.now(),
): Promise<Record<string, number>> {
  const removed: Record<string, number> = {};
  for (const chore of chores) {
    try {
      removed[chore.name] = await chore.run(deps, now);
    } catch (error) {
      console.error(`[housekeeping] ${chore.name} failed:`, error instanceof Error ? error.message : error);
    }
  }
  return removed;
}

/** The advisory-lock class of the schedules (the other half of the key: the schedule's name). */
const LOCK_CLASS = 0x4c50;

/** When each schedule last ran (its row is its claim on the period). */
export interface ScheduleRunsTable {
  name: string;
  last_run_at: Date;
}
declare module '../db/schema.ts' {
  interface Database {
    schedule_runs: ScheduleRunsTable;
  }
}

/**
 * Runs `work` at most once per `everyMs` across every server process sharing the database:
 * the run claims its period in `schedule_runs` (the database's clock), and on PostgreSQL it
 * holds the advisory lock of the schedule while it works, so a slow run never overlaps the next
 * one elsewhere. Answers whether this process ran it. PGlite is one process: no lock needed
 * there (and its single connection must stay free for `work`).
 */
export async function oncePerPeriod(
  deps: AppDeps,
  name: string,
  everyMs: number,
  work: () => Promise<void>,
): Promise<boolean> {
  const claim = async (db: DB) => {
    const { rows } = await sql<{ name: string }>`
      insert into schedule_runs (name, last_run_at) values (${name}, now())
      on conflict (name) do update set last_run_at = now()
      where schedule_runs.last_run_at <= now() - make_interval(secs => ${everyMs / 1000})
      returning name`.execute(db);
    return rows.length > 0;
  };
  if (deps.bus.kind !== 'postgres') {
    if (!(await claim(deps.db))) return false;
    await work();
    return true;
  }
  return deps.db.connection().execute(async (conn) => {
    const { rows } = await sql<{
      locked: boolean;
    }>`select pg_try_advisory_lock(${LOCK_CLASS}, hashtext(${name})) as locked`.execute(conn);
    if (!rows[0]?.locked) return false;
    try {
      if (!(await claim(conn))) return false;
      await work();
      return true;
    } finally {
      await sql`select pg_advisory_unlock(${LOCK_CLASS}, hashtext(${name}))`.execute(conn).catch(() => {});
    }
  });
}

/**
 * Does the chores (loaded by `chores` at the first run) once per HOUSEKEEPING_EVERY_MS across all
 * server processes (oncePerPeriod):
 * each process looks at start and every sixth of the period; the one that claims the period
 * runs them. The timer does not keep the process alive. Answers a function that stops it.
 */
export function startHousekeeping(
  deps: AppDeps,
  chores: () => Promise<readonly Chore[]>,
  everyMs = HOUSEKEEPING_EVERY_MS,
): () => void {
  const tick = () => {
    void oncePerPeriod(deps, 'housekeeping', everyMs, async () => {
      const removed = await runChores(deps, await chores());
      const done = Object.entries(removed).filter(([, n]) => n > 0);
      if (done.length) console.log(`[housekeeping] ${done.map(([name, n]) => `${name}: ${n}`).join(', ')}`);
    }).catch((error: unknown) => {
      // The database is away: the next look tries again.
      console.warn('[housekeeping] skipped:', error instanceof Error ? error.message : error);
    });
  };
  tick();
  const timer = setInterval(tick, Math.max(1000, Math.floor(everyMs / 6)));
  timer.unref();
  return () => clearInterval(timer);
}
