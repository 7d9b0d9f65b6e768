import { beforeAll, describe, expect, it } from 'vitest';
import type { LookupAnswer, ShareItem, Tracking } from '../../../src/contract/tracking/schemas.ts';
import { createUser, loginAs } from '../../testing/fixtures.ts';
import { type TestApp, testApp, testDatabase } from '../../testing/test-app.ts';
import { lookup, share, trackedOrder } from '../../testing/tracking-test-helpers.ts';

beforeAll(() => testDatabase());

const DAY = 24 * 60 * 60_000;
const open = (t: TestApp, token: string) =>
  t.call<LookupAnswer>('tracking/open', { body: { share_code: token } });
const status = (t: TestApp, view: string) => t.call<Tracking>('tracking/status', { query: { view } });

describe('share calls of the order view', () => {
  it('make a share (code, link token, path, expiry), list it newest first with its last use', async () => {
    const t = await testApp();
    const { owner, order } = await trackedOrder(t);
    const first = await share(t, owner.token, order.id, 7);
    expect(first).toMatchObject({
      order_id: order.id,
      order_no: order.order_no,
      created_by: owner.user.username.replace('u-', '测试用户'),
      revoked_at: null,
      last_used_at: null,
      path: `/track?share=${first.token}`,
    });
    expect(new Date(first.expires_at).getTime() - t.deps.now().getTime()).toBeGreaterThan(7 * DAY - 2000);
    expect(new Date(first.expires_at).getTime() - t.deps.now().getTime()).toBeLessThanOrEqual(7 * DAY);
    t.advance(1000);
    const second = await share(t, owner.token, order.id, 90);
    expect(second.code).not.toBe(first.code);
    const before = t.deps.now().getTime();
    expect((await open(t, first.token)).code).toBe(0);
    const after = t.deps.now().getTime();
    const list = await t.call<{ list: ShareItem[] }>('customer-order/share-list', {
      query: { id: String(order.id) },
      token: owner.token,
    });
    expect(list.data.list.map((s) => s.id)).toEqual([second.id, first.id]);
    const used = Date.parse(list.data.list[1]!.last_used_at ?? '');
    expect(used).toBeGreaterThanOrEqual(before);
    expect(used).toBeLessThanOrEqual(after);
    expect(list.data.list[0]!.last_used_at).toBeNull();
    // the list names a share by its code's last 4 characters, and never carries its code or link
    expect(list.data.list[1]!.code_tail).toBe(first.code.slice(-4));
    expect(first.code_tail).toBe(first.code.slice(-4));
    const listed = JSON.stringify(list.data);
    for (const secret of [first.code, first.code.replace('-', ''), first.token, second.code, second.token])
      expect(listed).not.toContain(secret);
    // no secret is stored: the table holds ids and times only
    const row = await t.deps.db
      .selectFrom('tracking_shares')
      .selectAll()
      .where('id', '=', first.id)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(first.code.replace('-', ''));
  });

  it('revoking ends the code, the link and the views opened with them; revoking twice answers the same', async () => {
    const t = await testApp();
    const { owner, order } = await trackedOrder(t);
    const s = await share(t, owner.token, order.id);
    const viewByLink = (await open(t, s.token)).data.view;
    const viewByCode = (await lookup(t, { order_no: order.order_no, share_code: s.code })).data.view;
    const viewByPhone = (await lookup(t, { order_no: order.order_no, phone4: '5678' })).data.view;
    t.advance(1000);
    const revoke = () =>
      t.call<ShareItem>('customer-order/share-revoke', { body: { share_id: s.id }, token: owner.token });
    const before = t.deps.now().getTime();
    const once = await revoke();
    expect(once.code).toBe(0);
    expect(Date.parse(once.data.revoked_at ?? '')).toBeGreaterThanOrEqual(before);
    t.advance(5000);
    expect((await revoke()).data).toEqual(once.data);
    expect(JSON.stringify(once.data), 'a revoke answers no code or link').not.toContain(s.token);
    expect(once.data).not.toHaveProperty('code');

    expect((await open(t, s.token)).code).toBe(404);
    expect((await lookup(t, { order_no: order.order_no, share_code: s.code })).code).toBe(404);
    expect((await lookup(t, { order_no: order.order_no, share_code: s.token })).code).toBe(404);
    expect((await status(t, viewByLink)).code).toBe(404);
    expect((await status(t, viewByCode)).code).toBe(404);
    expect((await t.call('tracking/temperature', { query: { view: viewByLink } })).code).toBe(404);
    // a view opened with the phone's digits does not depend on the share
    expect((await status(t, viewByPhone)).code).toBe(0);
  });

  it('making and revoking a share are in the order’s audit trail: its id and times, never its code or link', async () => {
    const t = await testApp();
    const { owner, order } = await trackedOrder(t);
    const s = await share(t, owner.token, order.id);
    t.advance(1000);
    const revoke = () =>
      t.call<ShareItem>('customer-order/share-revoke', { body: { share_id: s.id }, token: owner.token });
    const revoked = await revoke();
    expect(revoked.code).toBe(0);
    // revoking again writes nothing
    expect((await revoke()).code).toBe(0);
    const entries = await t.deps.db
      .selectFrom('audit_entries')
      .select(['record_type', 'record_id', 'action', 'actor_kind', 'actor_id', 'changes'])
      .where('cu_id', '=', owner.cuId)
      .orderBy('seq')
      .execute();
    const by = {
      record_type: 'order',
      record_id: String(order.id),
      actor_kind: 'user',
      actor_id: owner.user.uid,
    };
    expect(entries).toEqual([
      {
        ...by,
        action: 'share',
        changes: [{ field: `shares.${s.id}`, old: null, new: { expires_at: s.expires_at } }],
      },
      {
        ...by,
        action: 'share_revoke',
        changes: [
          {
            field: `shares.${s.id}`,
            old: { expires_at: s.expires_at, revoked_at: null },
            new: { expires_at: s.expires_at, revoked_at: revoked.data.revoked_at },
          },
        ],
      },
    ]);
    const kept = JSON.stringify(entries);
    for (const secret of [s.code, s.code.replace('-', ''), s.token]) expect(kept).not.toContain(secret);
  });

  it('an expired share opens nothing, and ends the views opened with it', async () => {
    const t = await testApp();
    const { owner, order } = await trackedOrder(t);
    const s = await share(t, owner.token, order.id, 1);
    t.advance(DAY - 30 * 60_000);
    const opened = await open(t, s.token);
    expect(opened.code).toBe(0);
    expect((await status(t, opened.data.view)).code).toBe(0);
    t.advance(31 * 60_000);
    const ended = await open(t, s.token);
    expect([ended.code, ended.message]).toEqual([404, 'This tracking link is not valid or has ended']);
    expect((await lookup(t, { order_no: order.order_no, share_code: s.code })).code).toBe(404);
    const view = await status(t, opened.data.view);
    expect([view.code, view.message]).toEqual([
      404,
      'This tracking view has ended, please look the order up again',
    ]);
  });

  it('view tokens last 2 hours', async () => {
    const t = await testApp();
    const { order } = await trackedOrder(t);
    const { view } = (await lookup(t, { order_no: order.order_no, phone4: '5678' })).data;
    t.advance(2 * 60 * 60_000 - 5000);
    expect((await status(t, view)).code).toBe(0);
    t.advance(10_000);
    expect((await status(t, view)).code).toBe(404);
  });

  it('a forged or altered token opens nothing', async () => {
    const t = await testApp();
    const { owner, order } = await trackedOrder(t);
    const other = await trackedOrder(t);
    const s = await share(t, owner.token, order.id);
    const theirs = await share(t, other.owner.token, other.order.id);
    const [payload, signature] = s.token.split('.') as [string, string];
    const flip = (text: string, at: number) =>
      text.slice(0, at) + (text[at] === 'A' ? 'B' : 'A') + text.slice(at + 1);
    const otherPayload = theirs.token.split('.')[0]!;
    const forged = [
      `${payload}.${flip(signature, 5)}`,
      `${otherPayload}.${signature}`,
      `${Buffer.from(`${theirs.id}.9999999999`).toString('base64url')}.${signature}`,
      `${payload}.${'A'.repeat(43)}`,
      'bm90LWEtdG9rZW4.c2lnbmF0dXJlLW9mLW5vdGhpbmc',
    ];
    for (const token of forged) expect((await open(t, token)).code, token).toBe(404);
    // (4 lookups: a fifth failure of the order number would ask for the captcha)
    for (const token of forged.slice(0, 3))
      expect((await lookup(t, { order_no: order.order_no, share_code: token })).code, token).toBe(404);
    // another order's genuine token does not open this order number
    expect((await lookup(t, { order_no: order.order_no, share_code: theirs.token })).code).toBe(404);
    const { view } = (await open(t, s.token)).data;
    const [viewPayload, viewSignature] = view.split('.') as [string, string];
    const [, shareId, expires] = Buffer.from(viewPayload, 'base64url').toString().split('.');
    const otherOrder = Buffer.from(`${other.order.id}.${shareId}.${expires}`).toString('base64url');
    for (const token of [
      `${viewPayload}.${flip(viewSignature, 3)}`,
      `${otherOrder}.${viewSignature}`,
      s.token,
    ]) {
      expect((await status(t, token)).code, token).toBe(404);
    }
    // a view token is no share link
    expect((await open(t, view)).code).toBe(404);
  });

  it('another customer’s session cannot make, list or revoke an order’s shares (404, nothing changed)', async () => {
    const t = await testApp();
    const { owner, order } = await trackedOrder(t);
    const s = await share(t, owner.token, order.id);
    const stranger = await loginAs(t, await createUser(t.deps.db));
    const created = await t.call('customer-order/share-create', {
      body: { id: order.id, days: 7 },
      token: stranger,
    });
    expect([created.code, created.message]).toEqual([404, 'No such order']);
    const list = await t.call('customer-order/share-list', {
      query: { id: String(order.id) },
      token: stranger,
    });
    expect(list.code).toBe(404);
    const revoked = await t.call('customer-order/share-revoke', {
      body: { share_id: s.id },
      token: stranger,
    });
    expect([revoked.code, revoked.message]).toEqual([404, 'No such share']);
    expect((await open(t, s.token)).code).toBe(0);
    const rows = await t.deps.db
      .selectFrom('tracking_shares')
      .select('id')
      .where('order_id', '=', order.id)
      .execute();
    expect(rows).toHaveLength(1);
    // without a session: 598
    expect((await t.call('customer-order/share-list', { query: { id: String(order.id) } })).code).toBe(598);
  });

  it('a cancelled order may be shared: the tracker shows it cancelled', async () => {
    const t = await testApp();
    const { owner, order } = await trackedOrder(t);
    await t.deps.db
      .insertInto('order_events')
      .values({
        order_id: order.id,
        at: new Date('2026-03-01T12:00:00Z'),
        kind: 'cancelled',
        status_to: 'cancelled',
        actor_kind: 'customer',
        reason: '患者退出试验',
      })
      .execute();
    await t.deps.db.updateTable('orders').set({ status: 'cancelled' }).where('id', '=', order.id).execute();
    const s = await share(t, owner.token, order.id);
    const opened = await open(t, s.token);
    expect(opened.data.tracking).toMatchObject({
      status: 'cancelled',
      cancelled_at: '2026-03-01T12:00:00.000Z',
    });
    expect(JSON.stringify(opened.data)).not.toContain('患者退出试验');
  });

  it('refuses bad input with 422, in Chinese by default and in English when asked', async () => {
    const t = await testApp();
    const { owner, order } = await trackedOrder(t);
    for (const days of [0, 91, 'seven']) {
      const en = await t.call('customer-order/share-create', {
        body: { id: order.id, days },
        token: owner.token,
      });
      expect(en.code, String(days)).toBe(422);
      expect(Object.keys(en.data as object)).toEqual(['days']);
    }
    const zh = await t.call<Record<string, string>>('customer-order/share-create', {
      body: { id: order.id, days: 91 },
      token: owner.token,
      headers: { 'accept-language': 'zh-CN' },
    });
    expect(zh.data.days).toBe('不能大于 90');
    const en = await t.call<Record<string, string>>('customer-order/share-create', {
      body: { id: order.id, days: 91 },
      token: owner.token,
    });
    expect(en.data.days).toBe('At most 90');
    const rows = await t.deps.db
      .selectFrom('tracking_shares')
      .select('id')
      .where('order_id', '=', order.id)
      .execute();
    expect(rows).toHaveLength(0);
  });
});
