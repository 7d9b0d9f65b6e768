import * as v from 'valibot';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AccessTokenResponse } from '../../../src/contract/accounts/schemas.ts';
import {
  type ColumnSetting,
  type ListFieldCache,
  ListFieldCacheSchema,
} from '../../../src/contract/list-settings/schemas.ts';
import { startOfWindow } from '../../testing/accounts.ts';
import { createUser, type FixtureUser, loginAs } from '../../testing/fixtures.ts';
import { type TestApp, testApp, testDatabase } from '../../testing/test-app.ts';

// The worker's database is created once, within the hook timeout rather than a test's.
beforeAll(() => testDatabase());

const ORDERS = 'customer-order/index';

const load = async (t: TestApp, token: string | undefined, list = ORDERS, lang?: string) =>
  t.call<ListFieldCache>('common/get-list-field-cache', {
    query: { list },
    ...(token ? { token } : {}),
    ...(lang ? { headers: { 'accept-language': lang } } : {}),
  });

const save = (t: TestApp, token: string | undefined, body: unknown, lang?: string) =>
  t.call<unknown>('common/cache-list-field', {
    body,
    ...(token ? { token } : {}),
    ...(lang ? { headers: { 'accept-language': lang } } : {}),
  });

/** The saved columns of `list` as the call answers them (checked against the contract). */
async function fieldsOf(t: TestApp, token: string, list = ORDERS): Promise<ColumnSetting[] | null> {
  const res = await load(t, token, list);
  expect(res.code, res.message).toBe(0);
  const answer = v.parse(ListFieldCacheSchema, res.data);
  expect(answer.list).toBe(list);
  return answer.fields;
}

async function saveOk(t: TestApp, token: string, fields: ColumnSetting[], list = ORDERS) {
  const res = await save(t, token, { list, fields });
  expect([res.code, res.message]).toEqual([0, 'ok']);
  expect(res.data).toBeNull();
}

const switchTo = async (t: TestApp, token: string, customer: FixtureUser['customers'][number]) => {
  const res = await t.call<AccessTokenResponse>('customer-account/switch-customer', {
    token,
    body: { identifier: customer.identifier },
  });
  expect(res.code, res.message).toBe(0);
  return res.data.access_token;
};

const ORDER_COLUMNS: ColumnSetting[] = [
  { key: 'order_no', visible: true, width: 180 },
  { key: 'status', visible: true },
  { key: 'created_at', visible: false, width: 120 },
];

