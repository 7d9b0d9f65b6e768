import { type Kysely, sql } from 'kysely';

/**
 * Export jobs run by any server process: a job is claimed (`claim`, a token of the claiming run)
 * for a lease that its runner renews while it works; a job whose lease ran out (its process died)
 * is taken over by another. `attempts` stops a job that keeps killing its process.
 * `schedule_runs`: when each periodic chore last ran, so that it runs once per period across
 * processes (server/core/housekeeping.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table export_jobs add column claim text;
    alter table export_jobs add column lease_until timestamptz;
    alter table export_jobs add column attempts integer not null default 0;
    create index export_jobs_todo on export_jobs(id) where deleted_at is null and status in ('queued', 'running');

    create table schedule_runs (
      name text primary key,
      last_run_at timestamptz not null
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop table schedule_runs;
    drop index export_jobs_todo;
    alter table export_jobs drop column attempts;
    alter table export_jobs drop column lease_until;
    alter table export_jobs drop column claim;
  `.execute(db);
}
