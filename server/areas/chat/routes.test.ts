import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type {
  AnswerList,
  ChatCategory,
  ChatQuestionPage,
  ChatQuestionRef,
  QaConfig,
} from '../../../src/contract/chat/schemas.ts';
import { Code } from '../../../src/contract/codes.ts';
import { createChatCategory, linkRelated } from '../../testing/chat-fixtures.ts';
import { createUser, loginAs } from '../../testing/fixtures.ts';
import { type TestApp, testApp, testDatabase } from '../../testing/test-app.ts';
import { CHAT_SEARCH_DEFAULTS, chatKnowledgeChanged, chatSearchOf } from './search-index.ts';
import { CHAT_CATEGORIES } from './seed-content.ts';

// The worker's database is created once (seconds on a busy machine): in a hook, not in the first test.
beforeAll(async () => {
  await testDatabase();
});

const CS = 'customer-service';
/** The seeded names below are the Chinese ones: these calls ask in Chinese (test-app's default is en). */
const ZH = { 'accept-language': 'zh-CN' };

/** A fresh chat session, as the widget gets it from get-qa-config. */
async function chatSession(t: TestApp): Promise<string> {
  const res = await t.call<QaConfig>('common/get-qa-config');
  return res.data.session;
}

const commentsOf = async (t: TestApp, session: string) =>
  t.deps.db.selectFrom('chat_comments').selectAll().where('chat_session', '=', session).execute();

const randomIp = () => `10.${[...randomBytes(3)].join('.')}`;

/** A request from a given peer address (the socket's, as @hono/node-server provides it). */
function fromIp(t: TestApp, ip: string, path: string, init: RequestInit = {}): Promise<Response> {
  return Promise.resolve(
    t.app.request(`/api/${path}.html`, init, { incoming: { socket: { remoteAddress: ip } } }),
  );
}

describe('customer-service/cate-list', () => {
  it('lists the active categories in order, the seeded help desk first', async () => {
    const t = await testApp();
    const hidden = await createChatCategory(t.deps.db, { active: false });
    const shown = await createChatCategory(t.deps.db);
    const res = await t.call<ChatCategory[]>(`${CS}/cate-list`, {
      query: { action_id: '0', action_page: '/customer-order/index', app_source: '2' },
      headers: ZH,
    });
    expect(res.code).toBe(0);
    expect(res.data.slice(0, CHAT_CATEGORIES.length).map((c) => c.qc_name)).toEqual(
      CHAT_CATEGORIES.map((c) => c.name),
    );
    expect(res.data).toContainEqual({ qc_id: shown.qc_id, qc_name: shown.qc_name });
    expect(res.data.map((c) => c.qc_id)).not.toContain(hidden.qc_id);
    for (const c of res.data) expect(Object.keys(c).sort()).toEqual(['qc_id', 'qc_name']);
  });

  it('refuses unknown parameters (422)', async () => {
    const t = await testApp();
    const res = await t.call(`${CS}/cate-list`, { query: { foo: 'bar' } });
    expect(res.code).toBe(Code.invalid);
    expect(res.data).toEqual({ foo: 'Unknown field "foo"' });
  });

  it('answers 404 with an envelope for an unknown call', async () => {
    const t = await testApp();
    const res = await t.call(`${CS}/no-such-call`);
    expect(res.status).toBe(404);
    expect(res.code).toBe(Code.notFound);
  });
});