describe('common/get-list-field-cache and common/cache-list-field', () => {
  it('answers null for a list never saved, then the saved columns in their order', async () => {
    const t = await testApp();
    const token = await loginAs(t, await createUser(t.deps.db));
    expect(await fieldsOf(t, token)).toBeNull();
    await saveOk(t, token, ORDER_COLUMNS);
    expect(await fieldsOf(t, token)).toEqual(ORDER_COLUMNS);
    expect(await fieldsOf(t, token, 'customer-inventory/index-yp'), 'another list').toBeNull();
  });

  it('replaces the whole setting: columns and widths left out are gone', async () => {
    const t = await testApp();
    const token = await loginAs(t, await createUser(t.deps.db));
    await saveOk(t, token, ORDER_COLUMNS);
    const next: ColumnSetting[] = [
      { key: 'created_at', visible: true },
      { key: 'order_no', visible: true },
    ];
    await saveOk(t, token, next);
    expect(await fieldsOf(t, token)).toEqual(next);
  });

  it('keeps settings per customer: a switch shows that customer’s, switching back the first again', async () => {
    const t = await testApp();
    const user = await createUser(t.deps.db, { customers: 2 });
    const [first, second] = user.customers as [
      FixtureUser['customers'][number],
      FixtureUser['customers'][number],
    ];
    const onFirst = await loginAs(t, user);
    await saveOk(t, onFirst, ORDER_COLUMNS);

    const onSecond = await switchTo(t, onFirst, second);
    expect(await fieldsOf(t, onSecond), 'the second customer has none yet').toBeNull();
    const secondColumns: ColumnSetting[] = [{ key: 'status', visible: true, width: 300 }];
    await saveOk(t, onSecond, secondColumns);
    expect(await fieldsOf(t, onSecond)).toEqual(secondColumns);

    const back = await switchTo(t, onSecond, first);
    expect(await fieldsOf(t, back)).toEqual(ORDER_COLUMNS);
  });

  it('keeps settings per user: another user on the same list never sees them', async () => {
    const t = await testApp();
    const owner = await loginAs(t, await createUser(t.deps.db));
    const other = await loginAs(t, await createUser(t.deps.db));
    await saveOk(t, owner, ORDER_COLUMNS);
    expect(await fieldsOf(t, other)).toBeNull();
    await saveOk(t, other, [{ key: 'status', visible: false }]);
    expect(await fieldsOf(t, owner)).toEqual(ORDER_COLUMNS);
  });

  it('keeps the settings of a session without a customer under customer 0', async () => {
    const t = await testApp();
    const user = await createUser(t.deps.db, { customers: 0 });
    const token = await loginAs(t, user);
    expect(await fieldsOf(t, token)).toBeNull();
    await saveOk(t, token, ORDER_COLUMNS);
    expect(await fieldsOf(t, token)).toEqual(ORDER_COLUMNS);
    const rows = await t.deps.db
      .selectFrom('list_settings')
      .select(['cu_id', 'list'])
      .where('uid', '=', user.uid)
      .execute();
    expect(rows).toEqual([{ cu_id: 0, list: ORDERS }]);
  });

  it('needs a session: 598 without a token or with an unknown one', async () => {
    const t = await testApp();
    expect((await load(t, undefined)).code).toBe(598);
    expect((await save(t, undefined, { list: ORDERS, fields: ORDER_COLUMNS })).code).toBe(598);
    expect((await load(t, 'x'.repeat(43))).code).toBe(598);
  });

  it('answers 463 while a password change is forced, and stores nothing', async () => {
    const t = await testApp();
    const user = await createUser(t.deps.db, { passFlag: 1 });
    const token = await loginAs(t, user);
    expect((await load(t, token)).code).toBe(463);
    expect((await save(t, token, { list: ORDERS, fields: ORDER_COLUMNS })).code).toBe(463);
    const rows = await t.deps.db
      .selectFrom('list_settings')
      .select('list')
      .where('uid', '=', user.uid)
      .execute();
    expect(rows).toEqual([]);
  });

  it('refuses a body that is not JSON (415) or not readable (400)', async () => {
    const t = await testApp();
    const token = await loginAs(t, await createUser(t.deps.db));
    const form = await t.call('common/cache-list-field', {
      token,
      raw: `list=${encodeURIComponent(ORDERS)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.code).toBe(415);
    const text = await t.call('common/cache-list-field', {
      token,
      raw: JSON.stringify({ list: ORDERS, fields: ORDER_COLUMNS }),
      headers: { 'content-type': 'text/plain' },
    });
    expect(text.code).toBe(415);
    expect((await save(t, token, [ORDER_COLUMNS])).code).toBe(400);
    expect(await fieldsOf(t, token)).toBeNull();
  });

  it('answers 422 with a message per field, in English and in Chinese', async () => {
    const t = await testApp();
    const token = await loginAs(t, await createUser(t.deps.db));
    const body = {
      list: 'customer order',
      fields: [
        { key: 'order_no', visible: 'yes' },
        { key: 'status', visible: true, width: 10 },
        { key: 'created_at', visible: true, width: 120.5 },
        { key: 'remark', visible: true, width: 2001 },
        { key: 'a b', visible: true },
        { key: 'order_no', visible: true, colour: 'red' },
      ],
    };
    const en = await save(t, token, body, 'en');
    expect(en.code).toBe(422);
    expect(en.data).toEqual({
      list: 'Use letters, digits, -, _ and / only (no / at the start, at the end or twice in a row)',
      'fields.0.visible': 'Must be true or false',
      'fields.1.width': 'At least 24',
      'fields.2.width': 'Please enter a whole number',
      'fields.3.width': 'At most 2000',
      'fields.4.key': 'Use letters, digits, _, - and . only',
      'fields.5.colour': 'Unknown field "colour"',
    });
    expect(en.message).toBe(Object.values(en.data as object)[0]);
    const zh = await save(t, token, body, 'zh-CN,zh;q=0.9');
    expect(zh.code).toBe(422);
    expect(zh.data).toEqual({
      list: '只能包含字母、数字、-、_ 和 /（/ 不能在开头、结尾或连用）',
      'fields.0.visible': '应为是或否',
      'fields.1.width': '不能小于 24',
      'fields.2.width': '请填写整数',
      'fields.3.width': '不能大于 2000',
      'fields.4.key': '只能包含字母、数字、_、- 和 .',
      'fields.5.colour': '不支持的字段“colour”',
    });
    expect(await fieldsOf(t, token)).toBeNull();
  });

  it('answers 422 for a repeated column, no columns, too many, and a missing or bad list name', async () => {
    const t = await testApp();
    const token = await loginAs(t, await createUser(t.deps.db));
    const repeated = await save(t, token, {
      list: ORDERS,
      fields: [...ORDER_COLUMNS, { key: 'status', visible: false }],
    });
    expect([repeated.code, repeated.data]).toEqual([
      422,
      { 'fields.3.key': 'This column is already listed' },
    ]);
    const none = await save(t, token, { list: ORDERS, fields: [] });
    expect([none.code, none.data]).toEqual([422, { fields: 'Please add at least 1' }]);
    const many = Array.from({ length: 101 }, (_, i) => ({ key: `c${i}`, visible: true }));
    const tooMany = await save(t, token, { list: ORDERS, fields: many });
    expect([tooMany.code, tooMany.data]).toEqual([422, { fields: 'No more than 100 allowed' }]);
    await saveOk(t, token, many.slice(0, 100));
    expect(await fieldsOf(t, token)).toHaveLength(100);
    expect((await save(t, token, { fields: ORDER_COLUMNS })).data).toEqual({
      list: 'Please fill in this field',
    });
    for (const list of ['/orders', 'orders/', 'a//b', 'x'.repeat(65), '订单']) {
      const res = await save(t, token, { list, fields: ORDER_COLUMNS });
      expect([list, res.code]).toEqual([list, 422]);
    }
    const missing = await t.call('common/get-list-field-cache', { token });
    expect([missing.code, missing.data]).toEqual([422, { list: 'Please fill in this field' }]);
    const extra = await t.call('common/get-list-field-cache', { token, query: { list: ORDERS, uid: '1' } });
    expect(extra.code).toBe(422);
    expect((await load(t, token, 'x'.repeat(65))).data).toEqual({ list: 'At most 64 characters' });
  });

  it('limits saves to 60 a minute per user; another user is not counted with them', async () => {
    const t = await testApp({ rateLimits: true });
    const token = await loginAs(t, await createUser(t.deps.db));
    const other = await loginAs(t, await createUser(t.deps.db));
    startOfWindow(t, 60_000);
    for (let i = 0; i < 60; i++) await saveOk(t, token, [{ key: `c${i}`, visible: true }]);
    const over = await save(t, token, { list: ORDERS, fields: ORDER_COLUMNS });
    expect(over.code).toBe(429);
    expect(await fieldsOf(t, token)).toEqual([{ key: 'c59', visible: true }]);
    await saveOk(t, other, ORDER_COLUMNS);
    expect((await load(t, token)).code, 'reads are not limited').toBe(0);
    t.advance(60_000);
    await saveOk(t, token, ORDER_COLUMNS);
  });
});

describe('/api/openapi.json', () => {
  it('documents both calls from their contract: session, query, body, rate limit', async () => {
    const t = await testApp();
    const doc = (await (await t.app.request('/api/openapi.json')).json()) as {
      paths: Record<string, Record<string, Record<string, unknown>>>;
    };
    const get = doc.paths['/api/common/get-list-field-cache.html']?.get;
    expect(get).toMatchObject({
      tags: ['list-settings'],
      security: [{ XToken: [] }],
      parameters: [{ name: 'list', in: 'query', required: true, schema: { type: 'string', maxLength: 64 } }],
    });
    const post = doc.paths['/api/common/cache-list-field.html']?.post;
    expect(post).toMatchObject({
      tags: ['list-settings'],
      security: [{ XToken: [] }],
      'x-rate-limits': [{ by: 'user', limit: 60, window_seconds: 60 }],
      requestBody: {
        content: {
          'application/json': {
            schema: { required: ['list', 'fields'], properties: { fields: { minItems: 1, maxItems: 100 } } },
          },
        },
      },
    });
    expect(JSON.stringify(post?.responses)).toContain('463');
  });
});
