import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type {
  Draft,
  DraftList,
  EditorStart,
  SaveDraftAnswer,
  SaveDraftRequest,
} from '../../../src/contract/order-editor/schemas.ts';
import { orderForm } from '../../testing/editor-fixtures.ts';
import { createUser, loginAs } from '../../testing/fixtures.ts';
import { type TestApp, testApp, testDatabase } from '../../testing/test-app.ts';
import { create, readyToOrder } from '../../testing/editor-test-helpers.ts';

beforeAll(() => testDatabase());

const save = (t: TestApp, token: string, body: SaveDraftRequest | Record<string, unknown>) =>
  t.call<SaveDraftAnswer>('customer-order/save-draft-box', { token, body });
const list = (t: TestApp, token: string, query: Record<string, string> = {}) =>
  t.call<DraftList>('customer-order/draft-box-list', { token, query });

describe('POST customer-order/save-draft-box', () => {
  it('keeps a new draft, then saves it at its version; a stale version answers 409 with the draft', async () => {
    const t = await testApp();
    const s = await readyToOrder(t);
    const key = randomUUID();
    const first = await save(t, s.token, {
      idempotency_key: key,
      data: { pr_id: s.project.pr_id, from_company: '半填' },
    });
    expect(first.code).toBe(0);
    expect(first.data).toMatchObject({ version: 1 });
    const second = await save(t, s.token, {
      id: first.data.id,
      version: 1,
      idempotency_key: key,
      data: { pr_id: s.project.pr_id, from_company: '填好了' },
    });
    expect(second.data).toMatchObject({ id: first.data.id, version: 2 });
    const stale = await save(t, s.token, {
      id: first.data.id,
      version: 1,
      idempotency_key: key,
      data: { from_company: '另一个标签页' },
    });
    expect(stale.code).toBe(409);
    expect(stale.data as unknown as Draft).toMatchObject({
      id: first.data.id,
      version: 2,
      idempotency_key: key,
      data: { from_company: '填好了' },
    });
    // the form key is that of the first save, whatever a later save sends
    const rekeyed = await save(t, s.token, {
      id: first.data.id,
      version: 2,
      idempotency_key: randomUUID(),
      data: { pr_id: s.project.pr_id, from_company: '填好了' },
    });
    expect(rekeyed.data.version).toBe(3);
    const start = await t.call<EditorStart>('customer-order/create', {
      token: s.token,
      query: { draft_id: String(first.data.id) },
    });
    expect(start.data).toMatchObject({
      mode: 'new',
      form: { from_company: '填好了' },
      draft: { id: first.data.id, version: 3, idempotency_key: key },
    });
  });

  it('keeps one of two saves at the same version made at once and answers the other 409 with it', async () => {
    const t = await testApp();
    const s = await readyToOrder(t);
    const key = randomUUID();
    const first = await save(t, s.token, { idempotency_key: key, data: { from_company: '起' } });
    const tabs = ['标签页甲', '标签页乙'];
    const answers = await Promise.all(
      tabs.map((from_company) =>
        save(t, s.token, { id: first.data.id, version: 1, idempotency_key: key, data: { from_company } }),
      ),
    );
    expect(answers.map((a) => a.code).sort()).toEqual([0, 409]);
    const kept = answers.findIndex((a) => a.code === 0);
    const refused = answers[1 - kept]!.data as unknown as Draft;
    expect(refused).toMatchObject({ id: first.data.id, version: 2, data: { from_company: tabs[kept] } });
  });

  it('answers a repeated first save of the same form with the same draft, and a different one with 409', async () => {
    const t = await testApp();
    const s = await readyToOrder(t);
    const body = { idempotency_key: randomUUID(), data: { remark: '重试' } };
    const [a, b] = await Promise.all([save(t, s.token, body), save(t, s.token, body)]);
    expect(b.data.id).toBe(a.data.id);
    const other = await save(t, s.token, { ...body, data: { remark: '不一样' } });
    expect(other.code).toBe(409);
    expect((await list(t, s.token)).data.total).toBe(1);
  });

  it('refuses bad input, and keeps a form as large as the schema allows', async () => {
    const t = await testApp();
    const s = await readyToOrder(t);
    const bad = await save(t, s.token, { idempotency_key: 'short', data: { pr_id: 'x', unknown: 1 } });
    expect(bad.code).toBe(422);
    expect(Object.keys(bad.data as object)).toEqual(
      expect.arrayContaining(['idempotency_key', 'data.pr_id']),
    );
    const largest = await save(t, s.token, {
      idempotency_key: randomUUID(),
      data: {
        boxes: Array.from({ length: 50 }, () => ({ box_type: '箱'.repeat(64) })),
        goods: Array.from({ length: 100 }, (_, i) => ({ in_id: i + 1, quantity: '9'.repeat(32) })),
        remark: '备'.repeat(500),
      },
    });
    expect(largest.code).toBe(0);
  });

  it("keeps drafts per user and customer: another user's draft or order is not found", async () => {
    const t = await testApp();
    const s = await readyToOrder(t);
    const mine = await save(t, s.token, { idempotency_key: randomUUID(), data: {} });
    const colleague = await createUser(t.deps.db);
    await t.deps.db
      .insertInto('user_customers')
      .values({ uid: colleague.uid, cu_id: s.cuId, position: 5 })
      .execute();
    await t.deps.db
      .updateTable('users')
      .set({ default_cu_id: s.cuId })
      .where('uid', '=', colleague.uid)
      .execute();
    const theirToken = await loginAs(t, colleague);
    const theirs = await save(t, theirToken, {
      id: mine.data.id,
      version: 1,
      idempotency_key: randomUUID(),
      data: {},
    });
    expect(theirs.code).toBe(404);
    expect((await list(t, theirToken)).data.total).toBe(0);
    const start = await t.call('customer-order/create', {
      token: theirToken,
      query: { draft_id: String(mine.data.id) },
    });
    expect(start.code).toBe(404);
    const other = await readyToOrder(t);
    const order = (await create(t, other.token, orderForm(other))).data;
    const foreign = await save(t, s.token, {
      idempotency_key: randomUUID(),
      mode: 'edit',
      order_id: order.id,
      data: {},
    });
    expect(foreign.code).toBe(404);
  });
});