describe('customer-service/cate-question-list', () => {
  it('pages a category five at a time and wraps around past the last page', async () => {
    const t = await testApp();
    const cat = await createChatCategory(t.deps.db, { questions: 12 });
    const names = cat.questions.map((q) => ({ q_id: q.q_id, q_name: q.q_name }));
    const page = async (p?: number) =>
      t.call<ChatQuestionPage>(`${CS}/cate-question-list`, {
        query: {
          cate_id: String(cat.qc_id),
          app_source: '2',
          action_id: '0',
          ...(p ? { page: String(p) } : {}),
        },
      });
    const first = await page();
    expect(first.code).toBe(0);
    expect(first.data).toEqual({ list: names.slice(0, 5), total: 12, page: 1 });
    expect((await page(2)).data).toEqual({ list: names.slice(5, 10), total: 12, page: 2 });
    expect((await page(3)).data).toEqual({ list: names.slice(10), total: 12, page: 3 });
    expect((await page(4)).data).toEqual({ list: names.slice(0, 5), total: 12, page: 1 });
    expect((await page(6)).data.page).toBe(3);
  });

  it('honours limit up to 20', async () => {
    const t = await testApp();
    const cat = await createChatCategory(t.deps.db, { questions: 7 });
    const res = await t.call<ChatQuestionPage>(`${CS}/cate-question-list`, {
      query: { cate_id: String(cat.qc_id), limit: '20' },
    });
    expect(res.data.list).toHaveLength(7);
    const bad = await t.call(`${CS}/cate-question-list`, {
      query: { cate_id: String(cat.qc_id), limit: '21' },
    });
    expect(bad.code).toBe(Code.invalid);
    expect(bad.data).toHaveProperty('limit');
  });

  it('gives an empty category an empty first page', async () => {
    const t = await testApp();
    const cat = await createChatCategory(t.deps.db, { questions: 0 });
    const res = await t.call<ChatQuestionPage>(`${CS}/cate-question-list`, {
      query: { cate_id: String(cat.qc_id), page: '3' },
    });
    expect(res.data).toEqual({ list: [], total: 0, page: 1 });
  });

  it('answers 404 for an unknown or inactive category', async () => {
    const t = await testApp();
    const hidden = await createChatCategory(t.deps.db, { active: false });
    for (const cate_id of ['2147483647', String(hidden.qc_id)]) {
      const res = await t.call(`${CS}/cate-question-list`, { query: { cate_id } });
      expect(res.code).toBe(Code.notFound);
    }
  });

  it('refuses a missing, malformed or out-of-range cate_id and page (422)', async () => {
    const t = await testApp();
    const cases: Record<string, string>[] = [
      {},
      { cate_id: '' },
      { cate_id: 'abc' },
      { cate_id: '1.5' },
      { cate_id: '0' },
      { cate_id: '-3' },
      { cate_id: '2147483648' },
      { cate_id: '1 or 1=1' },
      { cate_id: '1', page: '0' },
      { cate_id: '1', limit: '0' },
      { cate_id: '1', extra: 'x' },
    ];
    for (const query of cases) {
      const res = await t.call(`${CS}/cate-question-list`, { query });
      expect(res.status, JSON.stringify(query)).toBe(200);
      expect(res.code, JSON.stringify(query)).toBe(Code.invalid);
    }
  });
});

