import { beforeAll, describe, expect, it } from 'vitest';
import type { LoginResponse, UserInfo } from '../../../src/contract/accounts/schemas.ts';
import { lastSmsCode, startOfWindow } from '../../testing/accounts.ts';
import { createUser, loginAs } from '../../testing/fixtures.ts';
import { type TestApp, testApp, testDatabase } from '../../testing/test-app.ts';

// The worker's database is created once (seconds); do it outside any test's time limit.
beforeAll(() => testDatabase());

const NEW = 'Fresh#2026pw';

const form = (fields: Record<string, string>) => ({
  raw: new URLSearchParams(fields).toString(),
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
});

async function userRow(t: TestApp, uid: number) {
  return t.deps.db
    .selectFrom('users')
    .select(['password_hash', 'pass_flag', 'is_weak_password'])
    .where('uid', '=', uid)
    .executeTakeFirstOrThrow();
}

describe('user/update-pass-word', () => {
  it('changes the password, clears the flags and ends every session (598)', async () => {
    const t = await testApp();
    const u = await createUser(t.deps.db, { password: 'abc12345', passFlag: 1 });
    const token = await loginAs(t, u);
    const res = await t.call('user/update-pass-word', {
      token,
      body: { username: u.username, old_password: u.password, new_password1: NEW, new_password2: NEW },
    });
    expect(res.code).toBe(0);
    expect((await t.call('user/get-user-info', { token })).code).toBe(598);
    const row = await userRow(t, u.uid);
    expect(row).toMatchObject({ pass_flag: 0, is_weak_password: false });
    expect(row.password_hash).toMatch(/^scrypt\$16384\$/);
    const ended = await t.deps.db
      .selectFrom('sessions')
      .select('end_reason')
      .where('uid', '=', u.uid)
      .execute();
    expect(ended.map((r) => r.end_reason)).toEqual(['password']);
    expect((await t.call('user/login', { body: { username: u.username, password: u.password } })).code).toBe(
      406,
    );
    const again = await t.call<LoginResponse>('user/login', {
      body: { username: u.username, password: NEW },
    });
    expect(again.code).toBe(0);
    expect(again.data).toMatchObject({ is_weak_password: false, pass_flag: 0 });
  });

  it('works for a forced-change (pass_flag 1) session', async () => {
    const t = await testApp();
    const u = await createUser(t.deps.db, { passFlag: 1 });
    const token = await loginAs(t, u);
    const info = await t.call<UserInfo>('user/get-user-info', { token });
    expect(info.data.pass_flag).toBe(1);
    const res = await t.call('user/update-pass-word', {
      token,
      body: { username: u.username, old_password: u.password, new_password1: NEW, new_password2: NEW },
    });
    expect(res.code).toBe(0);
  });

  it('answers 406 for a wrong old password, 422 for different or weak new passwords, 403 for another user', async () => {
    const t = await testApp();
    const u = await createUser(t.deps.db);
    const other = await createUser(t.deps.db);
    const token = await loginAs(t, u);
    const call = (body: Record<string, string>) =>
      t.call<Record<string, string>>('user/update-pass-word', {
        token,
        body: {
          username: u.username,
          old_password: u.password,
          new_password1: NEW,
          new_password2: NEW,
          ...body,
        },
      });
    expect((await call({ old_password: 'Wrong#pass1' })).code).toBe(406);
    const mismatch = await call({ new_password2: `${NEW}x` });
    expect(mismatch.code).toBe(422);
    expect(mismatch.data.new_password2).toBe('The two new passwords do not match');
    const short = await call({ new_password1: 'Ab#1', new_password2: 'Ab#1' });
    expect(short.code).toBe(422);
    expect(short.data.new_password1).toBe('Please use 8–16 characters');
    expect((await call({ new_password1: 'abcdefgh', new_password2: 'abcdefgh' })).data.new_password1).toBe(
      'Use at least 3 of: uppercase, lowercase, digit, symbol',
    );
    expect((await call({ new_password1: 'Abc 1234#', new_password2: 'Abc 1234#' })).data.new_password1).toBe(
      'Cannot contain spaces',
    );
    expect((await call({ new_password1: 'P@ssw0rd', new_password2: 'P@ssw0rd' })).code).toBe(422);
    expect((await call({ new_password1: u.password, new_password2: u.password })).code).toBe(422);
    expect((await call({ username: other.username })).code).toBe(403);
    expect((await call({ username: '' })).code).toBe(422);
    // Nothing changed: the old password still works for the same session.
    expect((await t.call('user/get-user-info', { token })).code).toBe(0);
    expect((await userRow(t, u.uid)).password_hash).toMatch(/^scrypt\$1024\$/);
  });

  it('allows 10 attempts in 15 minutes (429), so the old password cannot be guessed', async () => {
    const t = await testApp({ rateLimits: true });
    const u = await createUser(t.deps.db);
    const token = await loginAs(t, u);
    startOfWindow(t, 15 * 60_000);
    const codes: number[] = [];
    for (let i = 0; i < 11; i++) {
      const body = {
        username: u.username,
        old_password: `Guess#${i}xx`,
        new_password1: NEW,
        new_password2: NEW,
      };
      codes.push((await t.call('user/update-pass-word', { token, body })).code);
    }
    expect(codes.slice(0, 10).every((c) => c === 406)).toBe(true);
    expect(codes[10]).toBe(429);
  });

  it('needs a session (598), even with the right password, and changes nothing', async () => {
    const t = await testApp();
    const u = await createUser(t.deps.db);
    const before = await userRow(t, u.uid);
    const res = await t.call('user/update-pass-word', {
      body: { username: u.username, old_password: u.password, new_password1: NEW, new_password2: NEW },
    });
    expect(res.code).toBe(598);
    expect(await userRow(t, u.uid)).toEqual(before);
  });
});

