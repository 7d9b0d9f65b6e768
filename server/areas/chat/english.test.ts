import { beforeAll, describe, expect, it } from 'vitest';
import type {
  AnswerList,
  ChatCategory,
  ChatQuestionPage,
  ChatQuestionRef,
  QaConfig,
} from '../../../src/contract/chat/schemas.ts';
import { Code } from '../../../src/contract/codes.ts';
import { createChatCategory } from '../../testing/chat-fixtures.ts';
import { type TestApp, testApp, testDatabase } from '../../testing/test-app.ts';
import { saveAnswer } from './answers.ts';
import { up as backfillEnglish } from './migrations/2026-11-27T0002-chat-english-seeded.ts';
import { CHAT_CATEGORIES, WELCOME } from './seed-content.ts';
import { CATEGORY_NAMES_EN, QUESTIONS_EN, WELCOME_EN } from './seed-content-en.ts';

/** The knowledge base in the caller's language (issue 14, "The chat in English"). */

beforeAll(async () => {
  await testDatabase();
});

const CS = 'customer-service';
const EN = { 'accept-language': 'en-GB,en;q=0.9' };
const ZH = { 'accept-language': 'zh-CN,zh;q=0.9' };
const SEEDED = CHAT_CATEGORIES.flatMap((c) => c.questions);
const zhName = (key: string) => SEEDED.find((q) => q.key === key)!.q;
const enName = (key: string) => QUESTIONS_EN[key]!.q;
const HAN = /\p{Script=Han}/u;

const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, '')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, '');

/** The seeded question's id (by its Chinese name). */
async function seededId(t: TestApp, key: string): Promise<number> {
  const row = await t.deps.db
    .selectFrom('chat_questions')
    .select('q_id')
    .where('q_name', '=', zhName(key))
    .executeTakeFirstOrThrow();
  return row.q_id;
}

describe('seeded knowledge base in English', () => {
  it('has an English name for every category and an English question, search words and answer for every question', () => {
    for (const c of CHAT_CATEGORIES) {
      const name = CATEGORY_NAMES_EN[c.name];
      expect(name, c.name).toBeTruthy();
      expect(name, c.name).not.toMatch(HAN);
    }
    for (const q of SEEDED) {
      const en = QUESTIONS_EN[q.key];
      expect(en, q.key).toBeDefined();
      expect(en!.q, q.key).not.toMatch(HAN);
      expect(en!.keywords, q.key).not.toMatch(HAN);
      expect(en!.answer.length, q.key).toBeGreaterThan(80);
      // the same portal pages and the service phone where the Chinese answer has them
      const links = (html: string) => [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]).sort();
      expect(links(en!.answer), q.key).toEqual(links(q.answer));
    }
    expect(Object.keys(QUESTIONS_EN).sort()).toEqual(SEEDED.map((q) => q.key).sort());
    expect(WELCOME_EN).not.toMatch(HAN);
  });

  it('stored every English answer sanitized without losing its text', async () => {
    const t = await testApp();
    const { value: phone } = await t.deps.db
      .selectFrom('app_settings')
      .select('value')
      .where('key', '=', 'service_phone')
      .executeTakeFirstOrThrow();
    const rows = await t.deps.db
      .selectFrom('chat_answers as a')
      .innerJoin('chat_questions as q', 'q.q_id', 'a.q_id')
      .select(['q.q_name', 'q.q_name_en', 'a.text_en'])
      .where(
        'q.q_name',
        'in',
        SEEDED.map((q) => q.q),
      )
      .execute();
    expect(rows).toHaveLength(SEEDED.length);
    for (const row of rows) {
      const q = SEEDED.find((s) => s.q === row.q_name)!;
      expect(row.q_name_en).toBe(enName(q.key));
      expect(row.text_en).not.toContain('{phone}');
      expect(textOf(row.text_en!), q.key).toBe(
        textOf(QUESTIONS_EN[q.key]!.answer.replaceAll('{phone}', phone)),
      );
    }
  });
});

