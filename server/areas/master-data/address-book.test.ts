import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import * as ops from '../../../src/contract/master-data/operations.ts';
import type { Address, AddressList } from '../../../src/contract/master-data/schemas.ts';
import {
  callOp,
  createAddress,
  createRegionTree,
  customerSession,
} from '../../testing/master-data-fixtures.ts';
import { type TestApp, testApp, testDatabase } from '../../testing/test-app.ts';

beforeAll(() => testDatabase());

type Session = { token: string; cuId: number };

async function setup() {
  const t = await testApp();
  const me = await customerSession(t);
  const other = await customerSession(t);
  const tree = await createRegionTree(t.deps.db, { city: `苏州市${randomUUID().slice(0, 4)}` });
  return { t, me, other, tree };
}

const form = (regionId: number, patch: Record<string, unknown> = {}) => ({
  kind: 'start',
  company: '苏州新药研发中心',
  contact: '王磊',
  phone: '13912345678',
  region_id: regionId,
  address: '星湖街 218 号 B3 栋',
  ...patch,
});

const row = (t: TestApp, adId: number) =>
  t.deps.db.selectFrom('addresses').selectAll().where('ad_id', '=', adId).executeTakeFirst();

const listed = async (t: TestApp, me: Session, kind?: 'start' | 'stop') =>
  (await callOp<AddressList>(t, ops.customerAddress, kind ? { kind } : {}, me.token)).data.list.map(
    (a) => a.ad_id,
  );

describe('customer-address/adrcreate', () => {
  it('adds an address of the session’s customer, with its city, that the lists offer at once', async () => {
    const { t, me, other, tree } = await setup();
    const res = await callOp<Address>(t, ops.addressCreate, form(tree.district.region_id), me.token);
    expect(res.code, res.message).toBe(0);
    expect(res.data).toMatchObject({
      kind: 'start',
      business_type: 'general',
      company: '苏州新药研发中心',
      phone: '13912345678',
      region_id: tree.district.region_id,
      city: tree.city.name,
      pinyin: 'szxyyfzx',
      version: 1,
    });
    expect(await listed(t, me, 'start')).toContain(res.data.ad_id);
    expect(await listed(t, me, 'stop')).not.toContain(res.data.ad_id);
    expect(await listed(t, other)).not.toContain(res.data.ad_id);
    const picker = await callOp<Address[]>(
      t,
      ops.businessTypeAddress,
      { business_type: 'general', kind: 'start' },
      me.token,
    );
    expect(picker.data.map((a) => a.ad_id)).toContain(res.data.ad_id);
  });

  it('takes mobiles and landlines as people write them', async () => {
    const { t, me, tree } = await setup();
    for (const phone of [
      '13812345678',
      '+86 19912345678',
      '010-12345678',
      '0512-6868686',
      '02187654321',
      '0755-86001234-808',
      '021-62345678转12',
      ' 18600001111 ',
    ]) {
      const res = await callOp<Address>(
        t,
        ops.addressCreate,
        form(tree.district.region_id, { phone }),
        me.token,
      );
      expect(res.code, `${phone}: ${res.message}`).toBe(0);
      expect(res.data.phone).toBe(phone.trim());
    }
  });

  it('refuses a bad phone, a missing field or a bogus district with messages in the caller’s language', async () => {
    const { t, me, tree } = await setup();
    const before = await listed(t, me);
    for (const phone of [
      '12345678901',
      '1381234567',
      '138123456789',
      '12345678',
      '010-1234',
      '0101234567890',
      'abc',
    ]) {
      const res = await callOp(t, ops.addressCreate, form(tree.district.region_id, { phone }), me.token);
      expect(res.code, phone).toBe(422);
      expect((res.data as Record<string, string>).phone).toMatch(/11-digit mobile/);
    }
    const zh = await t.call<Record<string, string>>(ops.addressCreate.path, {
      token: me.token,
      headers: { 'Accept-Language': 'zh-CN' },
      body: form(tree.district.region_id, { phone: '555', company: ' ', region_id: '' }),
    });
    expect(zh.code).toBe(422);
    expect(zh.data).toEqual({
      phone: '请填写 11 位手机号（如 13812345678）或带区号的座机号（如 010-12345678）',
      company: '请填写此项',
      region_id: '请选择省、市和区县',
    });

    const city = await callOp(t, ops.addressCreate, form(tree.city.region_id), me.token);
    expect([city.code, city.data]).toEqual([422, { region_id: 'Choose a district' }]);
    const unknown = await callOp(t, ops.addressCreate, form(2_000_000_000), me.token);
    expect([unknown.code, unknown.data]).toEqual([422, { region_id: 'Choose a district' }]);
    const kind = await callOp(
      t,
      ops.addressCreate,
      form(tree.district.region_id, { kind: 'middle' }),
      me.token,
    );
    expect(Object.keys(kind.data as object)).toEqual(['kind']);
    expect(await listed(t, me)).toEqual(before);
  });

  it('needs a session', async () => {
    const { t, tree } = await setup();
    const res = await callOp(t, ops.addressCreate, form(tree.district.region_id));
    expect(res.code).toBe(598);
  });
});