describe('index/change-passwd', () => {
  it('sends a 6-digit code, then changes the password with it and ends every session', async () => {
    const t = await testApp();
    const u = await createUser(t.deps.db, { passFlag: 2 });
    const token = await loginAs(t, u);
    const sent = await t.call<string>('index/change-passwd', {
      token,
      ...form({ action: 'captcha', ur_account: u.username, mobile: u.mobile }),
    });
    expect(sent.code).toBe(0);
    expect(sent.data).toContain(`${u.mobile.slice(0, 3)}****${u.mobile.slice(-4)}`);
    const code = await lastSmsCode(t, u.mobile);
    expect(code).toMatch(/^\d{6}$/);
    const stored = await t.deps.db
      .selectFrom('sms_codes')
      .select('code_hash')
      .where('uid', '=', u.uid)
      .execute();
    expect(stored.map((r) => r.code_hash)).not.toContain(code);

    const res = await t.call('index/change-passwd', {
      token,
      ...form({ action: 'submit', ur_account: u.username, mobile: u.mobile, captcha: code!, ur_passwd: NEW }),
    });
    expect(res.code).toBe(0);
    expect((await t.call('user/get-user-info', { token })).code).toBe(598);
    expect(await userRow(t, u.uid)).toMatchObject({ pass_flag: 0, is_weak_password: false });
    expect((await t.call('user/login', { body: { username: u.username, password: NEW } })).code).toBe(0);
  });

  it('sends at most one code per 60 s (429 with the seconds left)', async () => {
    const t = await testApp();
    const u = await createUser(t.deps.db);
    const token = await loginAs(t, u);
    const ask = () =>
      t.call<{ seconds: number }>('index/change-passwd', {
        token,
        ...form({ action: 'captcha', ur_account: u.username, mobile: u.mobile }),
      });
    expect((await ask()).code).toBe(0);
    t.advance(20_000);
    const early = await ask();
    expect(early.code).toBe(429);
    expect(early.data.seconds).toBe(40);
    expect(early.message).toContain('40 seconds');
    t.advance(41_000);
    expect((await ask()).code).toBe(0);
  });

  it('refuses a wrong code (475), an expired code (476), and locks a code after 5 wrong tries', async () => {
    const t = await testApp();
    const u = await createUser(t.deps.db);
    const token = await loginAs(t, u);
    const submit = (captcha: string) =>
      t.call('index/change-passwd', {
        token,
        ...form({ action: 'submit', ur_account: u.username, mobile: u.mobile, captcha, ur_passwd: NEW }),
      });
    expect((await submit('123456')).code).toBe(475);
    const ask = () =>
      t.call('index/change-passwd', {
        token,
        ...form({ action: 'captcha', ur_account: u.username, mobile: u.mobile }),
      });
    await ask();
    const code = (await lastSmsCode(t, u.mobile))!;
    const wrong = code === '000000' ? '000001' : '000000';
    for (let i = 0; i < 5; i++) expect((await submit(wrong)).code).toBe(475);
    const locked = await submit(code);
    expect(locked.code).toBe(475);
    expect(locked.message).toContain('Too many');

    t.advance(61_000);
    await ask();
    const code2 = (await lastSmsCode(t, u.mobile))!;
    t.advance(5 * 60_000 + 1000);
    expect((await submit(code2)).code).toBe(476);
    expect((await userRow(t, u.uid)).password_hash).toMatch(/^scrypt\$1024\$/);
    expect((await t.call('user/get-user-info', { token })).code).toBe(0);
  });

  it('uses a code once', async () => {
    const t = await testApp();
    const u = await createUser(t.deps.db);
    let token = await loginAs(t, u);
    await t.call('index/change-passwd', {
      token,
      ...form({ action: 'captcha', ur_account: u.username, mobile: u.mobile }),
    });
    const code = (await lastSmsCode(t, u.mobile))!;
    const fields = {
      action: 'submit',
      ur_account: u.username,
      mobile: u.mobile,
      captcha: code,
      ur_passwd: NEW,
    };
    expect((await t.call('index/change-passwd', { token, ...form(fields) })).code).toBe(0);
    token = await loginAs(t, { username: u.username, password: NEW });
    const again = await t.call('index/change-passwd', {
      token,
      ...form({ ...fields, ur_passwd: 'Other#2026pw' }),
    });
    expect(again.code).toBe(475);
  });

  it('checks account (403), mobile (422), password rule with special symbol (422) and action (422)', async () => {
    const t = await testApp();
    const u = await createUser(t.deps.db);
    const other = await createUser(t.deps.db);
    const token = await loginAs(t, u);
    const call = (fields: Record<string, string>) =>
      t.call<Record<string, string>>('index/change-passwd', { token, ...form(fields) });
    expect((await call({ action: 'captcha', ur_account: other.username, mobile: other.mobile })).code).toBe(
      403,
    );
    const mobile = await call({ action: 'captcha', ur_account: u.username, mobile: other.mobile });
    expect(mobile.code).toBe(422);
    expect(mobile.data.mobile).toBe('This is not the mobile number registered to the account');
    const base = { action: 'submit', ur_account: u.username, mobile: u.mobile, captcha: '123456' };
    const noSymbol = await call({ ...base, ur_passwd: 'Kq7mPxw2z' });
    expect(noSymbol.code).toBe(422);
    expect(noSymbol.data.ur_passwd).toBe('The password does not meet the conditions');
    expect((await call({ ...base, ur_passwd: 'Kq7mPxw2€' })).data.ur_passwd).toBe(
      'The password does not meet the conditions',
    );
    // repeats and runs (issue 27): refused by the contract's rule, before any code is checked
    expect((await call({ ...base, ur_passwd: 'Aa1!Aa1!' })).data.ur_passwd).toBe(
      'Not made of repeats or runs (like Aa1!Aa1! or Abcd1234)',
    );
    // a common password in another spelling: refused by the server's long list
    expect((await call({ ...base, ur_passwd: 'Summer#2026' })).data.ur_passwd).toBe(
      'This password is too common; please choose another',
    );
    expect((await call({ ...base, captcha: '12345', ur_passwd: NEW })).data.captcha).toBe(
      'Please fill in the 6-digit code',
    );
    expect((await call({ ...base, action: 'delete', ur_passwd: NEW })).code).toBe(422);
    expect((await call({ ...base, ur_passwd: NEW, extra: 'x' })).code).toBe(422);
    expect(
      await t.deps.db.selectFrom('sms_outbox').select('id').where('mobile', '=', u.mobile).execute(),
    ).toEqual([]);
  });

  it('needs a session (598) and sends no code', async () => {
    const t = await testApp();
    const u = await createUser(t.deps.db);
    const res = await t.call(
      'index/change-passwd',
      form({ action: 'captcha', ur_account: u.username, mobile: u.mobile }),
    );
    expect(res.code).toBe(598);
    expect(await lastSmsCode(t, u.mobile)).toBeUndefined();
  });
});