describe('customer-service/answer-list', () => {
  it('returns the answers in order and the related questions, linked ones first', async () => {
    const t = await testApp();
    const cat = await createChatCategory(t.deps.db, { questions: 8, answers: 2 });
    const other = await createChatCategory(t.deps.db, { questions: 1 });
    const [q, ...rest] = cat.questions;
    const linked = other.questions[0]!;
    await linkRelated(t.deps.db, q!.q_id, [linked.q_id, rest[3]!.q_id]);
    const res = await t.call<AnswerList>(`${CS}/answer-list`, {
      query: { q_id: String(q!.q_id), app_source: '2', action_id: '0', action_page: 'chat' },
    });
    expect(res.code).toBe(0);
    expect(res.data.list.map((a) => a.a_id)).toEqual(q!.answers);
    expect(res.data.list[0]!.text).toBe(`<p>答案 1：<strong>${q!.q_name}</strong></p>`);
    const ref = (x: { q_id: number; q_name: string }): ChatQuestionRef => ({
      q_id: x.q_id,
      q_name: x.q_name,
    });
    expect(res.data.related).toEqual([
      ref(linked),
      ref(rest[3]!),
      ref(rest[0]!),
      ref(rest[1]!),
      ref(rest[2]!),
    ]);
  });

  it('gives a question without answers an empty list', async () => {
    const t = await testApp();
    const cat = await createChatCategory(t.deps.db, { questions: 1, answers: 0 });
    const res = await t.call<AnswerList>(`${CS}/answer-list`, {
      query: { q_id: String(cat.questions[0]!.q_id) },
    });
    expect(res.code).toBe(0);
    expect(res.data).toEqual({
      list: [],
      related: [],
      question: { q_id: cat.questions[0]!.q_id, q_name: cat.questions[0]!.q_name, qc_id: cat.qc_id },
    });
  });

  it('answers 404 for an unknown or withdrawn question', async () => {
    const t = await testApp();
    const cat = await createChatCategory(t.deps.db, { questions: 2 });
    const withdrawn = cat.questions[1]!;
    await t.deps.db
      .updateTable('chat_questions')
      .set({ active: false })
      .where('q_id', '=', withdrawn.q_id)
      .execute();
    for (const q_id of ['2147483647', String(withdrawn.q_id)]) {
      const res = await t.call(`${CS}/answer-list`, { query: { q_id } });
      expect(res.code).toBe(Code.notFound);
    }
    const related = await t.call<AnswerList>(`${CS}/answer-list`, {
      query: { q_id: String(cat.questions[0]!.q_id) },
    });
    expect(related.data.related).toEqual([]);
  });

  it('refuses a missing or malformed q_id (422)', async () => {
    const t = await testApp();
    for (const query of <Record<string, string>[]>[
      {},
      { q_id: 'x' },
      { q_id: '0' },
      { q_id: '1', app_source: 'two' },
    ]) {
      expect((await t.call(`${CS}/answer-list`, { query })).code).toBe(Code.invalid);
    }
  });

  it('serves the seeded answers with links that keep rel="noopener noreferrer"', async () => {
    const t = await testApp();
    const hot = await t.call<QaConfig>('common/get-qa-config');
    const res = await t.call<AnswerList>(`${CS}/answer-list`, {
      query: { q_id: String(hot.data.hot[0]!.q_id) },
    });
    expect(res.data.list.length).toBeGreaterThan(0);
    const links = res.data.list[0]!.text.match(/<a [^>]*>/g) ?? [];
    expect(links.length).toBeGreaterThan(0);
    for (const a of links) expect(a).toContain('rel="noopener noreferrer"');
  });
});

describe('customer-service/change-question-list', () => {
  it('gives the next batch of related questions, wrapping around', async () => {
    const t = await testApp();
    const cat = await createChatCategory(t.deps.db, { questions: 9 });
    const [q, ...rest] = cat.questions;
    const refs = rest.map((x) => ({ q_id: x.q_id, q_name: x.q_name }));
    const call = (query: Record<string, string>) =>
      t.call<ChatQuestionPage>(`${CS}/change-question-list`, { query: { q_id: String(q!.q_id), ...query } });
    expect((await call({})).data).toEqual({ list: refs.slice(5), total: 8, page: 2 });
    expect((await call({ page: '3' })).data).toEqual({ list: refs.slice(0, 5), total: 8, page: 1 });
    expect((await call({ page: '1', limit: '3' })).data).toEqual({
      list: refs.slice(0, 3),
      total: 8,
      page: 1,
    });
  });

  it('answers 404 for an unknown question and 422 for bad input', async () => {
    const t = await testApp();
    expect((await t.call(`${CS}/change-question-list`, { query: { q_id: '999999999' } })).code).toBe(
      Code.notFound,
    );
    expect((await t.call(`${CS}/change-question-list`, { query: {} })).code).toBe(Code.invalid);
    expect((await t.call(`${CS}/change-question-list`, { query: { q_id: '1', page: 'x' } })).code).toBe(
      Code.invalid,
    );
  });
});