describe('customer-address/adrupdate', () => {
  it('changes the address and its version', async () => {
    const { t, me, tree } = await setup();
    const made = await createAddress(t.deps.db, me.cuId, { kind: 'start' });
    const res = await callOp<Address>(
      t,
      ops.addressUpdate,
      { ad_id: made.ad_id, version: 1, ...form(tree.district.region_id, { kind: 'stop', contact: '赵敏' }) },
      me.token,
    );
    expect(res.code, res.message).toBe(0);
    expect(res.data).toMatchObject({ ad_id: made.ad_id, kind: 'stop', contact: '赵敏', version: 2 });
    expect(await listed(t, me, 'stop')).toContain(made.ad_id);
    expect(await listed(t, me, 'start')).not.toContain(made.ad_id);
  });

  it('answers a stale version with 409 and the current address, changing nothing', async () => {
    const { t, me, tree } = await setup();
    const made = await createAddress(t.deps.db, me.cuId, { kind: 'start', contact: '原联系人' });
    const first = await callOp<Address>(
      t,
      ops.addressUpdate,
      { ad_id: made.ad_id, version: 1, ...form(tree.district.region_id, { contact: '先改的人' }) },
      me.token,
    );
    expect(first.data.version).toBe(2);
    const stale = await callOp<Address>(
      t,
      ops.addressUpdate,
      { ad_id: made.ad_id, version: 1, ...form(tree.district.region_id, { contact: '后改的人' }) },
      me.token,
    );
    expect(stale.code).toBe(409);
    expect(stale.message).toBe('The address was changed meanwhile; here is its current version');
    expect(stale.data).toEqual(first.data);
    expect((await row(t, made.ad_id))?.contact).toBe('先改的人');
  });

  it('answers 404 for another customer’s, a deleted or an unknown address, changing nothing', async () => {
    const { t, me, other, tree } = await setup();
    const theirs = await createAddress(t.deps.db, other.cuId, { contact: '别人的联系人' });
    const gone = await createAddress(t.deps.db, me.cuId, { deleted: true });
    for (const adId of [theirs.ad_id, gone.ad_id, 2_000_000_000]) {
      const res = await callOp(
        t,
        ops.addressUpdate,
        { ad_id: adId, version: 1, ...form(tree.district.region_id) },
        me.token,
      );
      expect([res.code, res.message]).toEqual([404, 'No such address']);
    }
    expect(await row(t, theirs.ad_id)).toMatchObject({ contact: '别人的联系人', version: 1 });
  });

  it('refuses bad input and a bogus district, changing nothing', async () => {
    const { t, me, tree } = await setup();
    const made = await createAddress(t.deps.db, me.cuId, { phone: '13800000000' });
    const phone = await callOp(
      t,
      ops.addressUpdate,
      { ad_id: made.ad_id, version: 1, ...form(tree.district.region_id, { phone: '1380000' }) },
      me.token,
    );
    expect(Object.keys(phone.data as object)).toEqual(['phone']);
    const district = await callOp(
      t,
      ops.addressUpdate,
      { ad_id: made.ad_id, version: 1, ...form(tree.province.region_id) },
      me.token,
    );
    expect([district.code, district.data]).toEqual([422, { region_id: 'Choose a district' }]);
    const noVersion = await callOp(
      t,
      ops.addressUpdate,
      { ad_id: made.ad_id, ...form(tree.district.region_id) },
      me.token,
    );
    expect(Object.keys(noVersion.data as object)).toEqual(['version']);
    expect(await row(t, made.ad_id)).toMatchObject({ phone: '13800000000', version: 1 });
  });
});

