import { startCheckpoints } from './areas/audit/checkpoints-schedule.ts';
import { areaChores } from './areas/index.ts';
import { startExportRunner } from './areas/order-exports/jobs.ts';
import { startHousekeeping } from './core/housekeeping.ts';
import type { AppDeps } from './http/env.ts';
import { closeHub } from './areas/live/hub.ts';
import { startNotifier } from './areas/notifications/runner.ts';
import { startMailSender } from './areas/notifications/mail-sender.ts';
import { startWebhooks } from './areas/webhooks/runner.ts';

/** What a server process runs beside its requests; `stop()` ends it before the database closes. */
export interface Background {
  stop(): Promise<void>;
}

/**
 * Starts the process's background work: the export runner (jobs claimed by any process, woken
 * by the bus and a slow poll: areas/order-exports/jobs.ts), the hourly chores, once per hour
 * across processes (core/housekeeping.ts), and the audit trail's signed checkpoints outside the
 * database, once per interval across processes (areas/audit/checkpoints-schedule.ts). With several
 * server processes on one PostgreSQL each runs this; what must happen once guards itself in the
 * database.
 */
export function startBackground(deps: AppDeps): Background {
  const stopHousekeeping = startHousekeeping(deps, areaChores);
  const stopExports = startExportRunner(deps);
  const stopCheckpoints = startCheckpoints(deps);
  // the outbox's events made into notifications, once across processes (areas/notifications)
  const stopNotifier = startNotifier(deps);
  // their mail and the daily digest, each job sent by one process, retried (areas/notifications)
  const stopMail = startMailSender(deps);
  // the outbox's events sent to the customers' webhook endpoints, each attempt once (areas/webhooks)
  const stopWebhooks = startWebhooks(deps);
  return {
    async stop() {
      closeHub(deps.db);
      stopHousekeeping();
      // A checkpoint being written is finished (its line whole), the next one is not begun.
      await stopCheckpoints();
      await stopNotifier();
      // A mail being handed over is finished and marked; a job not begun stays queued.
      await stopMail();
      // An attempt in flight is finished and logged; a delivery not begun stays queued.
      await stopWebhooks();
      // A job being made goes back to the queue after its current page (another process or the
      // next start takes it).
      await stopExports();
    },
  };
}