describe('customer-service/search', () => {
  const seeded = (key: string) => CHAT_CATEGORIES.flatMap((c) => c.questions).find((q) => q.key === key)!.q;
  const search = (t: TestApp, keyword: string, extra: Record<string, string> = {}) =>
    t.call<ChatQuestionRef[]>(`${CS}/search`, { query: { keyword, ...extra }, headers: ZH });

  it('finds the matching help-desk question first for typed Chinese text', async () => {
    const t = await testApp();
    const cases: Array<[string, string]> = [
      ['温度偏离', 'cold-excursion'],
      ['怎么取消订单', 'cancel-how'],
      ['忘记密码了怎么办', 'acc-forgot'],
      ['患者信息为什么是星号', 'dtp-masked'],
      ['干冰', 'cold-dryice'],
      ['库存不够', 'inv-short'],
      ['ＤＴＰ是什么', 'dtp-what'],
    ];
    for (const [keyword, key] of cases) {
      const res = await search(t, keyword);
      expect(res.code, keyword).toBe(0);
      expect(res.data[0]?.q_name, keyword).toBe(seeded(key));
    }
  });

  it('ranks a question whose name holds the whole phrase above partial matches, and honours limit', async () => {
    const t = await testApp();
    const cat = await createChatCategory(t.deps.db, { questions: 4 });
    const res = await search(t, `测试问题3 ${cat.word}`, { limit: '2' });
    expect(res.data).toHaveLength(2);
    expect(res.data[0]).toEqual({ q_id: cat.questions[2]!.q_id, q_name: cat.questions[2]!.q_name });
  });

  it('leaves withdrawn questions out', async () => {
    const t = await testApp();
    const cat = await createChatCategory(t.deps.db, { questions: 2 });
    await t.deps.db
      .updateTable('chat_questions')
      .set({ active: false })
      .where('q_id', '=', cat.questions[0]!.q_id)
      .execute();
    const res = await search(t, cat.word);
    expect(res.data.map((q) => q.q_id)).toEqual([cat.questions[1]!.q_id]);
  });

  it('keeps a withdrawn question until the change is announced, or for 30 s at most when it is not', async () => {
    const t = await testApp();
    const cat = await createChatCategory(t.deps.db, { questions: 3 });
    const [a, b, c] = cat.questions.map((q) => q.q_id);
    const found = async () => (await search(t, cat.word)).data.map((q) => q.q_id);
    // Written straight into the table, as another server process or an operator would.
    const withdraw = (q_id: number | undefined) =>
      t.deps.db.updateTable('chat_questions').set({ active: false }).where('q_id', '=', q_id!).execute();
    expect(await found()).toEqual([a, b, c]);
    await withdraw(b);
    expect(await found()).toEqual([a, b, c]);
    chatKnowledgeChanged();
    expect(await found()).toEqual([a, c]);
    await withdraw(c);
    // The app's clock is the real one moved forward: half the bound leaves room for the test's own time.
    t.advance(CHAT_SEARCH_DEFAULTS.maxAgeMs / 2);
    expect(await found()).toEqual([a, c]);
    t.advance(CHAT_SEARCH_DEFAULTS.maxAgeMs / 2);
    expect(await found()).toEqual([a]);
  });

  it('answers the same normalized keyword from the cache', async () => {
    const t = await testApp();
    for (const keyword of ['ＤＴＰ是什么？', 'dtp是什么', ' DTP是什么!! ']) {
      const res = await search(t, keyword);
      expect(res.data[0]?.q_name, keyword).toBe(seeded('dtp-what'));
    }
    expect(chatSearchOf(t.deps).stats()).toMatchObject({ loads: 1, misses: 1, hits: 2 });
  });

  it('treats LIKE wildcards, SQL and HTML as plain text', async () => {
    const t = await testApp();
    for (const keyword of ['%', '_', '%%__', '\\', "' or 1=1 --", '<svg onload=zqx(1)>', '😀🚚', 'zzqqxx']) {
      const res = await search(t, keyword);
      expect(res.code, keyword).toBe(0);
      expect(res.data, keyword).toEqual([]);
    }
  });

  it('refuses an empty, blank, missing or too long keyword (422)', async () => {
    const t = await testApp();
    for (const query of <Record<string, string>[]>[
      {},
      { keyword: '' },
      { keyword: '   ' },
      { keyword: '冷'.repeat(51) },
      { keyword: 'x'.repeat(10_000) },
    ]) {
      const res = await t.call(`${CS}/search`, { query });
      expect(res.code).toBe(Code.invalid);
      expect(res.data).toHaveProperty('keyword');
    }
  });
});

