import { beforeAll, describe, expect, it } from 'vitest';
import { testApp, testDatabase } from '../../testing/test-app.ts';
import { CHAT_CATEGORIES } from './seed-content.ts';

beforeAll(async () => {
  await testDatabase();
});

/** Pages of the portal that the answers may link to (spec §2). */
const PORTAL_PAGES = [
  '/customer-order/index',
  '/customer-order/create',
  '/customer-order/draft',
  '/customer-order/attachment',
  '/customer-inventory/index-yp',
];

const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, '')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, '');

describe('chat seed', () => {
  it('has at least 7 categories of 5 to 8 questions, each with a unique name', () => {
    expect(CHAT_CATEGORIES.length).toBeGreaterThanOrEqual(7);
    for (const c of CHAT_CATEGORIES) {
      expect(c.questions.length, c.name).toBeGreaterThanOrEqual(5);
      expect(c.questions.length, c.name).toBeLessThanOrEqual(8);
    }
    const names = CHAT_CATEGORIES.flatMap((c) => c.questions.map((q) => q.q));
    expect(new Set(names).size).toBe(names.length);
  });

  it('stored every answer sanitized without losing its text, with the service phone filled in', async () => {
    const t = await testApp();
    const phone = (
      await t.deps.db
        .selectFrom('app_settings')
        .select('value')
        .where('key', '=', 'service_phone')
        .executeTakeFirstOrThrow()
    ).value;
    for (const q of CHAT_CATEGORIES.flatMap((c) => c.questions)) {
      const rows = await t.deps.db
        .selectFrom('chat_answers as a')
        .innerJoin('chat_questions as q', 'q.q_id', 'a.q_id')
        .select('a.text')
        .where('q.q_name', '=', q.q)
        .execute();
      expect(rows, q.q).toHaveLength(1);
      const text = rows[0]!.text;
      expect(text).not.toContain('{phone}');
      expect(textOf(text), q.q).toBe(textOf(q.answer.replaceAll('{phone}', phone)));
      for (const [, href] of text.matchAll(/href="([^"]*)"/g)) {
        if (href!.startsWith('/')) expect(PORTAL_PAGES, `${q.q}: ${href}`).toContain(href);
        else expect(href, q.q).toMatch(/^(https:|mailto:|tel:)/);
      }
    }
  });

  it('links every question to related ones and offers hot questions', async () => {
    const t = await testApp();
    const seeded = CHAT_CATEGORIES.flatMap((c) => c.questions);
    for (const q of seeded) expect(q.related?.length ?? 0, q.q).toBeGreaterThan(0);
    const hot = seeded.filter((q) => q.hot !== undefined);
    expect(hot.length).toBeGreaterThanOrEqual(6);
    const links = await t.deps.db
      .selectFrom('chat_related_questions as r')
      .innerJoin('chat_questions as q', 'q.q_id', 'r.q_id')
      .select('q.q_name')
      .where(
        'q.q_name',
        'in',
        seeded.map((q) => q.q),
      )
      .execute();
    expect(links.length).toBe(seeded.reduce((n, q) => n + (q.related?.length ?? 0), 0));
  });
});
