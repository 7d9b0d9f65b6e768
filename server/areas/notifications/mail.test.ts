import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationSettings } from '../../../src/contract/notifications/schemas.ts';
import { loadConfig, productionProblems } from '../../config.ts';
import { orderForm } from '../../testing/editor-fixtures.ts';
import { create, readyToOrder } from '../../testing/editor-test-helpers.ts';
import { createUser, type FixtureUser, loginAs } from '../../testing/fixtures.ts';
import { mailedUser, mailJob, queuedMail } from '../../testing/mail-fixtures.ts';
import {
  DEPOT,
  folded,
  PATIENT,
  PATIENT_FRAGMENTS,
  PROVIDER_SECRET,
  patientFragmentsIn,
  patientOrder,
  postMilestones,
  provider,
} from '../../testing/masking-fixtures.ts';
import { deadSmtpUrl, SINK_PASS, type SmtpSink, type SunkMail, smtpSink } from '../../testing/smtp-sink.ts';
import { type TestApp, testApp, testDatabase, unique } from '../../testing/test-app.ts';
import { type Mailer, mailerOf, SmtpMailer } from '../order-exports/mailer.ts';
import { digestOnce, digestSlot } from './digest.ts';
import {
  claimMailJob,
  MAIL_LEASE_MS,
  MAIL_MAX_ATTEMPTS,
  MAIL_RETRY_MS,
  runMailSender,
} from './mail-sender.ts';
import { appendEvents } from '../live/outbox.ts';
import { ALL_KINDS } from './kinds.ts';
import { toldText } from './mail-content.ts';
import { runNotifier } from './runner.ts';

/**
 * Notification mail through a real SMTP server on the loopback (server/testing/smtp-sink.ts): at
 * once and in the day's digest, in both languages, with the unsubscribe link that works without
 * signing in; retried after a refusal, taken over after a lease; DTP data never in a mail. The
 * sender's pass (`runMailSender`) and the digest (`digestOnce`) are called directly, on the app's
 * clock (`t.advance`): no test waits for a timer.
 */

const PORTAL = 'https://portal.example.test';
const FROM = 'LP Portal <notify@lp.example.test>';

let sink: SmtpSink;
beforeAll(async () => {
  await testDatabase();
  sink = await smtpSink();
});
afterAll(() => sink?.close());

const mailApp = (overrides: Parameters<typeof testApp>[0] = {}) =>
  testApp({ smtpUrl: sink.url, mailFrom: FROM, publicUrl: PORTAL, ...overrides });

/** A customer whose orders wait for approval: its author and an approver (signed in) who gets mail. */
async function approvalSetup(t: TestApp, lang: 'zh-CN' | 'en' = 'en') {
  const author = await readyToOrder(t, { requiresApproval: true });
  const cuId = author.user.customers[0]!.cu_id;
  const approver = await addApprover(t, cuId, lang);
  return { author, cuId, ...approver };
}

async function addApprover(t: TestApp, cuId: number, lang: 'zh-CN' | 'en') {
  const user = await createUser(t.deps.db);
  await t.deps.db
    .insertInto('user_customers')
    .values({ uid: user.uid, cu_id: cuId, can_approve: true })
    .execute();
  await t.deps.db.updateTable('users').set({ default_cu_id: cuId }).where('uid', '=', user.uid).execute();
  const token = await loginAs(t, user);
  const email = `${unique('approver')}@mail.example.test`;
  const saved = await t.call<NotificationSettings>('notification/settings-save', {
    token,
    body: { email, lang, kinds: [] },
  });
  expect(saved.code).toBe(0);
  return { approver: user, token, email };
}

/** The one message the sink took for `address`. */
function only(address: string): SunkMail {
  const mails = sink.to(address);
  expect(mails, `mail to ${address}`).toHaveLength(1);
  return mails[0]!;
}

const header = (mail: SunkMail, name: string) => {
  const value = mail.parsed.headerLines.find((h) => h.key === name)?.line ?? '';
  return value
    .slice(value.indexOf(':') + 1)
    .replace(/\r?\n(?=[ \t])/g, '')
    .trim();
};

/** The link of the mail's `List-Unsubscribe` header. */
const unsubscribeLink = (mail: SunkMail) => {
  const link = /^<([^>]+)>$/.exec(header(mail, 'list-unsubscribe'))?.[1];
  if (!link) throw new Error(`no List-Unsubscribe in ${mail.raw.slice(0, 2000)}`);
  return link;
};