describe('customer-service/add-comment', () => {
  it('stores a comment on several answers, anonymous', async () => {
    const t = await testApp();
    const cat = await createChatCategory(t.deps.db, { questions: 1, answers: 2 });
    const session = await chatSession(t);
    const a_id = cat.questions[0]!.answers;
    const res = await t.call<{ comment_id: number }>(`${CS}/add-comment`, {
      body: {
        a_id,
        comment_type: 2,
        comment_desc: '  回答太简单，没有说明费用 ',
        comment_tag: [3, 5],
        action_id: 0,
        action_page: 'chat',
      },
      headers: { 'X-Chat-Session': session },
    });
    expect(res.code).toBe(0);
    const rows = await commentsOf(t, session);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: res.data.comment_id,
      uid: null,
      cu_id: null,
      comment_type: 2,
      comment_desc: '回答太简单，没有说明费用',
      comment_tag: [3, 5],
    });
    const links = await t.deps.db
      .selectFrom('chat_comment_answers')
      .select('a_id')
      .where('comment_id', '=', res.data.comment_id)
      .orderBy('a_id')
      .execute();
    expect(links.map((l) => l.a_id)).toEqual([...a_id].sort((x, y) => x - y));
  });

  it('allows one comment per answer per session (409 on the second, nothing stored)', async () => {
    const t = await testApp();
    const cat = await createChatCategory(t.deps.db, { questions: 2 });
    const [a1] = cat.questions[0]!.answers;
    const [a2] = cat.questions[1]!.answers;
    const session = await chatSession(t);
    const headers = { 'X-Chat-Session': session };
    const first = await t.call(`${CS}/add-comment`, { body: { a_id: [a1], comment_type: 1 }, headers });
    expect(first.code).toBe(0);
    const again = await t.call(`${CS}/add-comment`, {
      body: { a_id: [a1], comment_type: 2, comment_tag: [1] },
      headers,
    });
    expect(again.code).toBe(Code.conflict);
    const mixed = await t.call(`${CS}/add-comment`, { body: { a_id: [a2, a1], comment_type: 1 }, headers });
    expect(mixed.code).toBe(Code.conflict);
    expect(await commentsOf(t, session)).toHaveLength(1);
    const rated = await t.deps.db
      .selectFrom('chat_comment_answers')
      .select('a_id')
      .where('a_id', '=', a2!)
      .execute();
    expect(rated).toEqual([]);

    const other = await chatSession(t);
    const elsewhere = await t.call(`${CS}/add-comment`, {
      body: { a_id: [a1], comment_type: 1 },
      headers: { 'X-Chat-Session': other },
    });
    expect(elsewhere.code).toBe(0);
  });

  it('lets only one of two simultaneous comments on the same answer through', async () => {
    const t = await testApp();
    const cat = await createChatCategory(t.deps.db, { questions: 1 });
    const session = await chatSession(t);
    const send = () =>
      t.call(`${CS}/add-comment`, {
        body: { a_id: cat.questions[0]!.answers, comment_type: 1 },
        headers: { 'X-Chat-Session': session },
      });
    const codes = (await Promise.all([send(), send(), send()])).map((r) => r.code).sort();
    expect(codes).toEqual([0, Code.conflict, Code.conflict]);
    expect(await commentsOf(t, session)).toHaveLength(1);
  });

  it("carries the user's customer when a valid X-Token comes with it", async () => {
    const t = await testApp();
    const user = await createUser(t.deps.db, { customers: 2 });
    const token = await loginAs(t, user);
    const cat = await createChatCategory(t.deps.db, { questions: 1 });
    const session = await chatSession(t);
    const res = await t.call(`${CS}/add-comment`, {
      body: { a_id: cat.questions[0]!.answers, comment_type: 1 },
      headers: { 'X-Chat-Session': session },
      token,
    });
    expect(res.code).toBe(0);
    expect(await commentsOf(t, session)).toMatchObject([{ uid: user.uid, cu_id: user.customers[0]!.cu_id }]);
  });

  it('stays anonymous with an unknown token instead of failing', async () => {
    const t = await testApp();
    const cat = await createChatCategory(t.deps.db, { questions: 1 });
    const session = await chatSession(t);
    const res = await t.call(`${CS}/add-comment`, {
      body: { a_id: cat.questions[0]!.answers, comment_type: 1 },
      headers: { 'X-Chat-Session': session },
      token: 'not-a-real-token',
    });
    expect(res.code).toBe(0);
    expect(await commentsOf(t, session)).toMatchObject([{ uid: null, cu_id: null }]);
  });

  it('needs a live chat session (400 when missing, malformed, unknown or expired)', async () => {
    const t = await testApp();
    const cat = await createChatCategory(t.deps.db, { questions: 1 });
    const body = { a_id: cat.questions[0]!.answers, comment_type: 1 };
    const session = await chatSession(t);
    for (const headers of <Record<string, string>[]>[
      {},
      { 'X-Chat-Session': 'short' },
      { 'X-Chat-Session': 'A'.repeat(22) },
    ]) {
      const res = await t.call(`${CS}/add-comment`, { body, headers });
      expect(res.code).toBe(Code.badRequest);
    }
    t.advance(25 * 60 * 60 * 1000);
    const expired = await t.call(`${CS}/add-comment`, { body, headers: { 'X-Chat-Session': session } });
    expect(expired.code).toBe(Code.badRequest);
    expect(await commentsOf(t, session)).toHaveLength(0);
  });

  it('answers 404 for an unknown answer and stores nothing', async () => {
    const t = await testApp();
    const cat = await createChatCategory(t.deps.db, { questions: 1 });
    const session = await chatSession(t);
    const res = await t.call(`${CS}/add-comment`, {
      body: { a_id: [cat.questions[0]!.answers[0], 2_147_483_600], comment_type: 1 },
      headers: { 'X-Chat-Session': session },
    });
    expect(res.code).toBe(Code.notFound);
    expect(await commentsOf(t, session)).toHaveLength(0);
  });

  it('keeps HTML- and SQL-looking feedback as plain text', async () => {
    const t = await testApp();
    const cat = await createChatCategory(t.deps.db, { questions: 1 });
    const session = await chatSession(t);
    const desc = `<img src=x onerror=alert(1)>'); drop table chat_comments; -- 😀`;
    const res = await t.call(`${CS}/add-comment`, {
      body: { a_id: cat.questions[0]!.answers, comment_type: 2, comment_desc: desc, comment_tag: [6] },
      headers: { 'X-Chat-Session': session },
    });
    expect(res.code).toBe(0);
    expect((await commentsOf(t, session))[0]!.comment_desc).toBe(desc);
  });

  it('accepts 200 characters of feedback and refuses 201', async () => {
    const t = await testApp();
    const cat = await createChatCategory(t.deps.db, { questions: 2 });
    const session = await chatSession(t);
    const headers = { 'X-Chat-Session': session };
    const long = await t.call(`${CS}/add-comment`, {
      body: { a_id: cat.questions[0]!.answers, comment_type: 2, comment_desc: '慢'.repeat(201) },
      headers,
    });
    expect(long.code).toBe(Code.invalid);
    expect(long.data).toHaveProperty('comment_desc');
    const fits = await t.call(`${CS}/add-comment`, {
      body: { a_id: cat.questions[1]!.answers, comment_type: 2, comment_desc: '慢'.repeat(200) },
      headers,
    });
    expect(fits.code).toBe(0);
  });

  it('refuses bad input with 400/422 and stores nothing', async () => {
    const t = await testApp();
    const cat = await createChatCategory(t.deps.db, { questions: 1 });
    const a = cat.questions[0]!.answers[0]!;
    const session = await chatSession(t);
    const headers = { 'X-Chat-Session': session };
    const invalid: Array<[Record<string, unknown>, string]> = [
      [{ comment_type: 1 }, 'a_id'],
      [{ a_id: [a] }, 'comment_type'],
      [{ a_id: [], comment_type: 1 }, 'a_id'],
      [{ a_id: a, comment_type: 1 }, 'a_id'],
      [{ a_id: [a, a], comment_type: 1 }, 'a_id'],
      [{ a_id: ['x'], comment_type: 1 }, 'a_id.0'],
      [{ a_id: [a], comment_type: 3 }, 'comment_type'],
      [{ a_id: [a], comment_type: '1; drop table' }, 'comment_type'],
      [{ a_id: [a], comment_type: 2, comment_tag: [0] }, 'comment_tag.0'],
      [{ a_id: [a], comment_type: 2, comment_tag: [7] }, 'comment_tag.0'],
      [{ a_id: [a], comment_type: 2, comment_tag: [2, 2] }, 'comment_tag'],
      [{ a_id: [a], comment_type: 2, comment_tag: '1,2' }, 'comment_tag'],
      [{ a_id: [a], comment_type: 1, comment_tag: [1] }, 'comment_tag'],
      [{ a_id: [a], comment_type: 2, comment_desc: 42 }, 'comment_desc'],
      [{ a_id: [a], comment_type: 2, comment_desc: 'x'.repeat(10_000) }, 'comment_desc'],
      [{ a_id: [a], comment_type: 1, uid: 1 }, 'uid'],
    ];
    for (const [body, field] of invalid) {
      const res = await t.call<Record<string, string>>(`${CS}/add-comment`, { body, headers });
      expect(res.code, JSON.stringify(body).slice(0, 80)).toBe(Code.invalid);
      expect(Object.keys(res.data), JSON.stringify(body).slice(0, 80)).toContain(field);
    }
    const malformed = ['', '   ', '{', '{"a_id": [1],', '[1,2]', 'null', '"text"'];
    for (const raw of malformed) {
      const res = await t.call(`${CS}/add-comment`, {
        raw,
        headers: { ...headers, 'content-type': 'application/json' },
      });
      expect(res.code, raw).toBe(Code.badRequest);
    }
    expect(await commentsOf(t, session)).toHaveLength(0);
  });

  it('is a POST call', async () => {
    const t = await testApp();
    const res = await t.call(`${CS}/add-comment`, { query: { a_id: '1', comment_type: '1' } });
    expect(res.status).toBe(404);
  });
});

