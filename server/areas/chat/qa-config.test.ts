import { beforeAll, describe, expect, it } from 'vitest';
import { CHAT_SESSION_PATTERN, type QaConfig } from '../../../src/contract/chat/schemas.ts';
import { Code } from '../../../src/contract/codes.ts';
import { WELCOME } from './seed-content.ts';
import { createUser, loginAs } from '../../testing/fixtures.ts';
import { testApp, testDatabase } from '../../testing/test-app.ts';

// The worker's database is created once (seconds on a busy machine): in a hook, not in the first test.
beforeAll(async () => {
  await testDatabase();
});

const PATH = 'common/get-qa-config';

describe('common/get-qa-config', () => {
  it('gives the welcome, the service phone and website of the settings and the hot questions in rank order', async () => {
    const t = await testApp();
    const res = await t.call<QaConfig>(PATH, {
      query: { action_id: '0', action_page: '/home/index' },
      headers: { 'accept-language': 'zh-CN' },
    });
    expect(res.code).toBe(0);
    const settings = new Map(
      (await t.deps.db.selectFrom('app_settings').select(['key', 'value']).execute()).map((r) => [
        r.key,
        r.value,
      ]),
    );
    expect(res.data.welcome).toBe(WELCOME);
    expect(res.data.phone).toBe(settings.get('service_phone'));
    expect(res.data.website).toBe(settings.get('service_website'));
    const hot = await t.deps.db
      .selectFrom('chat_questions')
      .select(['q_id', 'q_name'])
      .where('hot_rank', 'is not', null)
      .where('active', '=', true)
      .orderBy('hot_rank')
      .limit(6)
      .execute();
    expect(hot.length).toBeGreaterThanOrEqual(5);
    expect(res.data.hot).toEqual(hot);
    expect(Object.keys(res.data).sort()).toEqual(['hot', 'phone', 'session', 'website', 'welcome']);
  });

  it('issues a chat session, keeps a live one and replaces an unknown or expired one', async () => {
    const t = await testApp();
    const first = await t.call<QaConfig>(PATH);
    expect(first.data.session).toMatch(CHAT_SESSION_PATTERN);
    const stored = await t.deps.db
      .selectFrom('chat_sessions')
      .select(['id', 'uid'])
      .where('id', '=', first.data.session)
      .execute();
    expect(stored).toEqual([{ id: first.data.session, uid: null }]);

    const again = await t.call<QaConfig>(PATH, { headers: { 'X-Chat-Session': first.data.session } });
    expect(again.data.session).toBe(first.data.session);

    for (const sent of ['B'.repeat(22), 'not a session', `${first.data.session}x`]) {
      const res = await t.call<QaConfig>(PATH, { headers: { 'X-Chat-Session': sent } });
      expect(res.code).toBe(0);
      expect(res.data.session).not.toBe(sent);
      expect(res.data.session).toMatch(CHAT_SESSION_PATTERN);
    }

    t.advance(25 * 60 * 60 * 1000);
    const later = await t.call<QaConfig>(PATH, { headers: { 'X-Chat-Session': first.data.session } });
    expect(later.data.session).not.toBe(first.data.session);
  });

  it('is also served as POST, with an empty, JSON or form body', async () => {
    const t = await testApp();
    const empty = await t.call<QaConfig>(PATH, { method: 'POST', raw: '' });
    expect(empty.code).toBe(0);
    expect(empty.data.session).toMatch(CHAT_SESSION_PATTERN);
    const json = await t.call<QaConfig>(PATH, { body: { action_id: 0, action_page: '/home/index' } });
    expect(json.code).toBe(0);
    expect(json.data.hot).toEqual(empty.data.hot);
    const form = await t.call<QaConfig>(PATH, {
      raw: 'action_id=0&action_page=%2Fhome',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.code).toBe(0);
    const bad = await t.call(PATH, { raw: '{"action_id":', headers: { 'content-type': 'application/json' } });
    expect(bad.code).toBe(Code.badRequest);
    const extra = await t.call(PATH, { body: { action_id: 0, secret: 'x' } });
    expect(extra.code).toBe(Code.invalid);
  });

  it('clears expired sessions that never commented, keeps those that did', async () => {
    const t = await testApp();
    const idle = (await t.call<QaConfig>(PATH)).data.session;
    const rated = (await t.call<QaConfig>(PATH)).data.session;
    const answer = await t.deps.db
      .selectFrom('chat_answers')
      .select('a_id')
      .limit(1)
      .executeTakeFirstOrThrow();
    const comment = await t.call('customer-service/add-comment', {
      body: { a_id: [answer.a_id], comment_type: 1 },
      headers: { 'X-Chat-Session': rated },
    });
    expect(comment.code).toBe(0);
    t.advance(25 * 60 * 60 * 1000);
    const left = () =>
      t.deps.db.selectFrom('chat_sessions').select('id').where('id', 'in', [idle, rated]).execute();
    // Each issue clears a few (other tests of this worker left theirs too): issue until it is gone.
    for (let i = 0; i < 100 && (await left()).length > 1; i++) await t.call<QaConfig>(PATH);
    expect(await left()).toEqual([{ id: rated }]);
  });

  it('records the user of a valid token on the new session', async () => {
    const t = await testApp();
    const user = await createUser(t.deps.db);
    const res = await t.call<QaConfig>(PATH, { token: await loginAs(t, user) });
    const row = await t.deps.db
      .selectFrom('chat_sessions')
      .select('uid')
      .where('id', '=', res.data.session)
      .executeTakeFirst();
    expect(row).toEqual({ uid: user.uid });
  });

  it('refuses unknown or malformed parameters (422)', async () => {
    const t = await testApp();
    for (const query of <Record<string, string>[]>[
      { foo: '1' },
      { action_id: 'x' },
      { action_page: 'p'.repeat(10_000) },
    ]) {
      const res = await t.call(PATH, { query });
      expect(res.code).toBe(Code.invalid);
    }
  });

  it('opens CORS to the configured origins on this call only, not on the rest of common/*', async () => {
    const allowed = 'http://localhost:8081';
    const t = await testApp({ corsOrigins: [allowed] });
    const ok = await t.app.request(`/api/${PATH}.html`, { headers: { Origin: allowed } });
    expect(ok.headers.get('access-control-allow-origin')).toBe(allowed);
    const denied = await t.app.request(`/api/${PATH}.html`, { headers: { Origin: 'https://evil.example' } });
    expect(denied.headers.get('access-control-allow-origin')).toBeNull();
    const preflight = await t.app.request(`/api/${PATH}.html`, {
      method: 'OPTIONS',
      headers: {
        Origin: allowed,
        'Access-Control-Request-Method': 'GET',
        'Access-Control-Request-Headers': 'x-chat-session',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(allowed);
    expect((preflight.headers.get('access-control-allow-headers') ?? '').toLowerCase()).toContain(
      'x-chat-session',
    );

    const neighbour = await t.app.request('/api/common/get-route.html', { headers: { Origin: allowed } });
    expect(neighbour.headers.get('access-control-allow-origin')).toBeNull();
  });
});
