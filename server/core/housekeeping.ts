import { areaFiles } from '../areas/index.ts';
import type { AppDeps } from '../http/env.ts';

/**
 * Periodic clean-up an area needs (expired idempotency keys, old exports, files never attached):
 * an area exports `chores` from its `housekeeping.ts`, found by name like its routes. Each chore
 * deletes what is past its time at `now` and says how many records it removed; chores are
 * idempotent, so several server processes may run them.
 */
export interface Chore {
  name: string;
  run(deps: AppDeps, now: Date): Promise<number>;
}

/** How often a running server does its chores (also once at start). */
export const HOUSEKEEPING_EVERY_MS = 60 * 60_000;

let loaded: Promise<Chore[]> | undefined;

/** Every area's chores, loaded once. */
export function loadChores(): Promise<Chore[]> {
  loaded ??= (async () => {
    const out: Chore[] = [];
    for (const { area, url } of areaFiles('housekeeping.ts')) {
      const module = (await import(url.href)) as { chores?: Chore[] };
      if (!Array.isArray(module.chores))
        throw new Error(`server/areas/${area}/housekeeping.ts must export chores`);
      out.push(...module.chores);
    }
    return out;
  })();
  return loaded;
}

/**
 * Runs every chore once at `now`; one chore's failure is logged and does not stop the others.
 * Answers how many records each removed.
 */
export async function runChores(deps: AppDeps, now = deps.now()): Promise<Record<string, number>> {
  const removed: Record<string, number> = {};
  for (const chore of await loadChores()) {
    try {
      removed[chore.name] = await chore.run(deps, now);
    } catch (error) {
      console.error(`[housekeeping] ${chore.name} failed:`, error instanceof Error ? error.message : error);
    }
  }
  return removed;
}

/**
 * Does the chores now and every HOUSEKEEPING_EVERY_MS; the timer does not keep the process alive.
 * Answers a function that stops it.
 */
export function startHousekeeping(deps: AppDeps, everyMs = HOUSEKEEPING_EVERY_MS): () => void {
  const tick = () => {
    void runChores(deps).then((removed) => {
      const done = Object.entries(removed).filter(([, n]) => n > 0);
      if (done.length) console.log(`[housekeeping] ${done.map(([name, n]) => `${name}: ${n}`).join(', ')}`);
    });
  };
  tick();
  const timer = setInterval(tick, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
