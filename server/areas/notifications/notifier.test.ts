import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type {
  NotificationKind,
  NotificationList,
  NotificationSettings,
} from '../../../src/contract/notifications/schemas.ts';
import { DEVICE_COOKIE, deviceKeyOf } from '../accounts/devices.ts';
import { createUser, type FixtureUser, loginAs, signatureOf } from '../../testing/fixtures.ts';
import { orderForm } from '../../testing/editor-fixtures.ts';
import { create, readyToOrder } from '../../testing/editor-test-helpers.ts';
import {
  EXCURSION_SECRET,
  excursionWorld,
  postReadings,
  providerCall,
  series,
  shipment,
} from '../../testing/excursion-fixtures.ts';
import { postFile, SAMPLES } from '../../testing/file-fixtures.ts';
import { liveClient } from '../../testing/live-client.ts';
import { createOrder, createProject } from '../../testing/order-fixtures.ts';
import { type TestApp, testApp, testDatabase, unique } from '../../testing/test-app.ts';
import { CHANGE_PASSWORD_LINK, PORTAL_DEFAULTS } from './kinds.ts';
import { runNotifier } from './runner.ts';

beforeAll(() => testDatabase());

const app = () => testApp({ integrationSecret: EXCURSION_SECRET });
const bell = (t: TestApp, token: string, query: Record<string, string> = {}) =>
  t.call<NotificationList>('notification/index', { token, query });

/** A customer whose orders wait for approval: its author and an approver, both signed in. */
async function approvalSetup(t: TestApp) {
  const author = await readyToOrder(t, { requiresApproval: true });
  const cuId = author.user.customers[0]!.cu_id;
  const approver = await createUser(t.deps.db);
  await t.deps.db
    .insertInto('user_customers')
    .values({ uid: approver.uid, cu_id: cuId, can_approve: true })
    .execute();
  await t.deps.db.updateTable('users').set({ default_cu_id: cuId }).where('uid', '=', approver.uid).execute();
  return { author, approver, approverToken: await loginAs(t, approver), cuId };
}

