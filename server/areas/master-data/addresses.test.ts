import { beforeAll, describe, expect, it } from 'vitest';
import * as ops from '../../../src/contract/master-data/operations.ts';
import type { Address, AddressList, Contact } from '../../../src/contract/master-data/schemas.ts';
import {
  callOp,
  createAddress,
  createRegionTree,
  customerSession,
} from '../../testing/master-data-fixtures.ts';
import { testApp, testDatabase } from '../../testing/test-app.ts';

beforeAll(() => testDatabase());

const companies = (list: Address[]) => list.map((a) => a.company).sort();

describe('common/customer-address', () => {
  it('lists the customer’s live addresses by side, business type and text or pinyin initials', async () => {
    const t = await testApp();
    const me = await customerSession(t);
    const other = await customerSession(t);
    const { district } = await createRegionTree(t.deps.db, { city: '苏州市' });
    await createAddress(t.deps.db, me.cuId, { company: '上海中心仓', kind: 'start', business_type: 'depot' });
    await createAddress(t.deps.db, me.cuId, {
      company: '苏州大学附属医院',
      kind: 'stop',
      business_type: 'site',
      region_id: district.region_id,
    });
    await createAddress(t.deps.db, me.cuId, {
      company: '北京中心实验室',
      kind: 'both',
      business_type: 'lab',
    });
    await createAddress(t.deps.db, me.cuId, { company: '已删除地址', deleted: true });
    await createAddress(t.deps.db, other.cuId, { company: '别人的仓库' });

    const all = await callOp<AddressList>(t, ops.customerAddress, {}, me.token);
    expect(all.code, all.message).toBe(0);
    expect([all.data.total, companies(all.data.list)]).toEqual([
      3,
      ['上海中心仓', '北京中心实验室', '苏州大学附属医院'].sort(),
    ]);
    const starts = await callOp<AddressList>(t, ops.customerAddress, { kind: 'start' }, me.token);
    expect(companies(starts.data.list)).toEqual(['上海中心仓', '北京中心实验室'].sort());
    const stops = await callOp<AddressList>(t, ops.customerAddress, { kind: 'stop' }, me.token);
    expect(companies(stops.data.list)).toEqual(['北京中心实验室', '苏州大学附属医院'].sort());
    const depots = await callOp<AddressList>(t, ops.customerAddress, { business_type: 'depot' }, me.token);
    expect(companies(depots.data.list)).toEqual(['上海中心仓']);
    const byInitials = await callOp<AddressList>(t, ops.customerAddress, { keyword: 'SZDX' }, me.token);
    expect(byInitials.data.list.map((a) => [a.company, a.city])).toEqual([['苏州大学附属医院', '苏州市']]);
    const byText = await callOp<AddressList>(t, ops.customerAddress, { keyword: '中心' }, me.token);
    expect(byText.data.total).toBe(2);
    const paged = await callOp<AddressList>(t, ops.customerAddress, { limit: 2, start: 2 }, me.token);
    expect([paged.data.total, paged.data.list.length]).toEqual([3, 1]);
  });

  it('answers 422 for an unknown side and too long a keyword', async () => {
    const t = await testApp();
    const me = await customerSession(t);
    const res = await callOp(t, ops.customerAddress, { kind: 'both', keyword: 'x'.repeat(101) }, me.token);
    expect(res.code).toBe(422);
    expect(Object.keys(res.data as object).sort()).toEqual(['keyword', 'kind']);
  });
});

describe('common/business-type-address, common/get-experiment-address, common/contact-data', () => {
  it('list one business type, the laboratories, and the contacts, of the customer only', async () => {
    const t = await testApp();
    const me = await customerSession(t);
    const other = await customerSession(t);
    await createAddress(t.deps.db, me.cuId, {
      company: '华东检测实验室',
      business_type: 'lab',
      contact: '李娜',
      phone: '13800000001',
    });
    await createAddress(t.deps.db, me.cuId, {
      company: '华南检测实验室',
      business_type: 'lab',
      kind: 'start',
      contact: '李娜',
      phone: '13800000001',
    });
    await createAddress(t.deps.db, me.cuId, {
      company: '成都仓',
      business_type: 'depot',
      contact: '张伟',
      phone: '13800000002',
    });
    await createAddress(t.deps.db, other.cuId, {
      company: '别人的实验室',
      business_type: 'lab',
      contact: '王芳',
    });

    const labs = await callOp<Address[]>(t, ops.getExperimentAddress, {}, me.token);
    expect(labs.data.map((a) => a.company)).toEqual(['华东检测实验室', '华南检测实验室']);
    const labStops = await callOp<Address[]>(
      t,
      ops.businessTypeAddress,
      { business_type: 'lab', kind: 'stop' },
      me.token,
    );
    expect(labStops.data.map((a) => a.company)).toEqual(['华东检测实验室']);
    const depots = await callOp<Address[]>(
      t,
      ops.businessTypeAddress,
      { business_type: 'depot', keyword: 'cdc' },
      me.token,
    );
    expect(depots.data.map((a) => a.company)).toEqual(['成都仓']);
    expect((await callOp(t, ops.businessTypeAddress, { business_type: '  ' }, me.token)).code).toBe(422);

    const people = await callOp<Contact[]>(t, ops.contactData, {}, me.token);
    expect(people.data.map((c) => [c.contact, c.phone])).toEqual(
      [
        ['张伟', '13800000002'],
        ['李娜', '13800000001'],
      ].sort((a, b) => (a[0] as string).localeCompare(b[0] as string)),
    );
    expect(people.data.find((c) => c.contact === '张伟')?.pinyin, 'initials for pickers').toBe('zw cdc');
    const byPhone = await callOp<Contact[]>(t, ops.contactData, { keyword: '0002' }, me.token);
    expect(byPhone.data.map((c) => c.contact)).toEqual(['张伟']);
  });
});
