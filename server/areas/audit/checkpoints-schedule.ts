import { oncePerPeriod } from '../../core/housekeeping.ts';
import type { AppDeps } from '../../http/env.ts';
import { writeCheckpoint } from './checkpoints.ts';
import { type CheckpointPlaces, checkpointPlaces } from './checkpoints-places.ts';

/** The checkpoints' name in `schedule_runs`: its row is the claim on the period across processes. */
export const CHECKPOINT_SCHEDULE = 'audit checkpoint';

/**
 * Writes a checkpoint (checkpoints.ts) if this process claims the period: once per `everyMs`
 * across every process sharing the database, never two at once (oncePerPeriod: on PostgreSQL its
 * advisory lock is held while the line is written, so two lines never stand on one `prev`).
 * Answers whether this process took the period.
 */
export const checkpointOnce = (
  deps: AppDeps,
  places: CheckpointPlaces,
  everyMs = deps.config.auditCheckpointIntervalMs,
): Promise<boolean> =>
  oncePerPeriod(deps, CHECKPOINT_SCHEDULE, everyMs, async () => {
    await writeCheckpoint(deps.db, places, deps.now());
  });

/**
 * Checkpoints at `AUDIT_CHECKPOINT_INTERVAL_MS` (nothing when none are configured): a look at start
 * and every sixth of the interval, as the housekeeping does, and the process that claims the
 * period writes. A timer of its own, not an hourly chore: what a checkpoint protects is the
 * entries since the one before. Answers a function that stops it and waits for a line being written.
 */
export function startCheckpoints(deps: AppDeps): () => Promise<void> {
  const places = checkpointPlaces(deps.config);
  if (!places) return async () => {};
  const everyMs = deps.config.auditCheckpointIntervalMs;
  let running: Promise<void> | null = null;
  const tick = () => {
    running ??= checkpointOnce(deps, places, everyMs)
      .then(
        () => {},
        (error: unknown) => {
          // a folder that cannot be written, a key that is not the checkpoints' own, the database away
          console.error('[audit] checkpoint not written:', error instanceof Error ? error.message : error);
        },
      )
      .finally(() => {
        running = null;
      });
  };
  tick();
  const timer = setInterval(tick, Math.max(1000, Math.floor(everyMs / 6)));
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
