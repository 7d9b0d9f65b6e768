import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginResponse } from '../../../src/contract/accounts/schemas.ts';
import type { SsoFinishResponse } from '../../../src/contract/single-sign-on/schemas.ts';
import { createUser, loginAs } from '../../testing/fixtures.ts';
import { enrolTotp, totpNow } from '../../testing/second-factor-fixtures.ts';
import { flowCookieOf, type SsoTestBed, ssoTestBed } from '../../testing/sso-fixtures.ts';
import type { TestApp } from '../../testing/test-app.ts';

/**
 * Session fixation (issue 34's security tries): whatever session token a client brings to a
 * sign-in (one an attacker holds of their own session, one they made up, a pending sign-in's), the
 * sign-in answers a token the server made, and the brought one stays what it was: never raised
 * to the person who signed in. Each way a session begins: the password, the password and a
 * code, the organisation's sign-in, and a switch of customer.
 */

let bed: SsoTestBed;
let t: TestApp;

const MADE_UP = 'a'.repeat(64);

/** Who a token is the session of: the username, or null when it is no live session. */
async function whose(token: string): Promise<string | null> {
  const info = await t.call<{ user: { ur_account: string } }>('user/get-user-info', { token });
  return info.code === 0 ? info.data.user.ur_account : null;
}

/** An attacker with a session of their own, and its token, to plant with a victim's sign-in. */
async function attacker() {
  const user = await createUser(t.deps.db);
  return { user, token: await loginAs(t, user) };
}

beforeAll(async () => {
  bed = await ssoTestBed({ tag: 'fixation' });
  t = bed.t;
}, 30_000);

afterAll(async () => {
  await bed?.idp.close();
});

describe('a token brought to a sign-in is never the session it opens', () => {
  it('the password: a new token; the planted one stays the attacker’s, a made-up one stays nobody’s', async () => {
    const mallory = await attacker();
    const victim = await createUser(t.deps.db);
    for (const planted of [mallory.token, MADE_UP]) {
      const res = await t.call<LoginResponse>('user/login', {
        body: { username: victim.username, password: victim.password },
        headers: { 'x-token': planted },
      });
      expect(res.code, res.message).toBe(0);
      expect(res.data.access_token).not.toBe(planted);
      expect(await whose(res.data.access_token)).toBe(victim.username);
    }
    expect(await whose(mallory.token)).toBe(mallory.user.username);
    expect(await whose(MADE_UP)).toBeNull();
  });

  it('the password and a code: the pending token is no session, and the code’s answer is a new one', async () => {
    const mallory = await attacker();
    const victim = await createUser(t.deps.db);
    const { secret } = await enrolTotp(t, await loginAs(t, victim), victim.password);
    const first = await t.call<{ pending_token: string }>('user/login', {
      body: { username: victim.username, password: victim.password },
      headers: { 'x-token': mallory.token },
    });
    expect(first.code).toBe(477);
    const pending = first.data.pending_token;
    expect(await whose(pending)).toBeNull();
    const done = await t.call<LoginResponse>('user/login-second-factor', {
      body: { pending_token: pending, code: await totpNow(t, secret) },
      headers: { 'x-token': mallory.token },
    });
    expect(done.code, done.message).toBe(0);
    expect([mallory.token, pending]).not.toContain(done.data.access_token);
    expect(await whose(done.data.access_token)).toBe(victim.username);
    expect(await whose(pending)).toBeNull();
    expect(await whose(mallory.token)).toBe(mallory.user.username);
  });

  it('the organisation’s sign-in: a new token, the planted one untouched', async () => {
    const mallory = await attacker();
    const person = bed.address('victim');
    const planted = { 'x-token': mallory.token };
    const start = await t.call<{ url: string }>('user/sso-start', {
      body: { username: person },
      headers: planted,
    });
    expect(start.code).toBe(0);
    const query = await bed.idp.signIn(start.data.url, person);
    const finished = await t.call<SsoFinishResponse>('user/sso-finish', {
      body: { query },
      headers: { ...planted, cookie: flowCookieOf(start.headers) },
    });
    expect(finished.code, finished.message).toBe(0);
    expect(finished.data.access_token).not.toBe(mallory.token);
    expect(await whose(finished.data.access_token)).toBe(person);
    expect(await whose(mallory.token)).toBe(mallory.user.username);
  });

  it('a switch of customer: a new token, and the one it switched from ends', async () => {
    const person = await createUser(t.deps.db, { customers: 2 });
    const before = await loginAs(t, person);
    const switched = await t.call<{ access_token: string }>('customer-account/switch-customer', {
      token: before,
      body: { identifier: person.customers[1]!.identifier },
    });
    expect(switched.code, switched.message).toBe(0);
    expect(switched.data.access_token).not.toBe(before);
    expect(await whose(switched.data.access_token)).toBe(person.username);
    expect(await whose(before)).toBeNull();
  });
});
