import * as v from 'valibot';
import { beforeAll, describe, expect, it } from 'vitest';
import { VIEWS_MAX } from '../../../src/contract/list-settings/limits.ts';
import {
  type ListViews,
  ListViewsSchema,
  type SavedView,
} from '../../../src/contract/list-settings/schemas.ts';
import { createUser, loginAs } from '../../testing/fixtures.ts';
import { type TestApp, testApp, testDatabase } from '../../testing/test-app.ts';

beforeAll(() => testDatabase());

const ORDERS = 'customer-order/index';

const views = async (t: TestApp, token: string, list = ORDERS) => {
  const res = await t.call<ListViews>('common/list-views', { token, query: { list } });
  expect(res.code, res.message).toBe(0);
  return v.parse(ListViewsSchema, res.data).list;
};
const save = (t: TestApp, token: string, body: unknown, lang?: string) =>
  t.call<SavedView>('common/list-view-save', {
    token,
    body,
    ...(lang ? { headers: { 'accept-language': lang } } : {}),
  });

async function user(t: TestApp) {
  const u = await createUser(t.deps.db);
  return { token: await loginAs(t, u), user: u };
}

describe('saved views (common/list-views, list-view-save, list-view-del)', () => {
  it('saves named filter sets of a list per user, replaces one of the same name, and deletes them', async () => {
    const t = await testApp();
    const me = await user(t);
    const other = await user(t);
    const late = await save(t, me.token, { list: ORDERS, name: ' 迟到的订单 ', query: '?due=late' });
    expect(late.code, late.message).toBe(0);
    expect(late.data).toMatchObject({ name: '迟到的订单', query: '?due=late' });
    await save(t, me.token, { list: ORDERS, name: 'Cold chain', query: '?temp_class=chilled&excursion=any' });
    expect((await views(t, me.token)).map((x) => [x.name, x.query])).toEqual([
      ['Cold chain', '?temp_class=chilled&excursion=any'],
      ['迟到的订单', '?due=late'],
    ]);
    // the same name again: replaced, not doubled
    const again = await save(t, me.token, { list: ORDERS, name: '迟到的订单', query: '?due=late&limit=50' });
    expect(again.data.id).toBe(late.data.id);
    expect((await views(t, me.token)).find((x) => x.id === late.data.id)?.query).toBe('?due=late&limit=50');
    // another user, another list: none of these
    expect(await views(t, other.token)).toEqual([]);
    expect(await views(t, me.token, 'customer-project/index')).toEqual([]);
    // another user cannot delete mine
    const foreign = await t.call('common/list-view-del', {
      token: other.token,
      body: { list: ORDERS, id: late.data.id },
    });
    expect(foreign.code).toBe(404);
    const elsewhere = await t.call('common/list-view-del', {
      token: me.token,
      body: { list: 'customer-project/index', id: late.data.id },
    });
    expect(elsewhere.code, 'another list').toBe(404);
    expect(await views(t, me.token)).toHaveLength(2);
    const gone = await t.call('common/list-view-del', {
      token: me.token,
      body: { list: ORDERS, id: late.data.id },
    });
    expect(gone.code, gone.message).toBe(0);
    expect((await views(t, me.token)).map((x) => x.name)).toEqual(['Cold chain']);
  });

  it('refuses bad input and a view beyond the limit, in the caller’s language, and changes nothing', async () => {
    const t = await testApp();
    const me = await user(t);
    for (const body of [
      { list: ORDERS, name: '', query: '' },
      { list: ORDERS, name: 'x'.repeat(41), query: '' },
      { list: ORDERS, name: 'a', query: 'status=finished' },
      { list: ORDERS, name: 'a', query: `?${'x'.repeat(1000)}` },
      { list: '../etc', name: 'a', query: '' },
    ]) {
      const res = await save(t, me.token, body);
      expect(res.code, JSON.stringify(body)).toBe(422);
    }
    expect(await views(t, me.token)).toEqual([]);
    for (let i = 0; i < VIEWS_MAX; i++) await save(t, me.token, { list: ORDERS, name: `v${i}`, query: '' });
    const over = await save(t, me.token, { list: ORDERS, name: 'one more', query: '' }, 'zh-CN');
    expect(over.code).toBe(422);
    expect(over.data).toEqual({ name: `每个列表最多保存 ${VIEWS_MAX} 个视图，请先删除不用的视图` });
    expect(await views(t, me.token)).toHaveLength(VIEWS_MAX);
    // an existing name is still replaced at the limit
    expect((await save(t, me.token, { list: ORDERS, name: 'v0', query: '?status=finished' })).code).toBe(0);
    const anon = await t.call('common/list-views', { query: { list: ORDERS } });
    expect(anon.code, 'no session').toBe(598);
  });
});
