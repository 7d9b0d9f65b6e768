import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, loginAs } from '../../testing/fixtures.ts';
import { type TestApp, testApp, testDatabase } from '../../testing/test-app.ts';

// The worker's database is created once (seconds); do it outside any test's time limit.
beforeAll(() => testDatabase());

/** Any JSON-ish value, including the odd strings (unicode, control characters, long text). */
const anyValue = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ maxLength: 300 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 2 }),
);

/** A payload that is sometimes valid, sometimes a field off, sometimes anything at all. */
function payload(fields: Record<string, fc.Arbitrary<unknown>>) {
  const keys = Object.keys(fields);
  return fc.oneof(
    fc.record(fields, { requiredKeys: [] }),
    fc.record(Object.fromEntries(keys.map((k) => [k, fc.oneof(fields[k]!, anyValue)])), { requiredKeys: [] }),
    fc.dictionary(fc.oneof(fc.constantFrom(...keys), fc.string({ maxLength: 8 })), anyValue, { maxKeys: 6 }),
  );
}

async function send(t: TestApp, path: string, body: unknown, token?: string, asForm = false) {
  if (asForm && body && typeof body === 'object') {
    const fields = Object.entries(body).map(([k, v]) => [
      k,
      typeof v === 'string' ? v : (JSON.stringify(v) ?? ''),
    ]);
    return t.call(path, {
      raw: new URLSearchParams(fields).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      ...(token ? { token } : {}),
    });
  }
  return t.call(path, { body, ...(token ? { token } : {}) });
}

describe('property: account calls never answer 500', () => {
  it('user/login', async () => {
    const t = await testApp();
    const u = await createUser(t.deps.db);
    const allowed = [0, 400, 406, 407, 422, 429, 475, 476];
    await fc.assert(
      fc.asyncProperty(
        payload({
          username: fc.constantFrom(u.username, ` ${u.username} `, 'prop-ghost-user', ''),
          password: fc.oneof(fc.constant(u.password), fc.string({ maxLength: 20 })),
          validate: fc.string({ maxLength: 20 }),
        }),
        async (body) => {
          t.advance(61_000);
          const res = await send(t, 'user/login', body);
          expect(res.status).not.toBe(500);
          expect(allowed).toContain(res.code);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('user/update-pass-word', async () => {
    const t = await testApp();
    const u = await createUser(t.deps.db);
    // 150 runs 15 min apart (each past the lock-out's window) outlast the default 12 h lifetime:
    // the customer allows the longest (7 days), so that the session stands throughout
    await t.deps.db
      .insertInto('session_policies')
      .values({
        cu_id: u.customers[0]!.cu_id,
        idle_minutes: 30,
        absolute_minutes: 7 * 24 * 60,
        max_sessions: 1,
        updated_at: t.deps.now(),
        updated_by: null,
      })
      .execute();
    const token = await loginAs(t, u);
    const allowed = [400, 403, 406, 422, 429];
    await fc.assert(
      fc.asyncProperty(
        payload({
          username: fc.constantFrom(u.username, 'someone-else', ''),
          old_password: fc.string({ maxLength: 20 }).filter((p) => p !== u.password),
          new_password1: fc.oneof(fc.constant('Fresh#2026pw'), fc.string({ maxLength: 20 })),
          new_password2: fc.oneof(fc.constant('Fresh#2026pw'), fc.string({ maxLength: 20 })),
        }),
        async (body) => {
          t.advance(15 * 60_000 + 1000);
          const res = await send(t, 'user/update-pass-word', body, token);
          expect(res.status).not.toBe(500);
          expect(allowed, 'the session stands: no 598').toContain(res.code);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('index/change-passwd', async () => {
    const t = await testApp();
    const u = await createUser(t.deps.db);
    const token = await loginAs(t, u);
    const allowed = [0, 400, 403, 422, 429, 475, 476];
    await fc.assert(
      fc.asyncProperty(
        payload({
          action: fc.constantFrom('captcha', 'submit', 'other'),
          ur_account: fc.constantFrom(u.username, 'someone-else'),
          mobile: fc.constantFrom(u.mobile, '13900000000', 'abc'),
          captcha: fc.oneof(fc.stringMatching(/^\d{6}$/), fc.string({ maxLength: 8 })),
          ur_passwd: fc.oneof(fc.constant('Abc#12345678'), fc.string({ maxLength: 20 })),
        }),
        fc.boolean(),
        async (body, asForm) => {
          t.advance(61_000);
          const res = await send(t, 'index/change-passwd', body, token, asForm);
          expect(res.status).not.toBe(500);
          expect(allowed).toContain(res.code);
        },
      ),
      { numRuns: 150 },
    );
  });
});
