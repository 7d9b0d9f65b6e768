import { describe, expect, it } from 'vitest';
import { signatureOf } from '../../testing/fixtures.ts';
import { createOrder } from '../../testing/order-fixtures.ts';
import { signedIn } from '../../testing/order-test-helpers.ts';
import { enrolTotp, totpNow } from '../../testing/second-factor-fixtures.ts';
import { addPasskey } from '../../testing/passkey-fixtures.ts';
import { type TestApp, testApp } from '../../testing/test-app.ts';

/** Part 11 §11.200 with a second factor: a signer who has one signs with the password and its code. */

const approve = (t: TestApp, token: string, id: number, signature: unknown) =>
  t.call<{ methods?: string[]; status?: string }>('customer-order/auditing', {
    token,
    body: { id, pass: true, version: 1, signature },
  });

const statusOf = async (t: TestApp, id: number) =>
  (await t.deps.db.selectFrom('orders').select('status').where('id', '=', id).executeTakeFirstOrThrow())
    .status;

const methodOf = async (t: TestApp, cuId: number) =>
  (await t.deps.db.selectFrom('signatures').select('method').where('cu_id', '=', cuId).executeTakeFirst())
    ?.method;

describe('signing with a second factor', () => {
  it('the right password without a code answers 477 with the methods and signs nothing', async () => {
    const t = await testApp();
    const me = await signedIn(t, { approver: true });
    await enrolTotp(t, me.token, me.user.password);
    const order = await createOrder(t.deps.db, me.cuId, { status: 'pending_approval' });
    const res = await approve(t, me.token, order.id, signatureOf(me.user));
    expect([res.code, res.message, res.data]).toEqual([
      477,
      'Enter the code of your authenticator app to sign',
      { methods: ['totp', 'recovery'] },
    ]);
    expect(await statusOf(t, order.id)).toBe('pending_approval');
    expect(await methodOf(t, me.cuId)).toBeUndefined();
    // with a passkey too, the 477 asks for either
    await addPasskey(t, me.token, me.user.password);
    const both = await approve(t, me.token, order.id, signatureOf(me.user));
    expect([both.code, both.message, both.data]).toEqual([
      477,
      'Confirm with your second factor to sign',
      { methods: ['totp', 'recovery', 'passkey'] },
    ]);
  });

  it('with the password and the code it signs, and the signature and its audit entry say password+totp', async () => {
    const t = await testApp();
    const me = await signedIn(t, { approver: true });
    const { secret } = await enrolTotp(t, me.token, me.user.password);
    const order = await createOrder(t.deps.db, me.cuId, { status: 'pending_approval' });
    const code = await totpNow(t, secret);
    const res = await approve(t, me.token, order.id, { ...signatureOf(me.user), code });
    expect([res.code, res.data.status]).toEqual([0, 'pending_confirm']);
    expect(await methodOf(t, me.cuId)).toBe('password+totp');
    const entry = await t.deps.db
      .selectFrom('audit_entries')
      .select('changes')
      .where('cu_id', '=', me.cuId)
      .where('action', '=', 'approve')
      .executeTakeFirstOrThrow();
    expect(entry.changes).toContainEqual({
      field: 'signature',
      old: null,
      new: expect.objectContaining({ method: 'password+totp' }),
    });
    // the same code again (replay) signs nothing more
    const other = await createOrder(t.deps.db, me.cuId, { status: 'pending_approval' });
    const replay = await approve(t, me.token, other.id, { ...signatureOf(me.user), code });
    expect([replay.code, Object.keys(replay.data as object)]).toEqual([422, ['signature.code']]);
    expect(await statusOf(t, other.id)).toBe('pending_approval');
  });

  it('a recovery code signs once (password+recovery); a wrong code is refused, recorded and counted', async () => {
    const t = await testApp();
    const me = await signedIn(t, { approver: true });
    const { recoveryCodes } = await enrolTotp(t, me.token, me.user.password);
    const order = await createOrder(t.deps.db, me.cuId, { status: 'pending_approval' });
    const wrong = await approve(t, me.token, order.id, { ...signatureOf(me.user), code: '000000' });
    expect([wrong.code, Object.keys(wrong.data as object)]).toEqual([422, ['signature.code']]);
    const failed = await t.deps.db
      .selectFrom('audit_entries')
      .select('changes')
      .where('record_id', '=', String(me.user.uid))
      .where('action', '=', 'signature_failed')
      .executeTakeFirstOrThrow();
    expect(failed.changes).toContainEqual({ field: 'step', old: null, new: 'second_factor' });
    const counted = await t.deps.db
      .selectFrom('login_failures')
      .select('failures')
      .where('username', '=', me.user.username)
      .executeTakeFirst();
    expect(counted?.failures).toBe(1);
    const signed = await approve(t, me.token, order.id, { ...signatureOf(me.user), code: recoveryCodes[0] });
    expect(signed.code).toBe(0);
    expect(await methodOf(t, me.cuId)).toBe('password+recovery');
    const used = await t.deps.db
      .selectFrom('audit_entries')
      .select('changes')
      .where('record_id', '=', String(me.user.uid))
      .where('action', '=', 'recovery_code_used')
      .executeTakeFirstOrThrow();
    expect(used.changes).toContainEqual({ field: 'purpose', old: null, new: 'signature' });
  });

  it('a wrong password with a code is still the password’s 422, and a signer without a factor signs with the password alone', async () => {
    const t = await testApp();
    const me = await signedIn(t, { approver: true });
    const order = await createOrder(t.deps.db, me.cuId, { status: 'pending_approval' });
    const wrong = await approve(t, me.token, order.id, {
      password: 'Wrong#pass1',
      meaning: 'approval',
      code: '123456',
    });
    expect([wrong.code, Object.keys(wrong.data as object)]).toEqual([422, ['signature']]);
    const plain = await approve(t, me.token, order.id, signatureOf(me.user));
    expect(plain.code).toBe(0);
    expect(await methodOf(t, me.cuId)).toBe('password');
  });
});