describe('notifications', () => {
  it('tells the approvers of an order waiting for them (not its author), in the bell and by mail, live', async () => {
    const t = await app();
    const { author, approverToken } = await approvalSetup(t);
    const saved = await t.call<NotificationSettings>('notification/settings-save', {
      token: approverToken,
      body: { email: 'approver@example.test', lang: 'en', kinds: [] },
    });
    expect(saved.code).toBe(0);
    const stream = await liveClient(t, approverToken);
    await stream.next((e) => e.event === 'hello');
    const made = await create(t, author.token, orderForm(author));
    expect(made.code).toBe(0);
    expect(await runNotifier(t.deps)).toBeGreaterThanOrEqual(1);
    const list = await bell(t, approverToken);
    expect(list.data.unread).toBe(1);
    expect(list.data.list[0]).toMatchObject({
      kind: 'approval_needed',
      ref: made.data.order_no,
      link: `/customer-order/view/${made.data.id}`,
      read: false,
    });
    expect((await bell(t, author.token)).data).toEqual({ list: [], unread: 0 });
    const jobs = await t.deps.db
      .selectFrom('mail_jobs')
      .selectAll()
      .where(sql<boolean>`notification_ids @> ${JSON.stringify([list.data.list[0]!.id])}::jsonb`)
      .execute();
    expect(jobs).toHaveLength(1);
    // the approver's bell hears it on the stream
    const told = await stream.next((e) => e.event === 'change' && JSON.parse(e.data).kind === 'notification');
    expect(JSON.parse(told.data)).toMatchObject({ action: 'new' });
    await stream.close();
    // read: one, then all
    expect(
      (await t.call('notification/read', { token: approverToken, body: { ids: [list.data.list[0]!.id] } }))
        .code,
    ).toBe(0);
    expect((await bell(t, approverToken)).data.unread).toBe(0);
  });

  it('makes each event’s notifications once, however often the notifier runs', async () => {
    const t = await app();
    const { author, approverToken } = await approvalSetup(t);
    await create(t, author.token, orderForm(author));
    await Promise.all([runNotifier(t.deps), runNotifier(t.deps)]);
    await runNotifier(t.deps);
    expect((await bell(t, approverToken)).data.list).toHaveLength(1);
  });

  it('follows the user’s choice: a kind off in the portal is not in the bell, mail without an address is not sent', async () => {
    const t = await app();
    const { author, approver, approverToken } = await approvalSetup(t);
    await t.call('notification/settings-save', {
      token: approverToken,
      body: {
        email: '',
        lang: 'zh-CN',
        kinds: [{ kind: 'approval_needed', portal: false, email: true, digest: false }],
      },
    });
    const settings = await t.call<NotificationSettings>('notification/settings', { token: approverToken });
    expect(settings.data.kinds.find((k) => k.kind === 'approval_needed')).toEqual({
      kind: 'approval_needed',
      portal: false,
      email: true,
      digest: false,
    });
    await create(t, author.token, orderForm(author));
    await runNotifier(t.deps);
    expect((await bell(t, approverToken)).data.unread).toBe(0);
    const rows = await t.deps.db
      .selectFrom('notifications')
      .select(['in_portal', 'mail_state'])
      .where('uid', '=', approver.uid)
      .execute();
    expect(rows).toEqual([{ in_portal: false, mail_state: 'none' }]);
  });

  it('tells the author of a delivered order once, whatever milestones follow', async () => {
    const t = await app();
    const s = await readyToOrder(t);
    const made = (await create(t, s.token, orderForm(s))).data;
    await providerCall(t, 'provider/confirm', { order_no: made.order_no });
    for (const milestone of ['picked_up', 'delivered'] as const) {
      t.advance(1000);
      const posted = await providerCall(t, 'provider/milestone', {
        order_no: made.order_no,
        milestone,
        at: new Date(t.deps.now().getTime() - 60_000).toISOString(),
      });
      expect(posted.code, posted.message).toBe(0);
    }
    await runNotifier(t.deps);
    const list = (await bell(t, s.token)).data.list;
    expect(list.map((n) => n.kind)).toEqual(['delivered']);
  });

  it('lets only the customer’s administrators set its defaults, which users without a choice follow', async () => {
    const t = await app();
    const admin = await createUser(t.deps.db, { admin: true });
    const adminToken = await loginAs(t, admin);
    const plain = await readyToOrder(t);
    expect((await t.call('notification/defaults', { token: plain.token })).code).toBe(403);
    expect(
      (
        await t.call('notification/defaults-save', {
          token: plain.token,
          body: { kinds: [{ kind: 'delivered', portal: true, email: true, digest: true }] },
        })
      ).code,
    ).toBe(403);
    const set = await t.call<{ kinds: { kind: string; email: boolean }[] }>('notification/defaults-save', {
      token: adminToken,
      body: { kinds: [{ kind: 'delivered', portal: true, email: true, digest: true }] },
    });
    expect(set.code).toBe(0);
    expect(set.data.kinds.find((k) => k.kind === 'delivered')?.email).toBe(true);
    const colleague = await createUser(t.deps.db);
    await t.deps.db
      .insertInto('user_customers')
      .values({ uid: colleague.uid, cu_id: admin.customers[0]!.cu_id })
      .execute();
    await t.deps.db
      .updateTable('users')
      .set({ default_cu_id: admin.customers[0]!.cu_id })
      .where('uid', '=', colleague.uid)
      .execute();
    const theirs = await t.call<NotificationSettings>('notification/settings', {
      token: await loginAs(t, colleague),
    });
    expect(theirs.data.kinds.find((k) => k.kind === 'delivered')).toEqual({
      kind: 'delivered',
      portal: true,
      email: true,
      digest: true,
    });
    expect(theirs.data.can_set_defaults).toBe(false);
  });

  it('refuses an address that is not one, and changes nothing', async () => {
    const t = await app();
    const s = await readyToOrder(t);
    const bad = await t.call('notification/settings-save', {
      token: s.token,
      body: { email: 'not an address', lang: 'en', kinds: [] },
    });
    expect(bad.code).toBe(422);
    expect((await t.call<NotificationSettings>('notification/settings', { token: s.token })).data.email).toBe(
      '',
    );
  });
});

/** A member of customer `cuId` (its default) with a mail address, in roles of its own there. */
async function member(t: TestApp, cuId: number, roles: { approver?: boolean; admin?: boolean } = {}) {
  const user = await createUser(t.deps.db);
  await t.deps.db
    .insertInto('user_customers')
    .values({
      uid: user.uid,
      cu_id: cuId,
      can_approve: roles.approver ?? false,
      is_admin: roles.admin ?? false,
    })
    .execute();
  await t.deps.db.updateTable('users').set({ default_cu_id: cuId }).where('uid', '=', user.uid).execute();
  await withAddress(t, user);
  return user;
}

/** Gives the user a mail address: what is mailed then follows the channels alone. */
const withAddress = (t: TestApp, user: FixtureUser) =>
  t.deps.db
    .insertInto('notification_settings')
    .values({ uid: user.uid, email: `${unique('n')}@mail.example.test`, lang: 'en', updated_at: new Date() })
    .execute();

