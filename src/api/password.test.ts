import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createUser } from '../../server/testing/fixtures.ts';
import { Code } from '../contract/codes.ts';
import { setToken } from '../stores/auth.ts';
import { $toasts } from '../stores/notices.ts';
import { ApiError, fieldMessagesOf } from './errors.ts';
import { changePasswordWithCaptcha, requestPasswordCaptcha, updatePassword } from './password.ts';
import { type Wired, wireClient } from '../../tests/wiring/client.ts';
import { getUserInfo, login } from './user.ts';

let w: Wired;
beforeEach(async () => {
  w = await wireClient();
});
afterEach(() => w.restore());

async function loggedIn() {
  const user = await createUser(w.t.deps.db);
  setToken((await login({ username: user.username, password: user.password })).access_token);
  return user;
}

describe('password calls against the real server', () => {
  it('changes the password with an SMS code (form-encoded index/change-passwd)', async () => {
    const user = await loggedIn();
    const message = await requestPasswordCaptcha(user.username, user.mobile);
    expect(message, 'the answer is the message itself (spec §7)').toMatch(
      /^The verification code has been sent to \S/,
    );
    const sms = await w.t.deps.db
      .selectFrom('sms_outbox')
      .select('body')
      .where('mobile', '=', user.mobile)
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    const code = sms.body.match(/\d{6}/)?.[0] ?? '';
    const next = 'New#Pass2026';
    await changePasswordWithCaptcha({
      ur_account: user.username,
      mobile: user.mobile,
      captcha: code,
      ur_passwd: next,
    });
    await expect(login({ username: user.username, password: next })).resolves.toHaveProperty('access_token');
  });

  it('update-pass-word ends the session; mismatching new passwords are refused with a toast', async () => {
    const user = await loggedIn();
    const refused = await updatePassword({
      username: user.username,
      old_password: user.password,
      new_password1: 'Other#Pass2026',
      new_password2: 'Other#Pass2027',
    }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).code).toBe(Code.invalid);
    expect($toasts.get()).toHaveLength(1);
    expect(fieldMessagesOf(refused)).toEqual({ new_password2: 'The two new passwords do not match' });

    // a form that shows the field messages itself silences the toast for this call only
    const shownInline = await updatePassword(
      { username: user.username, old_password: user.password, new_password1: 'x', new_password2: 'x' },
      { silentCodes: [Code.invalid] },
    ).catch((e: unknown) => e);
    expect(fieldMessagesOf(shownInline)).toEqual({
      new_password1: 'Please use 8–16 characters',
    });
    expect($toasts.get()).toHaveLength(1);
    expect(fieldMessagesOf(new ApiError(Code.wrongCredentials, 'wrong', { old_password: 'x' }))).toEqual({});

    await updatePassword({
      username: user.username,
      old_password: user.password,
      new_password1: 'Other#Pass2026',
      new_password2: 'Other#Pass2026',
    });
    // 598 leaves for /login after 2 s: run that timer here, not in a later test.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await expect(getUserInfo()).rejects.toMatchObject({ code: Code.sessionExpired });
    vi.advanceTimersByTime(2000);
    vi.useRealTimers();
    expect(w.navigations).toEqual(['/login']);
  });
});