describe('an installation seeded before English (migration 2026-11-27T0002)', () => {
  it('gets the English texts of the seeded content it still has as seeded, and leaves edited answers alone', async () => {
    const t = await testApp();
    const db = t.deps.db;
    const create = await seededId(t, 'order-create');
    const copy = await seededId(t, 'order-copy');
    const before = await db
      .selectFrom('chat_answers')
      .select(['a_id', 'text_en'])
      .where('q_id', 'in', [create, copy])
      .orderBy('q_id')
      .execute();
    // as the seed left it before English: no English anywhere; and an editor changed one answer
    await db.updateTable('chat_categories').set({ qc_name_en: null }).where('qc_name', '=', '下单').execute();
    await db
      .updateTable('chat_questions')
      .set({ q_name_en: null, keywords_en: '' })
      .where('q_id', 'in', [create, copy])
      .execute();
    await db.updateTable('chat_answers').set({ text_en: null }).where('q_id', 'in', [create, copy]).execute();
    await db
      .updateTable('chat_answers')
      .set({ text: '<p>编辑改过的答案</p>' })
      .where('q_id', '=', copy)
      .execute();
    await db.deleteFrom('app_settings').where('key', '=', 'chat_welcome_en').execute();

    await backfillEnglish(db as never);

    const ordering = await db
      .selectFrom('chat_categories')
      .select('qc_name_en')
      .where('qc_name', '=', '下单')
      .executeTakeFirstOrThrow();
    expect(ordering.qc_name_en).toBe('Ordering');
    const questions = await db
      .selectFrom('chat_questions')
      .select(['q_id', 'q_name_en', 'keywords_en'])
      .where('q_id', 'in', [create, copy])
      .orderBy('q_id')
      .execute();
    expect(questions.map((q) => q.q_name_en)).toEqual([enName('order-create'), enName('order-copy')]);
    expect(questions[0]!.keywords_en).toBe(QUESTIONS_EN['order-create']!.keywords);
    const answers = await db
      .selectFrom('chat_answers')
      .select(['q_id', 'text_en'])
      .where('q_id', 'in', [create, copy])
      .orderBy('q_id')
      .execute();
    expect(answers[0]!.text_en).toBe(before[0]!.text_en);
    expect(answers[1]!.text_en).toBe(null);
    const welcome = await db
      .selectFrom('app_settings')
      .select('value')
      .where('key', '=', 'chat_welcome_en')
      .executeTakeFirst();
    expect(welcome?.value).toBe(WELCOME_EN);
    // put the seeded answer back for the other tests of this worker
    const original = SEEDED.find((q) => q.key === 'order-copy')!.answer;
    await saveAnswer(db, {
      q_id: copy,
      a_id: before[1]!.a_id,
      text: original,
      text_en: QUESTIONS_EN['order-copy']!.answer,
    });
  });
});

describe('the chat calls answer in the caller’s language', () => {
  it('get-qa-config: the welcome and the hot questions', async () => {
    const t = await testApp();
    const en = await t.call<QaConfig>('common/get-qa-config', { headers: EN });
    const zh = await t.call<QaConfig>('common/get-qa-config', { headers: ZH });
    expect(en.data.welcome).toBe(WELCOME_EN);
    expect(zh.data.welcome).toBe(WELCOME);
    expect(en.data.hot.map((q) => q.q_id)).toEqual(zh.data.hot.map((q) => q.q_id));
    expect(en.data.hot[0]!.q_name).toBe(enName('order-create'));
    expect(zh.data.hot[0]!.q_name).toBe(zhName('order-create'));
    for (const q of en.data.hot) expect(q.q_name).not.toMatch(HAN);
  });

  it('cate-list and cate-question-list: categories and their questions', async () => {
    const t = await testApp();
    const en = await t.call<ChatCategory[]>(`${CS}/cate-list`, { headers: EN });
    expect(en.data.slice(0, CHAT_CATEGORIES.length).map((c) => c.qc_name)).toEqual(
      CHAT_CATEGORIES.map((c) => CATEGORY_NAMES_EN[c.name]),
    );
    const cancel = en.data.find((c) => c.qc_name === 'Cancelling Orders')!;
    const questions = await t.call<ChatQuestionPage>(`${CS}/cate-question-list`, {
      query: { cate_id: String(cancel.qc_id), limit: '20' },
      headers: EN,
    });
    expect(questions.data.list.map((q) => q.q_name)).toEqual(
      CHAT_CATEGORIES[3]!.questions.map((q) => enName(q.key)),
    );
    const zh = await t.call<ChatQuestionPage>(`${CS}/cate-question-list`, {
      query: { cate_id: String(cancel.qc_id), limit: '20' },
      headers: ZH,
    });
    expect(zh.data.list.map((q) => q.q_name)).toEqual(CHAT_CATEGORIES[3]!.questions.map((q) => q.q));
  });

  it('answer-list and change-question-list: the answer and the related questions', async () => {
    const t = await testApp();
    const qId = await seededId(t, 'cold-excursion');
    const en = await t.call<AnswerList>(`${CS}/answer-list`, { query: { q_id: String(qId) }, headers: EN });
    const zh = await t.call<AnswerList>(`${CS}/answer-list`, { query: { q_id: String(qId) }, headers: ZH });
    expect(en.data.list.map((a) => a.a_id)).toEqual(zh.data.list.map((a) => a.a_id));
    expect(en.data.list[0]!.text).toContain('<strong>Quarantine, do not use</strong>');
    expect(zh.data.list[0]!.text).toContain('<strong>先隔离、不要使用</strong>');
    expect(en.data.question).toEqual({
      q_id: qId,
      q_name: enName('cold-excursion'),
      qc_id: expect.any(Number),
    });
    expect(zh.data.question.q_name).toBe(zhName('cold-excursion'));
    expect(en.data.related[0]!.q_name).toBe(enName('cold-record'));
    expect(zh.data.related[0]!.q_name).toBe(zhName('cold-record'));
    const batch = await t.call<ChatQuestionPage>(`${CS}/change-question-list`, {
      query: { q_id: String(qId), page: '1' },
      headers: EN,
    });
    expect(batch.data.list).toEqual(en.data.related);
  });

  it('falls back to the Chinese text where nothing is translated yet', async () => {
    const t = await testApp();
    const cat = await createChatCategory(t.deps.db, { questions: 1 });
    const q = cat.questions[0]!;
    const list = await t.call<ChatCategory[]>(`${CS}/cate-list`, { headers: EN });
    expect(list.data).toContainEqual({ qc_id: cat.qc_id, qc_name: cat.qc_name });
    const answers = await t.call<AnswerList>(`${CS}/answer-list`, {
      query: { q_id: String(q.q_id) },
      headers: EN,
    });
    expect(answers.data.list[0]!.text).toBe(`<p>答案 1：<strong>${q.q_name}</strong></p>`);
    const found = await t.call<ChatQuestionRef[]>(`${CS}/search`, {
      query: { keyword: cat.word },
      headers: EN,
    });
    expect(found.data).toEqual([{ q_id: q.q_id, q_name: q.q_name }]);
  });
});