/**
 * A customer (its first user's) with an author of its orders, an approver, an administrator and
 * a member in no role, each with a mail address.
 */
async function team(t: TestApp) {
  const author = await createUser(t.deps.db);
  await withAddress(t, author);
  const cuId = author.customers[0]!.cu_id;
  return {
    cuId,
    author,
    approver: await member(t, cuId, { approver: true }),
    admin: await member(t, cuId, { admin: true }),
    bystander: await member(t, cuId),
  };
}

/**
 * After a notifier's pass: who on the customer was told of `kind` (ascending uid), naming what,
 * and whether a mail job was made for it.
 */
async function toldOf(t: TestApp, cuId: number, kind: NotificationKind) {
  await runNotifier(t.deps);
  const rows = await t.deps.db
    .selectFrom('notifications')
    .select(['id', 'uid', 'ref'])
    .where('cu_id', '=', cuId)
    .where('kind', '=', kind)
    .orderBy('uid')
    .orderBy('id')
    .execute();
  const jobs = await t.deps.db
    .selectFrom('mail_jobs')
    .select('notification_ids')
    .where('cu_id', '=', cuId)
    .execute();
  const mailed = new Set(jobs.flatMap((j) => j.notification_ids));
  return rows.map((r) => ({ uid: r.uid, ref: r.ref, mailed: mailed.has(r.id) }));
}

const uids = (...users: Array<{ uid: number }>) => users.map((u) => u.uid).sort((a, b) => a - b);

