import { describe, expect, it } from 'vitest';
import type { OrderEvent } from '../../../src/contract/orders/schemas.ts';
import { orderForm } from '../../testing/editor-fixtures.ts';
import { create, readyToOrder } from '../../testing/editor-test-helpers.ts';
import { createUser, signatureOf } from '../../testing/fixtures.ts';
import { createOrder } from '../../testing/order-fixtures.ts';
import { signedIn } from '../../testing/order-test-helpers.ts';
import { type TestApp, testApp } from '../../testing/test-app.ts';
import { LOCK_AFTER } from '../accounts/login-delays.ts';
import { ALERT_EVERY } from './check.ts';

/** 21 CFR Part 11 §11.50, §11.70, §11.200, §11.300: approvals and document reviews are signed. */

const approve = (t: TestApp, token: string, id: number, signature: unknown, extra: object = {}) =>
  t.call<{ status: string; version: number }>('customer-order/auditing', {
    token,
    body: { id, pass: true, version: 1, ...(signature === undefined ? {} : { signature }), ...extra },
  });

const statusOf = async (t: TestApp, id: number) =>
  (
    await t.deps.db
      .selectFrom('orders')
      .select(['status', 'version'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  ).status;

const failures = (t: TestApp, cuId: number, uid: number) =>
  t.deps.db
    .selectFrom('audit_entries')
    .select(['action', 'actor_id', 'changes'])
    .where('cu_id', '=', cuId)
    .where('record_type', '=', 'user')
    .where('record_id', '=', String(uid))
    .orderBy('seq')
    .execute();

const history = async (t: TestApp, token: string, id: number) =>
  (await t.call<{ list: OrderEvent[] }>('common/get-order-handel', { token, query: { id: String(id) } })).data
    .list;

describe('an approval is an electronic signature', () => {
  it('without one: 422 on `signature`, and nothing changes', async () => {
    const t = await testApp();
    const me = await signedIn(t, { approver: true });
    const order = await createOrder(t.deps.db, me.cuId, { status: 'pending_approval' });
    const missing = await approve(t, me.token, order.id, undefined);
    expect([missing.code, Object.keys(missing.data as object)]).toEqual([422, ['signature']]);
    const noPassword = await approve(t, me.token, order.id, { meaning: 'approval' });
    expect([noPassword.code, Object.keys(noPassword.data as object)]).toEqual([422, ['signature.password']]);
    const badMeaning = await approve(t, me.token, order.id, {
      ...signatureOf(me.user),
      meaning: 'authorship',
    });
    expect([badMeaning.code, Object.keys(badMeaning.data as object)]).toEqual([422, ['signature.meaning']]);
    expect(await statusOf(t, order.id)).toBe('pending_approval');
    expect(
      await t.deps.db.selectFrom('signatures').select('id').where('cu_id', '=', me.cuId).execute(),
    ).toEqual([]);
  });

  it('signs with the password typed again: stored with the order’s content hash, shown in the history', async () => {
    const t = await testApp();
    const me = await signedIn(t, { approver: true });
    const order = await createOrder(t.deps.db, me.cuId, { status: 'pending_approval' });
    const res = await approve(t, me.token, order.id, signatureOf(me.user, 'responsibility'));
    expect([res.code, res.data.status]).toEqual([0, 'pending_confirm']);
    const stored = await t.deps.db
      .selectFrom('signatures')
      .selectAll()
      .where('cu_id', '=', me.cuId)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({
      record_type: 'order',
      record_id: String(order.id),
      record_version: 1,
      uid: me.user.uid,
      meaning: 'responsibility',
      method: 'password',
    });
    expect(stored.content_hash).toMatch(/^[0-9a-f]{64}$/);
    const approved = (await history(t, me.token, order.id)).find((e) => e.kind === 'approved');
    expect(approved?.signature).toEqual({
      name: stored.printed_name,
      meaning: 'responsibility',
      signed_at: new Date(stored.signed_at).toISOString(),
      current: true,
    });
    // the trail's entry of the approval carries the signature, so the chain covers it
    const entry = await t.deps.db
      .selectFrom('audit_entries')
      .select('changes')
      .where('cu_id', '=', me.cuId)
      .where('action', '=', 'approve')
      .executeTakeFirstOrThrow();
    expect(entry.changes).toContainEqual({
      field: 'signature',
      old: null,
      new: expect.objectContaining({ id: stored.id, content_sha256: stored.content_hash }),
    });
  });

  it('a wrong password is refused (422), recorded, counted towards the lock-out, and told to the administrators', async () => {
    const t = await testApp();
    const me = await signedIn(t, { approver: true });
    const admin = await createUser(t.deps.db);
    await t.deps.db
      .insertInto('user_customers')
      .values({ uid: admin.uid, cu_id: me.cuId, position: 1, is_admin: true })
      .execute();
    const order = await createOrder(t.deps.db, me.cuId, { status: 'pending_approval' });
    const wrong = { password: `${me.user.password}x`, meaning: 'approval' };
    for (let i = 1; i <= ALERT_EVERY; i++) {
      const res = await approve(t, me.token, order.id, wrong);
      expect([res.code, res.data]).toEqual([422, { signature: 'Wrong password: nothing was signed' }]);
    }
    expect(await statusOf(t, order.id)).toBe('pending_approval');
    const trail = await failures(t, me.cuId, me.user.uid);
    expect(trail.map((e) => e.action)).toEqual([
      ...Array(ALERT_EVERY).fill('signature_failed'),
      'signature_alert',
    ]);
    expect(trail[0]?.changes).toContainEqual({
      field: 'operation',
      old: null,
      new: 'POST customer-order/auditing',
    });
    expect(trail.at(-1)?.changes).toContainEqual({ field: 'told', old: null, new: [admin.uid] });
    const texts = await t.deps.db
      .selectFrom('sms_outbox')
      .select('body')
      .where('mobile', '=', admin.mobile)
      .execute();
    expect(texts).toHaveLength(1);
    expect(texts[0]?.body).toContain(`${ALERT_EVERY} 次电子签名密码错误`);
    // counted as failed sign-ins of the account: the next login of it needs the captcha
    const login = await t.call('user/login', {
      body: { username: me.user.username, password: me.user.password, validate: '' },
    });
    expect(login.code).toBe(475);
  });

  it('locks the signer out at this address with the sign-in’s lock: 407, even with the right password', async () => {
    const t = await testApp();
    const me = await signedIn(t, { approver: true });
    const order = await createOrder(t.deps.db, me.cuId, { status: 'pending_approval' });
    const wrong = { password: 'not-the-password', meaning: 'approval' };
    for (let i = 0; i < LOCK_AFTER; i++) {
      // each failure past the first few makes the next try wait: the clock moves past the wait
      t.advance(60_000);
      expect((await approve(t, me.token, order.id, wrong)).code).toBe(422);
    }
    const locked = await approve(t, me.token, order.id, signatureOf(me.user));
    expect(locked.code).toBe(407);
    expect(await statusOf(t, order.id)).toBe('pending_approval');
  });

  it('is the signer’s own password: a borrowed session cannot sign with the owner’s colleague’s', async () => {
    const t = await testApp();
    const me = await signedIn(t, { approver: true });
    const colleague = await createUser(t.deps.db);
    const order = await createOrder(t.deps.db, me.cuId, { status: 'pending_approval' });
    expect((await approve(t, me.token, order.id, signatureOf(colleague))).code).toBe(422);
    expect(await statusOf(t, order.id)).toBe('pending_approval');
  });

  it('an edit after the approval: back to review, and the approval applies to an earlier version', async () => {
    const t = await testApp();
    const s = await readyToOrder(t, { requiresApproval: true, approver: true });
    const form = orderForm(s);
    const made = (await create(t, s.token, form)).data;
    expect((await approve(t, s.token, made.id, signatureOf(s.user))).code).toBe(0);
    const before = (await history(t, s.token, made.id)).find((e) => e.kind === 'approved');
    expect(before?.signature?.current).toBe(true);
    const edited = await create(t, s.token, {
      ...form,
      id: made.id,
      version: 2,
      remark: '改了数量',
      reason: '改',
    });
    expect(edited.code).toBe(0);
    expect(await statusOf(t, made.id)).toBe('pending_approval');
    const after = (await history(t, s.token, made.id)).find((e) => e.kind === 'approved');
    expect(after?.signature).toMatchObject({ meaning: 'approval', current: false });
  });
});

describe('a document’s review is an electronic signature', () => {
  it('is refused without one, and signs the document’s content when given', async () => {
    const t = await testApp();
    const me = await signedIn(t, { approver: true });
    const order = await createOrder(t.deps.db, me.cuId, { status: 'not_finished' });
    const file = await t.deps.db
      .insertInto('files')
      .values({
        cu_id: me.cuId,
        uid: me.user.uid,
        name: 'pod.pdf',
        media_type: 'application/pdf',
        size: 10,
        sha256: 'a'.repeat(64),
        storage_key: `test/${order.id}`,
      })
      .returning('file_id')
      .executeTakeFirstOrThrow();
    const attachment = await t.deps.db
      .insertInto('order_attachments')
      .values({
        order_id: order.id,
        file_id: file.file_id,
        kind: 'pod',
        status: 'pending',
        source: 'customer',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const review = (signature?: unknown) =>
      t.call('customer-order/attachment-audit', {
        token: me.token,
        body: { id: attachment.id, pass: true, ...(signature ? { signature } : {}) },
      });
    expect((await review()).code).toBe(422);
    expect((await review(signatureOf(me.user, 'review'))).code).toBe(0);
    const reviewed = (await history(t, me.token, order.id)).find((e) => e.kind === 'attachment_approved');
    expect(reviewed?.signature).toMatchObject({ meaning: 'review', current: true });
  });
});