describe('chat CORS', () => {
  const allowed = 'http://127.0.0.1:8081';

  it('answers an allowed origin, and only it', async () => {
    const t = await testApp({ corsOrigins: [allowed] });
    const ok = await t.app.request(`/api/${CS}/cate-list.html`, { headers: { Origin: allowed } });
    expect(ok.headers.get('access-control-allow-origin')).toBe(allowed);
    expect(ok.headers.get('vary')).toContain('Origin');
    expect(ok.headers.get('access-control-allow-credentials')).toBeNull();
    const denied = await t.app.request(`/api/${CS}/cate-list.html`, {
      headers: { Origin: 'https://evil.example' },
    });
    expect(denied.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('answers the preflight of add-comment for an allowed origin', async () => {
    const t = await testApp({ corsOrigins: [allowed] });
    const res = await t.app.request(`/api/${CS}/add-comment.html`, {
      method: 'OPTIONS',
      headers: {
        Origin: allowed,
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'content-type, x-chat-session, x-token',
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe(allowed);
    expect(res.headers.get('access-control-allow-methods')).toContain('POST');
    const allowHeaders = (res.headers.get('access-control-allow-headers') ?? '').toLowerCase();
    for (const h of ['content-type', 'x-chat-session', 'x-token']) expect(allowHeaders).toContain(h);
    const denied = await t.app.request(`/api/${CS}/add-comment.html`, {
      method: 'OPTIONS',
      headers: { Origin: 'https://evil.example', 'Access-Control-Request-Method': 'POST' },
    });
    expect(denied.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('keeps the CORS header on error envelopes so the widget can read them', async () => {
    const t = await testApp({ corsOrigins: [allowed] });
    const res = await t.app.request(`/api/${CS}/search.html`, { headers: { Origin: allowed } });
    expect(((await res.json()) as { code: number }).code).toBe(Code.invalid);
    expect(res.headers.get('access-control-allow-origin')).toBe(allowed);
  });
});

/** Moves the app's clock to just after a minute starts, so a burst stays in one fixed window. */
function startOfMinute(t: TestApp): void {
  t.advance(60_000 - (t.deps.now().getTime() % 60_000) + 1);
}

describe('chat rate limits (per IP)', () => {
  it('answers 429 after 60 reads a minute from one address, not for another, and again after the minute', async () => {
    const origin = 'http://localhost:8081';
    const t = await testApp({ rateLimits: true, corsOrigins: [origin] });
    startOfMinute(t);
    const ip = randomIp();
    const codes: number[] = [];
    for (let i = 0; i < 60; i++) {
      const res = await fromIp(t, ip, `${CS}/cate-list`);
      codes.push(((await res.json()) as { code: number }).code);
    }
    expect(codes.every((c) => c === 0)).toBe(true);
    const limited = await fromIp(t, ip, `${CS}/cate-list`, { headers: { Origin: origin } });
    expect(((await limited.json()) as { code: number }).code).toBe(Code.tooManyRequests);
    expect(limited.headers.get('access-control-allow-origin')).toBe(origin);
    const other = await fromIp(t, randomIp(), `${CS}/cate-list`);
    expect(((await other.json()) as { code: number }).code).toBe(0);
    t.advance(60_000);
    const later = await fromIp(t, ip, `${CS}/cate-list`);
    expect(((await later.json()) as { code: number }).code).toBe(0);
  });

  it('answers 429 after 10 comments a minute and stores nothing more', async () => {
    const t = await testApp({ rateLimits: true });
    const ip = randomIp();
    const cat = await createChatCategory(t.deps.db, { questions: 11 });
    const session = await chatSession(t);
    startOfMinute(t);
    const codes: number[] = [];
    for (const q of cat.questions) {
      const res = await fromIp(t, ip, `${CS}/add-comment`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'X-Chat-Session': session },
        body: JSON.stringify({ a_id: q.answers, comment_type: 1 }),
      });
      codes.push(((await res.json()) as { code: number }).code);
    }
    expect(codes.slice(0, 10)).toEqual(Array(10).fill(0));
    expect(codes[10]).toBe(Code.tooManyRequests);
    expect(await commentsOf(t, session)).toHaveLength(10);
  });

  it('does not count preflights', async () => {
    const t = await testApp({ rateLimits: true, corsOrigins: ['http://127.0.0.1:8081'] });
    const ip = randomIp();
    for (let i = 0; i < 70; i++) {
      const res = await fromIp(t, ip, `${CS}/cate-list`, {
        method: 'OPTIONS',
        headers: { Origin: 'http://127.0.0.1:8081', 'Access-Control-Request-Method': 'GET' },
      });
      expect(res.status).toBe(204);
    }
    const res = await fromIp(t, ip, `${CS}/cate-list`);
    expect(((await res.json()) as { code: number }).code).toBe(0);
  });
});