describe('each kind: who is told (never the one who did it), and by mail as the kind’s default says', () => {
  it('keeps the defaults the issue asks for: by mail what asks someone to act, and a sign-in from a new device', () => {
    const mailed = Object.entries(PORTAL_DEFAULTS)
      .filter(([, c]) => c.email && !c.digest)
      .map(([kind]) => kind)
      .sort();
    expect(mailed).toEqual([
      'approval_needed',
      'document_rejected',
      'excursion_decided',
      'excursion_opened',
      'new_device_sign_in',
      'webhook_disabled',
    ]);
    expect(Object.values(PORTAL_DEFAULTS).every((c) => c.portal)).toBe(true);
  });

  it('document_rejected: the order’s author, by mail; not the reviewer who rejected it, nor anyone else', async () => {
    const t = await app();
    const { cuId, author, approver } = await team(t);
    const project = await createProject(t.deps.db, cuId, { required_attachments: ['pod'] });
    const token = await loginAs(t, approver);
    const reject = async (orderId: number) => {
      const pod = await postFile<{ attachment: { id: number } }>(t, 'customer-order/upload', {
        token,
        fields: { id: orderId, kind: 'pod' },
        file: { name: 'pod.pdf', content: SAMPLES.pdf() },
      });
      expect(pod.code, pod.message).toBe(0);
      const audited = await t.call('customer-order/attachment-audit', {
        token,
        body: {
          id: pod.data.attachment.id,
          pass: false,
          reason: '签字不清晰',
          signature: signatureOf(approver, 'review'),
        },
      });
      expect(audited.code, audited.message).toBe(0);
    };
    const order = await createOrder(t.deps.db, cuId, { pr_id: project.pr_id, created_by: author.uid });
    await reject(order.id);
    expect(await toldOf(t, cuId, 'document_rejected')).toEqual([
      { uid: author.uid, ref: order.order_no, mailed: true },
    ]);
    // the reviewer's own order: the one who rejected it is not told
    const own = await createOrder(t.deps.db, cuId, { pr_id: project.pr_id, created_by: approver.uid });
    await reject(own.id);
    expect((await toldOf(t, cuId, 'document_rejected')).map((n) => n.ref)).toEqual([order.order_no]);
  });

  it('modification_answered: the order’s author, in the portal only (no mail by default)', async () => {
    const t = await app();
    const { cuId, author } = await team(t);
    const order = await createOrder(t.deps.db, cuId, {
      status: 'not_finished',
      milestone: 'picked_up',
      created_by: author.uid,
    });
    const asked = await t.deps.db
      .insertInto('order_modifications')
      .values({ order_id: order.id, kind: 'cancel', changes: JSON.stringify({}), reason: '患者改期' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const answered = await providerCall(t, 'provider/answer-modify', {
      order_no: order.order_no,
      id: asked.id,
      accept: false,
      answer: '已出库',
    });
    expect(answered.code, answered.message).toBe(0);
    expect(await toldOf(t, cuId, 'modification_answered')).toEqual([
      { uid: author.uid, ref: order.order_no, mailed: false },
    ]);
  });

  it('excursion_opened and excursion_decided: approvers, administrators and the order’s author, by mail; not the one who decided', async () => {
    const t = await app();
    const w = await excursionWorld(t);
    await withAddress(t, w.user);
    const author = await member(t, w.cuId);
    const approver = await member(t, w.cuId, { approver: true });
    const admin = await member(t, w.cuId, { admin: true });
    await member(t, w.cuId);
    const s = await shipment(t, w, 10, { created_by: author.uid });
    const read = await postReadings(
      t,
      s.order_no,
      s.loggerId,
      series('2026-11-20T00:00:00Z', [5, 9, 12, 11, 10, 6, 5]),
    );
    expect(read.code, read.message).toBe(0);
    const opened = await toldOf(t, w.cuId, 'excursion_opened');
    // the provider's readings opened it: everyone concerned, the world's approver too
    expect(opened.map((n) => n.uid)).toEqual(uids(w.user, author, approver, admin));
    expect(opened.every((n) => n.mailed && /^EXC-\d{6}$/.test(n.ref))).toBe(true);

    const caseId = Number(opened[0]!.ref.slice(4));
    expect(
      (await t.call('excursion/assign', { token: w.token, body: { id: caseId, uid: w.user.uid } })).code,
    ).toBe(0);
    const decided = await t.call('excursion/decide', {
      token: w.token,
      body: { id: caseId, decision: 'release', reason: '稳定性数据支持放行', signature: signatureOf(w.user) },
    });
    expect(decided.code, decided.message).toBe(0);
    const told = await toldOf(t, w.cuId, 'excursion_decided');
    expect(told.map((n) => n.uid)).toEqual(uids(author, approver, admin));
    expect(told.every((n) => n.mailed && n.ref === opened[0]!.ref)).toBe(true);
  });

  it('export_ready: its owner only, in the portal only (no mail by default)', async () => {
    const t = await app();
    const { cuId, author } = await team(t);
    await createOrder(t.deps.db, cuId, { created_by: author.uid });
    const exported = await t.call<{ job_id: number }>('customer-order/xlsorder', {
      token: await loginAs(t, author),
    });
    expect(exported.code, exported.message).toBe(0);
    const job = await t.deps.db
      .selectFrom('export_jobs')
      .select('name')
      .where('id', '=', exported.data.job_id)
      .executeTakeFirstOrThrow();
    expect(await toldOf(t, cuId, 'export_ready')).toEqual([
      { uid: author.uid, ref: job.name, mailed: false },
    ]);
  });

  it('new_device_sign_in: the user signed in, by mail, naming the device, the masked address and the time; nobody else; not the first sign-in ever, not a known device', async () => {
    const t = await app();
    const { cuId, author } = await team(t);
    const signIn = async (headers: Record<string, string>, ip: string) => {
      const res = await t.call<{ access_token: string }>('user/login', {
        body: { username: author.username, password: author.password },
        headers,
        ip,
      });
      expect(res.code, res.message).toBe(0);
      return { token: res.data.access_token, key: deviceKeyOf(res.headers.getSetCookie()[0]?.split(';')[0]) };
    };
    const desk = await signIn(
      { 'user-agent': 'Mozilla/5.0 (Windows NT 10.0) Chrome/131.0.0.0 Safari/537.36' },
      '198.51.100.4',
    );
    expect(await toldOf(t, cuId, 'new_device_sign_in')).toEqual([]);
    const laptop = await signIn(
      { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0' },
      '203.0.113.9',
    );
    const told = await toldOf(t, cuId, 'new_device_sign_in');
    expect(told).toEqual([
      {
        uid: author.uid,
        ref: expect.stringMatching(/^Firefox · Linux · 203\.0\.113\.\* · \d{4}-\d{2}-\d{2} \d{2}:\d{2}$/),
        mailed: true,
      },
    ]);
    expect(told[0]!.ref).not.toContain('203.0.113.9');
    // in the bell, where the user can change the password
    const list = (await bell(t, laptop.token)).data.list;
    expect(list).toMatchObject([
      { kind: 'new_device_sign_in', ref: told[0]!.ref, link: CHANGE_PASSWORD_LINK, read: false },
    ]);
    // both browsers, back with their cookies, are known
    await signIn({ cookie: `${DEVICE_COOKIE}=${desk.key}` }, '198.51.100.4');
    await signIn({ cookie: `${DEVICE_COOKIE}=${laptop.key}` }, '192.0.2.1');
    expect(await toldOf(t, cuId, 'new_device_sign_in')).toHaveLength(1);
  });
});
