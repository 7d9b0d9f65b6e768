import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Bus, openBus } from '../../core/bus.ts';
import { type OpenedDatabase, openDatabase } from '../../db/database.ts';
import { mailedUser, mailJob, queuedMail } from '../../testing/mail-fixtures.ts';
import { migratedPostgres, postgresServerUrl } from '../../testing/pg-database.ts';
import { type SmtpSink, smtpSink } from '../../testing/smtp-sink.ts';
import { type TestApp, testApp, unique } from '../../testing/test-app.ts';
import { digestOnce, digestSlot } from './digest.ts';
import { claimMailJob, MAIL_LEASE_MS, runMailSender } from './mail-sender.ts';

/**
 * Notification mail on PostgreSQL, where two server processes really send at once: two app
 * instances on one database, each with a pool of its own and an SMTP server of its own (so each
 * message says which process sent it). Each job is sent by one of them; a job one of them holds
 * is not taken by the other until its lease runs out; the day's digest is made once.
 */
const serverUrl = postgresServerUrl();

let first: Awaited<ReturnType<typeof migratedPostgres>>;
let second: OpenedDatabase & { bus: Bus };
let a: TestApp;
let b: TestApp;
let sinkA: SmtpSink;
let sinkB: SmtpSink;
beforeAll(async () => {
  first = await migratedPostgres(serverUrl);
  const opened = await openDatabase({ databaseUrl: first.url });
  second = { ...opened, bus: await openBus(opened, first.url) };
  [sinkA, sinkB] = await Promise.all([smtpSink(), smtpSink()]);
  const config = (sink: SmtpSink) => ({
    smtpUrl: sink.url,
    mailFrom: 'LP Portal <notify@lp.example.test>',
    publicUrl: 'https://portal.example.test',
  });
  a = await testApp(config(sinkA), { database: first });
  b = await testApp(config(sinkB), { database: second });
}, 60_000);
afterAll(async () => {
  await Promise.all([sinkA?.close(), sinkB?.close()]);
  await second?.bus.close();
  await second?.close();
  await first?.close();
});

/** `n` users, each with one notification mail due now. */
async function queued(n: number) {
  const out: Array<{ email: string; jobId: number }> = [];
  for (let i = 0; i < n; i++) {
    const user = await mailedUser(a.deps.db);
    const { jobId } = await queuedMail(a.deps.db, user, a.deps.now());
    out.push({ email: user.email, jobId });
  }
  return out;
}

/** How many messages each address got, over both SMTP servers. */
function receivedBy(addresses: readonly string[]) {
  const all = [...sinkA.messages, ...sinkB.messages];
  return addresses.map((address) => all.filter((m) => m.to.includes(address)).length);
}

describe('notification mail across two processes (PostgreSQL)', () => {
  it('never sends a job another process is sending: the one it holds is passed over, the rest are sent by the other', async () => {
    const jobs = await queued(12);
    // A takes a job and is held in the middle of handing it over (its SMTP server waits)
    const held = sinkA.hold();
    const runA = runMailSender(a.deps);
    await held.taken;
    const runB = await runMailSender(b.deps);
    held.release();
    const ranA = await runA;
    expect([ranA.sent, runB.sent]).toEqual([1, 11]);
    expect(receivedBy(jobs.map((j) => j.email))).toEqual(jobs.map(() => 1));
    expect(sinkA.messages).toHaveLength(1);
    for (const job of jobs)
      expect(await mailJob(a.deps.db, job.jobId)).toMatchObject({
        state: 'sent',
        attempts: 1,
        lease_until: null,
      });
  });

  it('sends each job once with four senders racing on two pools', async () => {
    const jobs = await queued(40);
    const runs = await Promise.all([
      runMailSender(a.deps),
      runMailSender(b.deps),
      runMailSender(a.deps),
      runMailSender(b.deps),
    ]);
    expect(runs.reduce((n, r) => n + r.sent, 0)).toBe(40);
    expect(runs.every((r) => r.retried + r.failed + r.skipped === 0)).toBe(true);
    expect(receivedBy(jobs.map((j) => j.email))).toEqual(jobs.map(() => 1));
    for (const job of jobs) expect((await mailJob(a.deps.db, job.jobId)).attempts).toBe(1);
  });

  it('takes over, on the other process, a job whose sender died, once its lease has run out', async () => {
    const [job] = await queued(1);
    // A claims it and dies before it sends
    expect((await claimMailJob(a.deps.db, a.deps.now()))?.id).toBe(job!.jobId);
    expect(await runMailSender(b.deps)).toMatchObject({ sent: 0 });
    b.advance(MAIL_LEASE_MS);
    expect(await runMailSender(b.deps)).toMatchObject({ sent: 1 });
    expect(receivedBy([job!.email])).toEqual([1]);
    expect(sinkB.to(job!.email)).toHaveLength(1);
    expect(await mailJob(b.deps.db, job!.jobId)).toMatchObject({ state: 'sent', attempts: 2 });
    b.advance(MAIL_LEASE_MS);
    await runMailSender(a.deps);
    await runMailSender(b.deps);
    expect(receivedBy([job!.email])).toEqual([1]);
  });

  it('makes the day’s digest once when both processes reach its hour at the same moment', async () => {
    for (let round = 0; round < 5; round++) {
      const user = await mailedUser(a.deps.db);
      const now = a.deps.now();
      for (let i = 0; i < 3; i++) {
        const { jobId } = await queuedMail(a.deps.db, user, now);
        // the entry waits for the digest instead (as the notifier marks it): no job of its own
        await a.deps.db.deleteFrom('mail_jobs').where('id', '=', jobId).execute();
      }
      await a.deps.db
        .updateTable('notifications')
        .set({ mail_state: 'digest' })
        .where('uid', '=', user.uid)
        .execute();
      const schedule = unique('digest pg ');
      const next = new Date(digestSlot(now, a.deps.config.digestHour).getTime() + 24 * 3_600_000);
      const made = await Promise.all([
        digestOnce(a.deps, next, schedule),
        digestOnce(b.deps, next, schedule),
      ]);
      expect(
        made.filter((m) => m === null),
        `round ${round}`,
      ).toHaveLength(1);
      const jobs = await a.deps.db
        .selectFrom('mail_jobs')
        .select(['digest', 'notification_ids'])
        .where('uid', '=', user.uid)
        .execute();
      expect(jobs, `round ${round}`).toHaveLength(1);
      expect(jobs[0]).toMatchObject({ digest: true, notification_ids: expect.any(Array) });
      expect(jobs[0]!.notification_ids).toHaveLength(3);
    }
  });
});