describe('GET customer-order/draft-box-list and POST delete-draft-box', () => {
  it('lists the drafts last saved first with their summary, pages, and finds by keyword', async () => {
    const t = await testApp();
    const s = await readyToOrder(t);
    const ids: number[] = [];
    for (const [i, company] of ['甲医院', '乙医院', '丙医院'].entries()) {
      const made = await save(t, s.token, {
        idempotency_key: randomUUID(),
        data: {
          pr_id: s.project.pr_id,
          temp_class: 'chilled',
          to_company: company,
          goods: [{ in_id: s.stock.chilled.in_id, quantity: i + 1 }],
        },
      });
      ids.push(made.data.id);
      t.advance(1000);
    }
    const all = await list(t, s.token);
    expect(all.data.total).toBe(3);
    expect(all.data.list.map((d) => d.id)).toEqual([...ids].reverse());
    expect(all.data.list[0]).toMatchObject({
      to_company: '丙医院',
      project_name: s.project.name,
      temp_class: 'chilled',
      goods_count: 1,
      mode: 'new',
    });
    const page2 = await list(t, s.token, { limit: '2', currentPage: '2' });
    expect(page2.data.list.map((d) => d.id)).toEqual([ids[0]]);
    const found = await list(t, s.token, { keyword: '乙' });
    expect(found.data.list.map((d) => d.id)).toEqual([ids[1]]);
    const byProject = await list(t, s.token, { keyword: s.project.protocol_no });
    expect(byProject.data.total).toBe(3);
    expect((await list(t, s.token, { limit: '0' })).code).toBe(422);
    expect((await list(t, s.token, { limit: '101' })).code).toBe(422);
    expect((await list(t, s.token, { keyword: 'x'.repeat(101) })).code).toBe(422);
    expect((await list(t, '')).code).toBe(598);
  });

  it('deletes several drafts at once, all or none', async () => {
    const t = await testApp();
    const s = await readyToOrder(t);
    const other = await readyToOrder(t);
    const a = (await save(t, s.token, { idempotency_key: randomUUID(), data: {} })).data.id;
    const b = (await save(t, s.token, { idempotency_key: randomUUID(), data: {} })).data.id;
    const theirs = (await save(t, other.token, { idempotency_key: randomUUID(), data: {} })).data.id;
    const refused = await t.call('customer-order/delete-draft-box', {
      token: s.token,
      body: { ids: [a, theirs] },
    });
    expect(refused.code).toBe(404);
    expect((await list(t, s.token)).data.total).toBe(2);
    const done = await t.call('customer-order/delete-draft-box', { token: s.token, body: { ids: [b, a] } });
    expect(done.data).toEqual({ ids: [a, b].sort((x, y) => x - y) });
    expect((await list(t, s.token)).data.total).toBe(0);
    expect((await list(t, other.token)).data.total).toBe(1);
    expect(
      (await t.call('customer-order/delete-draft-box', { token: s.token, body: { ids: [] } })).code,
    ).toBe(422);
  });

  it('drops the draft of a submitted form in the same transaction as the order', async () => {
    const t = await testApp();
    const s = await readyToOrder(t);
    const key = randomUUID();
    const form = orderForm(s);
    const draft = (await save(t, s.token, { idempotency_key: key, data: form })).data;
    const failed = await create(
      t,
      s.token,
      { ...form, pickup_at: '2020-01-01T00:00:00Z', draft_id: draft.id },
      key,
    );
    expect(failed.code).toBe(422);
    expect((await list(t, s.token)).data.total).toBe(1);
    const made = await create(t, s.token, { ...form, draft_id: draft.id }, key);
    expect(made.code).toBe(0);
    expect((await list(t, s.token)).data.total).toBe(0);
  });
});