/** A request to the app at a link of a mail (its path and query), from a browser in English. */
function open(t: TestApp, link: string, init: RequestInit = {}) {
  const url = new URL(link);
  expect(url.origin).toBe(PORTAL);
  const headers = new Headers(init.headers);
  headers.set('accept-language', 'en');
  return t.app.request(`${url.pathname}${url.search}`, { ...init, headers });
}

const oneClick = (t: TestApp, link: string) =>
  open(t, link, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'List-Unsubscribe=One-Click',
  });

const prefsOf = (t: TestApp, uid: number, cuId: number) =>
  t.deps.db
    .selectFrom('notification_prefs')
    .select(['kind', 'portal', 'email', 'digest'])
    .where('uid', '=', uid)
    .where('cu_id', '=', cuId)
    .orderBy('kind')
    .execute();

describe('notification mail over SMTP', () => {
  it('mails an approver at once, in English and in Chinese, with the subject, the link into the portal and the unsubscribe link', async () => {
    const t = await mailApp();
    const { author, cuId, approver, email } = await approvalSetup(t, 'en');
    const zh = await addApprover(t, cuId, 'zh-CN');
    const made = (await create(t, author.token, orderForm(author))).data;
    await runNotifier(t.deps);
    await runMailSender(t.deps);

    const en = only(email);
    const cn = only(zh.email);
    expect(en.parsed.subject).toBe(`[LP] Order ${made.order_no} awaits your approval`);
    expect(cn.parsed.subject).toBe(`【LP】订单 ${made.order_no} 等待您审批`);
    for (const mail of [en, cn]) {
      expect(mail.parsed.from?.value).toEqual([{ name: 'LP Portal', address: 'notify@lp.example.test' }]);
      const link = `${PORTAL}/customer-order/view/${made.id}`;
      expect(mail.parsed.text).toContain(link);
      expect(mail.parsed.html || '').toContain(`href="${link}"`);
      const stop = unsubscribeLink(mail);
      expect(stop).toMatch(/^https:\/\/portal\.example\.test\/api\/notification\/unsubscribe\.html\?/);
      expect(new URL(stop).searchParams.get('kinds')).toBe('approval_needed');
      expect(header(mail, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
      // the body carries the same link, for readers whose mail client shows no unsubscribe button
      expect(mail.parsed.text).toContain(stop);
      expect(mail.parsed.html || '').toContain(stop.replaceAll('&', '&amp;'));
    }
    expect(en.parsed.text).toContain('Open in the portal');
    expect(en.parsed.text).toContain('Stop emails about “Approval needed”');
    expect(cn.parsed.text).toContain('在门户中查看');
    expect(cn.parsed.text).toContain('不再通过邮件接收“待我审批”通知');

    const jobs = await t.deps.db
      .selectFrom('mail_jobs')
      .select(['state', 'attempts', 'sent_at', 'lease_until'])
      .where('uid', '=', approver.uid)
      .execute();
    expect(jobs).toEqual([{ state: 'sent', attempts: 1, sent_at: expect.any(Date), lease_until: null }]);
    const entries = await t.deps.db
      .selectFrom('notifications')
      .select('mail_state')
      .where('uid', 'in', [approver.uid, zh.approver.uid])
      .execute();
    expect(entries.map((n) => n.mail_state)).toEqual(['sent', 'sent']);
    // sent once: another pass finds nothing of theirs
    await runMailSender(t.deps);
    expect(sink.to(email)).toHaveLength(1);
  });

  it('escapes what a mail names: a ref cannot put markup into its HTML', async () => {
    const t = await mailApp();
    const user = await mailedUser(t.deps.db, 'en');
    await queuedMail(t.deps.db, user, t.deps.now(), { ref: '<img src=x onerror=alert(1)>"&\'', orderId: 42 });
    await runMailSender(t.deps);
    const mail = only(user.email);
    expect(mail.parsed.subject).toBe(`[LP] Order <img src=x onerror=alert(1)>"&' awaits your approval`);
    expect(mail.parsed.html || '').not.toContain('<img');
    expect(mail.parsed.html || '').toContain('&lt;img src=x onerror=alert(1)&gt;&quot;&amp;&#39;');
    expect(mail.parsed.text).toContain(`${PORTAL}/customer-order/view/42`);
  });

  it('unsubscribes by the link without signing in: the page asks, its button (or a one-click POST) turns that kind’s mail off on that customer', async () => {
    const t = await mailApp();
    const { author, cuId, approver, token, email } = await approvalSetup(t, 'en');
    await create(t, author.token, orderForm(author));
    await runNotifier(t.deps);
    await runMailSender(t.deps);
    const link = unsubscribeLink(only(email));

    // opening it (as a mail filter or a link scanner would) changes nothing
    const asked = await open(t, link);
    expect(asked.status).toBe(200);
    expect(asked.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(asked.headers.get('content-security-policy')).toContain("form-action 'self'");
    expect(asked.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(asked.headers.get('referrer-policy')).toBe('no-referrer');
    const page = await asked.text();
    expect(page).toContain('Stop getting these by email? “Approval needed”');
    expect(page).toMatch(/<form method="post" action="unsubscribe\.html\?[^"]+">/);
    expect(await prefsOf(t, approver.uid, cuId)).toEqual([]);

    // the page's button posts the link's own query with the form field
    const action = /action="([^"]+)"/.exec(page)![1]!.replaceAll('&amp;', '&');
    const done = await open(t, new URL(action, link).href, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(done.status).toBe(200);
    expect(await done.text()).toContain('You will no longer get these by email: “Approval needed”.');
    expect(await prefsOf(t, approver.uid, cuId)).toEqual([
      { kind: 'approval_needed', portal: true, email: false, digest: false },
    ]);
    // the settings say so, and the next order's approval is in the bell but not mailed
    // (the approval's session: a second sign-in, without the first's device cookie, would be a
    // new device, told by mail too)
    const settings = await t.call<NotificationSettings>('notification/settings', { token });
    expect(settings.data.kinds.find((k) => k.kind === 'approval_needed')).toMatchObject({
      portal: true,
      email: false,
    });
    await create(t, author.token, orderForm(author));
    await runNotifier(t.deps);
    await runMailSender(t.deps);
    expect(sink.to(email)).toHaveLength(1);
    const states = await t.deps.db
      .selectFrom('notifications')
      .select(['in_portal', 'mail_state'])
      .where('uid', '=', approver.uid)
      .orderBy('id')
      .execute();
    expect(states).toEqual([
      { in_portal: true, mail_state: 'sent' },
      { in_portal: true, mail_state: 'none' },
    ]);
    // opened again: it says it is done
    expect(await (await open(t, link)).text()).toContain('You no longer get these by email');
  });

  it('takes a mail client’s one-click POST (RFC 8058), urlencoded or multipart, in the user’s language', async () => {
    const t = await mailApp();
    const user = await mailedUser(t.deps.db, 'zh-CN');
    await queuedMail(t.deps.db, user, t.deps.now());
    await runMailSender(t.deps);
    const link = unsubscribeLink(only(user.email));
    const form = new FormData();
    form.set('List-Unsubscribe', 'One-Click');
    const res = await open(t, link, { method: 'POST', body: form });
    expect(res.status).toBe(200);
    // the caller's language is English (a mail provider's), the page is in the user's
    expect(await res.text()).toContain('您将不再通过邮件收到以下通知：“待我审批”。');
    expect(await prefsOf(t, user.uid, user.cuId)).toEqual([
      { kind: 'approval_needed', portal: true, email: false, digest: false },
    ]);
    expect((await oneClick(t, link)).status).toBe(200);
  });

  it('changes nothing for a forged, altered, foreign or expired link', async () => {
    const t = await mailApp();
    const user = await mailedUser(t.deps.db, 'en');
    const victim = await mailedUser(t.deps.db, 'en');
    await queuedMail(t.deps.db, user, t.deps.now());
    await runMailSender(t.deps);
    const link = new URL(unsubscribeLink(only(user.email)));
    const altered = (change: Record<string, string>) => {
      const url = new URL(link);
      for (const [k, v] of Object.entries(change)) url.searchParams.set(k, v);
      return url.href;
    };
    const signature = link.searchParams.get('signature')!;
    const forged = [
      altered({ signature: `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}` }),
      // another user, another customer, other kinds under the user's signature
      altered({ id: String(victim.uid) }),
      altered({ cu: String(victim.cuId) }),
      altered({ kinds: 'approval_needed,delivered' }),
      altered({ kinds: 'delivered' }),
      altered({ expires: String(Number(link.searchParams.get('expires')) + 1) }),
    ];
    for (const href of forged) {
      const page = await open(t, href);
      expect(page.status, href).toBe(403);
      expect(await page.text()).toContain('This link is not valid');
      const posted = await oneClick(t, href);
      expect(posted.status, href).toBe(403);
    }
    expect(await prefsOf(t, user.uid, user.cuId)).toEqual([]);
    expect(await prefsOf(t, victim.uid, victim.cuId)).toEqual([]);
    expect(await prefsOf(t, user.uid, victim.cuId)).toEqual([]);
    // a year and a day later the genuine link has expired
    t.advance(366 * 24 * 3_600_000);
    const late = await oneClick(t, link.href);
    expect(late.status).toBe(403);
    expect(await late.text()).toContain('This link has expired');
    expect(await prefsOf(t, user.uid, user.cuId)).toEqual([]);
  });

  it('keeps a job a refusing SMTP server did not take queued with a later next_at and one more attempt; a later run sends it', async () => {
    const t = await mailApp();
    const user = await mailedUser(t.deps.db);
    const { jobId } = await queuedMail(t.deps.db, user, t.deps.now());
    sink.refusing = true;
    try {
      await runMailSender(t.deps);
    } finally {
      sink.refusing = false;
    }
    const refused = await mailJob(t.deps.db, jobId);
    expect(refused).toMatchObject({ state: 'queued', attempts: 1, lease_until: null });
    expect(refused.last_error).toContain('451');
    expect(new Date(refused.next_at).getTime() - t.deps.now().getTime()).toBeGreaterThan(
      MAIL_RETRY_MS[0] - 5000,
    );
    expect(new Date(refused.next_at).getTime() - t.deps.now().getTime()).toBeLessThanOrEqual(
      MAIL_RETRY_MS[0],
    );
    // not due yet: the sink is willing, but the job waits for its time
    await runMailSender(t.deps);
    expect(sink.to(user.email)).toEqual([]);
    t.advance(MAIL_RETRY_MS[0]);
    await runMailSender(t.deps);
    expect(only(user.email).parsed.subject).toContain('awaits your approval');
    expect(await mailJob(t.deps.db, jobId)).toMatchObject({ state: 'sent', attempts: 2, last_error: null });
  });

  it('retries when the SMTP server is down, and a process that can reach it sends the job later', async () => {
    const down = await mailApp({ smtpUrl: await deadSmtpUrl() });
    const user = await mailedUser(down.deps.db);
    const { jobId } = await queuedMail(down.deps.db, user, down.deps.now());
    await runMailSender(down.deps);
    const failed = await mailJob(down.deps.db, jobId);
    expect(failed).toMatchObject({ state: 'queued', attempts: 1 });
    expect(failed.last_error).toMatch(/ECONNREFUSED/);
    // a process of the server with a reachable SMTP server (a restart with the setting fixed)
    const up = await mailApp();
    up.advance(MAIL_RETRY_MS[0]);
    await runMailSender(up.deps);
    expect(sink.to(user.email)).toHaveLength(1);
    expect(await mailJob(up.deps.db, jobId)).toMatchObject({ state: 'sent', attempts: 2 });
  });

  it('backs off 1 min, 5 min, 30 min, 2 h, 6 h and gives up after the sixth attempt, keeping the error', async () => {
    const t = await mailApp();
    const user = await mailedUser(t.deps.db);
    const { jobId, notificationId } = await queuedMail(t.deps.db, user, t.deps.now());
    const waits: number[] = [];
    sink.refusing = true;
    try {
      for (let attempt = 1; attempt <= MAIL_MAX_ATTEMPTS; attempt++) {
        await runMailSender(t.deps);
        const job = await mailJob(t.deps.db, jobId);
        expect(job.attempts).toBe(attempt);
        if (attempt === MAIL_MAX_ATTEMPTS) break;
        const wait = new Date(job.next_at).getTime() - t.deps.now().getTime();
        waits.push(Math.round(wait / 60_000));
        t.advance(wait);
      }
    } finally {
      sink.refusing = false;
    }
    expect(waits).toEqual([1, 5, 30, 120, 360]);
    const job = await mailJob(t.deps.db, jobId);
    expect(job).toMatchObject({ state: 'failed', attempts: 6, lease_until: null, sent_at: null });
    expect(job.last_error).toContain('451');
    t.advance(24 * 3_600_000);
    await runMailSender(t.deps);
    expect(sink.to(user.email)).toEqual([]);
    expect((await mailJob(t.deps.db, jobId)).state).toBe('failed');
    const entry = await t.deps.db
      .selectFrom('notifications')
      .select('mail_state')
      .where('id', '=', notificationId)
      .executeTakeFirstOrThrow();
    expect(entry.mail_state).toBe('queued');
  });

  it('takes over a job whose sender died once its lease has run out, and sends it once', async () => {
    const t = await mailApp();
    const user = await mailedUser(t.deps.db);
    const { jobId } = await queuedMail(t.deps.db, user, t.deps.now());
    // a process claims it and dies before it sends
    const claimed = await claimMailJob(t.deps.db, t.deps.now());
    expect(claimed).toMatchObject({ id: expect.any(Number), attempts: 1 });
    // (other test files' due jobs may come first; claim until it is ours)
    let job = claimed;
    while (job && job.id !== jobId) job = await claimMailJob(t.deps.db, t.deps.now());
    expect(await mailJob(t.deps.db, jobId)).toMatchObject({ state: 'sending', attempts: 1 });
    await runMailSender(t.deps);
    expect(sink.to(user.email)).toEqual([]);
    t.advance(MAIL_LEASE_MS);
    await runMailSender(t.deps);
    expect(sink.to(user.email)).toHaveLength(1);
    expect(await mailJob(t.deps.db, jobId)).toMatchObject({ state: 'sent', attempts: 2, lease_until: null });
  });

  it('skips a job whose user has no address any more, turned that kind’s mail off, or left the customer', async () => {
    const t = await mailApp();
    const gone = await mailedUser(t.deps.db);
    const off = await mailedUser(t.deps.db);
    const left = await mailedUser(t.deps.db);
    const jobs = {
      gone: await queuedMail(t.deps.db, gone, t.deps.now()),
      off: await queuedMail(t.deps.db, off, t.deps.now()),
      left: await queuedMail(t.deps.db, left, t.deps.now()),
    };
    await t.deps.db
      .updateTable('notification_settings')
      .set({ email: null })
      .where('uid', '=', gone.uid)
      .execute();
    await t.deps.db
      .insertInto('notification_prefs')
      .values({
        uid: off.uid,
        cu_id: off.cuId,
        kind: 'approval_needed',
        portal: true,
        email: false,
        digest: false,
      })
      .execute();
    await t.deps.db.deleteFrom('user_customers').where('uid', '=', left.uid).execute();
    await runMailSender(t.deps);
    for (const [who, reason] of [
      ['gone', 'no mail address'],
      ['off', 'turned off'],
      ['left', 'no longer a member'],
    ] as const) {
      const job = await mailJob(t.deps.db, jobs[who].jobId);
      expect(job.state, who).toBe('skipped');
      expect(job.last_error, who).toContain(reason);
      const entry = await t.deps.db
        .selectFrom('notifications')
        .select('mail_state')
        .where('id', '=', jobs[who].notificationId)
        .executeTakeFirstOrThrow();
      expect(entry.mail_state, who).toBe('none');
    }
    expect(sink.messages.filter((m) => [gone, off, left].some((u) => m.to.includes(u.email)))).toEqual([]);
  });

  it('gathers a user’s digest entries into one mail at the digest hour (China time), once', async () => {
    const t = await mailApp({ digestHour: 8 });
    const { author, approver, token, email } = await approvalSetup(t, 'en');
    await t.call('notification/settings-save', {
      token,
      body: {
        email,
        lang: 'en',
        kinds: [{ kind: 'approval_needed', portal: true, email: true, digest: true }],
      },
    });
    const schedule = unique('digest test ');
    // the schedule's moment before now is taken (the digest of the day before)
    await digestOnce(t.deps, t.deps.now(), schedule);
    const orders = [];
    for (let i = 0; i < 2; i++) orders.push((await create(t, author.token, orderForm(author))).data);
    await runNotifier(t.deps);
    const waiting = () =>
      t.deps.db
        .selectFrom('notifications')
        .select(['id', 'mail_state'])
        .where('uid', '=', approver.uid)
        .orderBy('id')
        .execute();
    expect((await waiting()).map((n) => n.mail_state)).toEqual(['digest', 'digest']);
    await runMailSender(t.deps);
    expect(sink.to(email)).toEqual([]);

    const next = new Date(digestSlot(t.deps.now(), 8).getTime() + 24 * 3_600_000);
    expect(await digestOnce(t.deps, new Date(next.getTime() - 1000), schedule)).toBeNull();
    const made = await Promise.all([digestOnce(t.deps, next, schedule), digestOnce(t.deps, next, schedule)]);
    expect(made.filter((n) => n === null)).toHaveLength(1);
    expect(await digestOnce(t.deps, new Date(next.getTime() + 3_600_000), schedule)).toBeNull();
    const ids = (await waiting()).map((n) => n.id);
    const jobs = await t.deps.db
      .selectFrom('mail_jobs')
      .selectAll()
      .where('uid', '=', approver.uid)
      .execute();
    expect(jobs).toMatchObject([{ digest: true, state: 'queued', notification_ids: ids }]);
    expect((await waiting()).map((n) => n.mail_state)).toEqual(['queued', 'queued']);

    t.advance(next.getTime() - t.deps.now().getTime() + 1000);
    await runMailSender(t.deps);
    const digest = only(email);
    expect(digest.parsed.subject).toBe('[LP] Your daily digest: 2 notifications');
    for (const o of orders) {
      expect(digest.parsed.text).toContain(`Order ${o.order_no} awaits your approval`);
      expect(digest.parsed.text).toContain(`${PORTAL}/customer-order/view/${o.id}`);
      expect(digest.parsed.html || '').toContain(`href="${PORTAL}/customer-order/view/${o.id}"`);
    }
    expect(new URL(unsubscribeLink(digest)).searchParams.get('kinds')).toBe('approval_needed');
    expect((await waiting()).map((n) => n.mail_state)).toEqual(['sent', 'sent']);
  });

  it('finds the digest moment in China time: today’s hour once it has come, else yesterday’s', () => {
    // 08:30 and 07:59 in Beijing
    expect(digestSlot(new Date('2026-12-03T00:30:00Z'), 8).toISOString()).toBe('2026-12-03T00:00:00.000Z');
    expect(digestSlot(new Date('2026-12-02T23:59:00Z'), 8).toISOString()).toBe('2026-12-02T00:00:00.000Z');
    expect(digestSlot(new Date('2026-12-03T00:00:00Z'), 8).toISOString()).toBe('2026-12-03T00:00:00.000Z');
    // midnight in Beijing is 16:00 UTC the day before
    expect(digestSlot(new Date('2026-12-02T16:10:00Z'), 0).toISOString()).toBe('2026-12-02T16:00:00.000Z');
    expect(digestSlot(new Date('2026-12-02T15:50:00Z'), 23).toISOString()).toBe('2026-12-02T15:00:00.000Z');
  });

  it('never names a DTP order’s patient: not the receiver’s name, phone or address, nor any party', async () => {
    const t = await mailApp({ integrationSecret: PROVIDER_SECRET });
    const author = await createUser(t.deps.db);
    const cuId = author.customers[0]!.cu_id;
    const token = await loginAs(t, author);
    const email = `${unique('dtp')}@mail.example.test`;
    await t.call('notification/settings-save', {
      token,
      body: {
        email,
        lang: 'zh-CN',
        kinds: [{ kind: 'delivered', portal: true, email: true, digest: false }],
      },
    });
    const order = await patientOrder(t, cuId, { created_by: author.uid });
    await postMilestones(t, order.order_no, [
      { milestone: 'picked_up', location: '上海市徐汇区' },
      { milestone: 'delivered', location: PATIENT.address },
    ]);
    await runNotifier(t.deps);
    await runMailSender(t.deps);
    const mail = only(email);
    expect(mail.parsed.subject).toBe(`【LP】订单 ${order.order_no} 已送达`);
    const everything = [mail.raw, mail.parsed.subject, mail.parsed.text, mail.parsed.html];
    expect(patientFragmentsIn(everything)).toEqual([]);
    expect(PATIENT_FRAGMENTS.length).toBeGreaterThan(0);
    for (const party of [PATIENT.name, PATIENT.phone, PATIENT.address, order.from_company, order.to_company])
      expect(folded(everything)).not.toContain(folded(party));
  });
});

/** Every kind by mail at once, for the user of `token`, at a new address, in `lang`: answers the address. */
async function everyKindByMail(t: TestApp, token: string, lang: 'zh-CN' | 'en') {
  const email = `${unique('all')}@mail.example.test`;
  const kinds = ALL_KINDS.map((kind) => ({ kind, portal: true, email: true, digest: false }));
  const saved = await t.call('notification/settings-save', { token, body: { email, lang, kinds } });
  expect(saved.code, saved.message).toBe(0);
  return email;
}

describe('a mail of each kind', () => {
  it.each(['zh-CN', 'en'] as const)(
    'says each kind in %s and names nothing of a DTP order’s patient or parties, nor the new device’s address',
    async (lang) => {
      const t = await mailApp({ integrationSecret: PROVIDER_SECRET });
      const { db } = t.deps;
      const author = await createUser(t.deps.db);
      const cuId = author.customers[0]!.cu_id;
      const approver = await createUser(t.deps.db);
      await db
        .insertInto('user_customers')
        .values({ uid: approver.uid, cu_id: cuId, can_approve: true, is_admin: true })
        .execute();
      await db.updateTable('users').set({ default_cu_id: cuId }).where('uid', '=', approver.uid).execute();
      const authorMail = await everyKindByMail(t, await loginAs(t, author), lang);
      const approverMail = await everyKindByMail(t, await loginAs(t, approver), lang);

      // what the portal's writes and the provider's calls do, on orders to the patient
      const order = await patientOrder(t, cuId, { created_by: author.uid });
      const waiting = await patientOrder(t, cuId, { created_by: author.uid });
      await db
        .updateTable('orders')
        .set({ status: 'pending_approval' })
        .where('id', '=', waiting.id)
        .execute();
      const asked = await db
        .insertInto('order_modifications')
        .values({ order_id: order.id, kind: 'cancel', changes: JSON.stringify({}), reason: '患者改期' })
        .returning('id')
        .executeTakeFirstOrThrow();
      await provider(t, 'answer-modify', {
        order_no: order.order_no,
        id: asked.id,
        accept: false,
        answer: '已出库',
      });
      await postMilestones(t, order.order_no, [
        { milestone: 'picked_up', location: '上海市徐汇区' },
        { milestone: 'delivered', location: PATIENT.address },
      ]);
      // a sign-in from another browser, then an export
      const elsewhere = await t.call<{ access_token: string }>('user/login', {
        body: { username: author.username, password: author.password },
        headers: {
          'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) Version/18.1 Safari/604.1',
        },
        ip: '203.0.113.9',
      });
      expect(elsewhere.code).toBe(0);
      const exported = await t.call('customer-order/xlsorder', { token: elsewhere.data.access_token });
      expect(exported.code, exported.message).toBe(0);
      // the events of writes that need more than this test's orders (a creation waiting for
      // approval, a document's review, a case opened and decided), as those writes append them:
      // an event names its records by id only, the notifier reads the rest
      const user = (u: FixtureUser) => ({ kind: 'user' as const, id: u.uid, name: '' });
      // a webhook endpoint the sender disabled after three days of failures (webhooks/sender.ts)
      const endpoint = await db
        .insertInto('webhook_endpoints')
        .values({
          cu_id: cuId,
          url: 'https://hooks.example.test/lp?token=abc',
          description: '',
          event_types: '[]',
          enabled: false,
          disabled_reason: 'failing',
          secret: 'whsec_AAAA',
          created_at: t.deps.now(),
          updated_at: t.deps.now(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db.transaction().execute((trx) =>
        appendEvents(
          trx,
          [
            {
              cuId,
              kind: 'order',
              action: 'create',
              recordId: waiting.id,
              orderId: waiting.id,
              actor: user(author),
            },
            {
              cuId,
              kind: 'order',
              action: 'attachment_reject',
              recordId: order.id,
              orderId: order.id,
              actor: user(approver),
            },
            {
              cuId,
              kind: 'excursion',
              action: 'open',
              recordId: 4711,
              orderId: order.id,
              actor: { kind: 'provider', id: null, name: '' },
            },
            {
              cuId,
              kind: 'excursion',
              action: 'decide',
              recordId: 4711,
              orderId: order.id,
              actor: user(approver),
            },
            {
              cuId,
              kind: 'webhook',
              action: 'disable',
              recordId: endpoint.id,
              actor: { kind: 'system', id: null, name: '' },
            },
          ],
          t.deps.now(),
        ),
      );
      await runNotifier(t.deps);
      await runMailSender(t.deps);

      const told = await db
        .selectFrom('notifications')
        .select(['kind', 'ref', 'mail_state'])
        .where('cu_id', '=', cuId)
        .execute();
      expect([...new Set(told.map((n) => n.kind))].sort()).toEqual([...ALL_KINDS].sort());
      expect(told.every((n) => n.mail_state === 'sent')).toBe(true);
      const mails = [...sink.to(authorMail), ...sink.to(approverMail)];
      const prefix = lang === 'en' ? '[LP] ' : '【LP】';
      expect(mails.map((m) => m.parsed.subject).sort()).toEqual(
        told.map((n) => `${prefix}${toldText(n.kind, n.ref, lang)}`).sort(),
      );
      for (const mail of mails) {
        expect(mail.parsed.html || '').toContain(`<html lang="${lang}">`);
        // Chinese words in a Chinese mail, none in an English one
        expect(/[\u4e00-\u9fff]/.test(mail.parsed.text ?? '')).toBe(lang === 'zh-CN');
      }
      const everything = mails.flatMap((m) => [m.raw, m.parsed.subject, m.parsed.text, m.parsed.html]);
      expect(patientFragmentsIn(everything)).toEqual([]);
      const parties = [
        ...Object.values(PATIENT),
        ...Object.values(DEPOT),
        order.from_company,
        order.to_company,
      ];
      for (const party of parties) expect(folded(everything)).not.toContain(folded(party));
      expect(everything.join('\n')).not.toContain('203.0.113.9');
    },
  );
});

describe('SMTP settings', () => {
  it('refuses SMTP_URL without MAIL_FROM, or of another scheme, without printing the password', () => {
    expect(() => loadConfig({ SMTP_URL: 'smtp://lp:s3cret-pw@mail.example.com:587' })).toThrow(
      /SMTP_URL is set but MAIL_FROM is not/,
    );
    for (const bad of ['http://mail.example.com', 'mail.example.com:25', 'smtp://'])
      expect(() => loadConfig({ SMTP_URL: bad, MAIL_FROM: FROM }), bad).toThrow(/SMTP_URL must be/);
    try {
      loadConfig({ SMTP_URL: 'smtp://lp:s3cret-pw@mail.example.com:587' });
    } catch (error) {
      expect(String(error)).not.toContain('s3cret-pw');
    }
    const config = loadConfig({ SMTP_URL: 'smtps://lp:pw@mail.example.com', MAIL_FROM: FROM });
    expect([config.smtpUrl, config.mailFrom]).toEqual(['smtps://lp:pw@mail.example.com', FROM]);
    expect(loadConfig({}).smtpUrl).toBeNull();
  });

  it('mails through SMTP before the HTTP mail service when both are set; keeps the outbox otherwise', async () => {
    const both = await testApp({ smtpUrl: sink.url, mailHttpUrl: 'http://127.0.0.1:9/mail', mailFrom: FROM });
    expect(mailerOf(both.deps)).toBeInstanceOf(SmtpMailer);
    const none = await testApp();
    expect(mailerOf(none.deps)?.constructor.name).toBe('OutboxMailer');
    // the credentials of the URL reach the server (its password has characters to escape)
    expect(sink.url).toContain(encodeURIComponent(SINK_PASS));
    const mailer: Mailer = new SmtpMailer(sink.url, FROM);
    await mailer.send(
      { to: ['check@mail.example.test'], subject: 'check', html: '<p>check</p>', text: 'check' },
      { cuId: 1, uid: 1, orderId: null },
    );
    expect(sink.to('check@mail.example.test')).toHaveLength(1);
    const refused: Mailer = new SmtpMailer(sink.url.replace(encodeURIComponent(SINK_PASS), 'wrong'), FROM);
    await expect(
      refused.send(
        { to: ['x@mail.example.test'], subject: 's', html: '', text: 't' },
        { cuId: 1, uid: 1, orderId: null },
      ),
    ).rejects.toThrow(/535|Invalid/);
  });

  it('has a public URL for links (default on this machine), a digest hour, and refuses localhost links in production mail', () => {
    expect(loadConfig({}).publicUrl).toBe('http://localhost:8080');
    expect(loadConfig({ PORT: '9000' }).publicUrl).toBe('http://localhost:9000');
    expect(loadConfig({ PUBLIC_URL: 'https://portal.example.com/' }).publicUrl).toBe(
      'https://portal.example.com',
    );
    expect(loadConfig({ PUBLIC_URL: 'https://example.com/lp/' }).publicUrl).toBe('https://example.com/lp');
    for (const bad of ['portal.example.com', 'ftp://x', 'https://x/?a=1'])
      expect(() => loadConfig({ PUBLIC_URL: bad }), bad).toThrow(/PUBLIC_URL must be/);
    expect(loadConfig({}).digestHour).toBe(8);
    expect(loadConfig({ DIGEST_HOUR: '0' }).digestHour).toBe(0);
    for (const bad of ['24', '-1', '7.5', 'eight'])
      expect(() => loadConfig({ DIGEST_HOUR: bad }), bad).toThrow(/DIGEST_HOUR/);
    const production = { NODE_ENV: 'production', SMS_GATEWAY_URL: 'https://sms.example.com' };
    expect(productionProblems(loadConfig(production))).toEqual([]);
    const mailing = { ...production, SMTP_URL: 'smtp://mail.example.com', MAIL_FROM: FROM };
    expect(productionProblems(loadConfig(mailing)).join(' ')).toContain(
      'PUBLIC_URL is http://localhost:8080',
    );
    expect(productionProblems(loadConfig({ ...mailing, PUBLIC_URL: 'https://portal.example.com' }))).toEqual(
      [],
    );
  });
});