describe('customer-service/search in both languages', () => {
  const search = (t: TestApp, keyword: string, headers: Record<string, string>) =>
    t.call<ChatQuestionRef[]>(`${CS}/search`, { query: { keyword }, headers });

  it('finds the English question first for typed English text', async () => {
    const t = await testApp();
    const cases: Array<[string, string]> = [
      ['How do I cancel an order?', 'cancel-how'],
      ['temperature excursion', 'cold-excursion'],
      ['I forgot my password', 'acc-forgot'],
      ['why are patient details shown as asterisks', 'dtp-masked'],
      ['dry ice', 'cold-dryice'],
      ['not enough stock', 'inv-short'],
      ['what is DTP', 'dtp-what'],
      ['cancellation fee', 'cancel-fee'],
    ];
    for (const [keyword, key] of cases) {
      const res = await search(t, keyword, EN);
      expect(res.code, keyword).toBe(0);
      expect(res.data[0]?.q_name, keyword).toBe(enName(key));
    }
  });

  it('finds the Chinese question first for typed Chinese text', async () => {
    const t = await testApp();
    for (const [keyword, key] of [
      ['怎么取消订单', 'cancel-how'],
      ['温度偏离', 'cold-excursion'],
    ] as const) {
      const res = await search(t, keyword, ZH);
      expect(res.data[0]?.q_name, keyword).toBe(zhName(key));
    }
  });

  it('finds a question typed in the other language, named in the caller’s', async () => {
    const t = await testApp();
    expect((await search(t, '怎么取消订单', EN)).data[0]?.q_name).toBe(enName('cancel-how'));
    expect((await search(t, 'cancel an order', ZH)).data[0]?.q_name).toBe(zhName('cancel-how'));
    const cat = await createChatCategory(t.deps.db, { questions: 1, english: true });
    const q = cat.questions[0]!;
    expect((await search(t, 'Test question 1', EN)).data).toContainEqual({
      q_id: q.q_id,
      q_name: q.q_name_en,
    });
  });

  it('keeps the cached answers of one language apart from the other’s', async () => {
    const t = await testApp();
    const en = await search(t, 'dry ice', EN);
    const zh = await search(t, 'dry ice', ZH);
    expect(en.data[0]).toEqual({ q_id: zh.data[0]!.q_id, q_name: enName('cold-dryice') });
    expect(zh.data[0]!.q_name).toBe(zhName('cold-dryice'));
  });

  it('does not let English question words alone match every question', async () => {
    const t = await testApp();
    expect((await search(t, 'how what why the', EN)).data).toEqual([]);
  });
});

describe('saveAnswer in English', () => {
  it('sanitizes the English text like the Chinese and refuses one empty after sanitizing', async () => {
    const t = await testApp();
    const cat = await createChatCategory(t.deps.db, { questions: 1, answers: 1 });
    const q = cat.questions[0]!;
    await saveAnswer(t.deps.db, {
      q_id: q.q_id,
      a_id: q.answers[0]!,
      text: '<p>新答案</p>',
      text_en: '<p onclick="steal()">New <em>answer</em></p><script>alert(1)</script>',
    });
    const res = await t.call<AnswerList>(`${CS}/answer-list`, {
      query: { q_id: String(q.q_id) },
      headers: EN,
    });
    expect(res.data.list).toEqual([{ a_id: q.answers[0], text: '<p>New <em>answer</em></p>' }]);
    await expect(
      saveAnswer(t.deps.db, { q_id: q.q_id, text: '<p>x</p>', text_en: '<script>x</script>' }),
    ).rejects.toMatchObject({ code: Code.invalid });
  });
});
