import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { NotificationList, NotificationSettings } from '../../../src/contract/notifications/schemas.ts';
import { createUser, loginAs } from '../../testing/fixtures.ts';
import { orderForm } from '../../testing/editor-fixtures.ts';
import { create, readyToOrder } from '../../testing/editor-test-helpers.ts';
import { EXCURSION_SECRET, providerCall } from '../../testing/excursion-fixtures.ts';
import { liveClient } from '../../testing/live-client.ts';
import { type TestApp, testApp, testDatabase } from '../../testing/test-app.ts';
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
