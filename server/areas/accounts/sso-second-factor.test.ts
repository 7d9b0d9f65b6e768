import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestProvider } from '../../testing/oidc-test-provider.ts';
import { type SsoTestBed, ssoTestBed } from '../../testing/sso-fixtures.ts';
import type { TestApp } from '../../testing/test-app.ts';
import { multiFactor } from './single-sign-on.ts';

/**
 * A customer's policy "second factor required" and single sign-on: the provider's sign-in must
 * say it used a second factor (`amr`, RFC 8176), or the portal opens no session. The test
 * provider's dev form sends no `amr`; a provider that does is its own ID token with `amr` added,
 * re-signed with its own key (oidc-test-provider.ts `tamper`).
 */

let bed: SsoTestBed;
let t: TestApp;
let idp: TestProvider;
let adminToken: string;
const address = (name: string) => bed.address(name);
const signIn = (login: string) => bed.signIn(login);

const withAmr = async <T>(amr: string[] | null, work: () => Promise<T>): Promise<T> => {
  idp.tamper = amr ? (claims) => ({ ...claims, amr }) : null;
  try {
    return await work();
  } finally {
    idp.tamper = null;
  }
};

const policy = (required: boolean) =>
  t.call('customer-account/session-policy-update', {
    token: adminToken,
    body: { idle_minutes: 30, absolute_minutes: 720, max_sessions: 1, second_factor_required: required },
  });

beforeAll(async () => {
  bed = await ssoTestBed({ tag: 'policy' });
  ({ t, idp, adminToken } = bed);
}, 30_000);

afterAll(async () => {
  await idp?.close();
});

describe('multiFactor', () => {
  it('takes the RFC 8176 methods of a second factor, not a password alone or with a risk check', () => {
    expect(multiFactor(['pwd', 'mfa'])).toBe(true);
    expect(multiFactor(['hwk'])).toBe(true);
    expect(multiFactor(['pwd', 'otp'])).toBe(true);
    expect(multiFactor(['pwd'])).toBe(false);
    expect(multiFactor(['pwd', 'rba'])).toBe(false);
    expect(multiFactor(undefined)).toBe(false);
    expect(multiFactor('mfa')).toBe(false);
  });
});

describe('single sign-on under the policy “second factor required”', () => {
  it('opens a session only when the provider says its sign-in used a second factor', async () => {
    const person = address('rosalind');
    // without the policy, a password at the provider is enough
    expect((await signIn(person)).code).toBe(0);
    expect((await policy(true)).code).toBe(0);
    try {
      const refused = await signIn(person);
      expect(refused.code).toBe(406);
      expect(refused.message).toMatch(/second factor/);
      expect((await withAmr(['pwd'], () => signIn(person))).code).toBe(406);
      const { uid } = await t.deps.db
        .selectFrom('users')
        .select('uid')
        .where('email', '=', person)
        .executeTakeFirstOrThrow();
      const trail = await t.deps.db
        .selectFrom('audit_entries')
        .select('changes')
        .where('record_type', '=', 'user')
        .where('record_id', '=', String(uid))
        .where('action', '=', 'sign_in_failed')
        .execute();
      expect(trail).toHaveLength(2);
      expect(JSON.stringify(trail)).toContain('no second factor at the provider');
      expect((await withAmr(['pwd', 'mfa'], () => signIn(person))).code).toBe(0);
    } finally {
      expect((await policy(false)).code).toBe(0);
    }
  });
});