describe('customer-address/del', () => {
  it('removes an address no draft names', async () => {
    const { t, me } = await setup();
    const made = await createAddress(t.deps.db, me.cuId);
    const res = await callOp(t, ops.addressDelete, { ad_id: made.ad_id, version: 1 }, me.token);
    expect([res.code, res.data]).toEqual([0, { ad_id: made.ad_id, removed: 'hard' }]);
    expect(await row(t, made.ad_id)).toBeUndefined();
  });

  it('only hides an address a draft names: no list offers it, the draft keeps its id', async () => {
    const { t, me } = await setup();
    const made = await createAddress(t.deps.db, me.cuId, { business_type: 'depot' });
    const uid = (
      await t.deps.db
        .selectFrom('user_customers')
        .select('uid')
        .where('cu_id', '=', me.cuId)
        .executeTakeFirstOrThrow()
    ).uid;
    await t.deps.db
      .insertInto('order_drafts')
      .values({
        uid,
        cu_id: me.cuId,
        mode: 'new',
        order_id: null,
        idempotency_key: randomUUID(),
        data: JSON.stringify({ to_ad_id: made.ad_id }),
        pr_id: null,
        order_type: null,
        temp_class: null,
      })
      .execute();
    const res = await callOp(t, ops.addressDelete, { ad_id: made.ad_id, version: 1 }, me.token);
    expect([res.code, res.data]).toEqual([0, { ad_id: made.ad_id, removed: 'soft' }]);
    expect((await row(t, made.ad_id))?.deleted_at).not.toBeNull();
    expect(await listed(t, me)).not.toContain(made.ad_id);
    const picker = await callOp<Address[]>(t, ops.businessTypeAddress, { business_type: 'depot' }, me.token);
    expect(picker.data.map((a) => a.ad_id)).not.toContain(made.ad_id);
    const again = await callOp(t, ops.addressDelete, { ad_id: made.ad_id, version: 2 }, me.token);
    expect(again.code).toBe(404);
  });

  it('answers a stale version with 409 and the current address, and another customer’s with 404', async () => {
    const { t, me, other, tree } = await setup();
    const made = await createAddress(t.deps.db, me.cuId);
    const changed = await callOp<Address>(
      t,
      ops.addressUpdate,
      { ad_id: made.ad_id, version: 1, ...form(tree.district.region_id) },
      me.token,
    );
    const stale = await callOp<Address>(t, ops.addressDelete, { ad_id: made.ad_id, version: 1 }, me.token);
    expect([stale.code, stale.data]).toEqual([409, changed.data]);
    expect(await row(t, made.ad_id)).toBeDefined();

    const theirs = await createAddress(t.deps.db, other.cuId);
    const foreign = await callOp(t, ops.addressDelete, { ad_id: theirs.ad_id, version: 1 }, me.token);
    expect(foreign.code).toBe(404);
    expect(await row(t, theirs.ad_id)).toBeDefined();
    const bad = await callOp(t, ops.addressDelete, { ad_id: 'x' }, me.token);
    expect(Object.keys(bad.data as object).sort()).toEqual(['ad_id', 'version']);
  });
});

describe('common/customer-address paging, sorting and keyword', () => {
  it('sorts by company, contact or city and finds by phone and city', async () => {
    const { t, me, tree } = await setup();
    const other = await createRegionTree(t.deps.db, { city: `无锡市${randomUUID().slice(0, 4)}` });
    await createAddress(t.deps.db, me.cuId, {
      company: 'B 公司',
      contact: '甲',
      phone: '13700000001',
      region_id: tree.district.region_id,
    });
    await createAddress(t.deps.db, me.cuId, {
      company: 'A 公司',
      contact: '乙',
      phone: '13700000002',
      region_id: other.district.region_id,
    });
    await createAddress(t.deps.db, me.cuId, {
      company: 'C 公司',
      contact: '丙',
      phone: '021-55556666',
      region_id: tree.district.region_id,
    });
    const companies = async (query: Record<string, unknown>) =>
      (await callOp<AddressList>(t, ops.customerAddress, query, me.token)).data.list.map((a) => a.company);
    expect(await companies({ sort: 'company' })).toEqual(['A 公司', 'B 公司', 'C 公司']);
    expect(await companies({ sort: '-company', limit: 2 })).toEqual(['C 公司', 'B 公司']);
    expect(await companies({ sort: '-company', limit: 2, currentPage: 2 })).toEqual(['A 公司']);
    expect(await companies({ keyword: '5555' })).toEqual(['C 公司']);
    expect(await companies({ keyword: other.city.name })).toEqual(['A 公司']);
    expect((await companies({ sort: 'city' }))[0]).toBe(
      tree.city.name < other.city.name ? 'C 公司' : 'A 公司',
    );
    const bad = await callOp(t, ops.customerAddress, { sort: 'phone' }, me.token);
    expect(Object.keys(bad.data as object)).toEqual(['sort']);
  });
});
