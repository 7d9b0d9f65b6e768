import { beforeAll, describe, expect, it } from 'vitest';
import type { Station } from '../../../src/contract/stations/schemas.ts';
import { signIntegration } from '../../http/signature.ts';
import { startOfWindow } from '../../testing/accounts.ts';
import { createStation } from '../../testing/station-fixtures.ts';
import { type TestApp, testApp, testDatabase } from '../../testing/test-app.ts';
import { newAddress } from '../../testing/tracking-test-helpers.ts';
import { STATION_CACHE_MS } from './station-list.ts';

beforeAll(() => testDatabase());

const list = (t: TestApp, init: { ip?: string; token?: string } = {}) =>
  t.call<Station[]>('common/station-list', init);
const byId = (stations: Station[], id: number) => stations.find((s) => s.st_id === id);

describe('common/station-list', () => {
  it('answers without a token with each station’s place in the region tree, hours and temperature classes', async () => {
    const t = await testApp();
    const onDistrict = await createStation(t.deps, {
      name: '测试张江冷链仓',
      kind: 'depot',
      region_id: 310115,
      address_en: '6 Test Road, Pudong New Area, Shanghai',
      hours: [{ from_day: 1, to_day: 7, open: '00:00', close: '24:00' }],
      temp_classes: ['chilled', 'cryo'],
    });
    const onCity = await createStation(t.deps, { region_id: 440300, name: '测试深圳服务站' });
    const hidden = await createStation(t.deps, { active: false });
    const res = await list(t);
    expect(res.code).toBe(0);
    expect(byId(res.data, onDistrict.st_id)).toMatchObject({
      kind: 'depot',
      name: '测试张江冷链仓',
      province: { region_id: 310000, name: '上海', name_en: 'Shanghai' },
      city: { region_id: 310100, name: '上海市', name_en: 'Shanghai' },
      district: { region_id: 310115, name: '浦东新区' },
      address_en: '6 Test Road, Pudong New Area, Shanghai',
      hours: [{ from_day: 1, to_day: 7, open: '00:00', close: '24:00' }],
      temp_classes: ['chilled', 'cryo'],
    });
    // the initials of the name, district, city and province
    expect(byId(res.data, onDistrict.st_id)?.pinyin).toBe('cszjllc pdxq shs sh');
    expect(byId(res.data, onCity.st_id)).toMatchObject({
      province: { name: '广东', name_en: 'Guangdong' },
      city: { name: '深圳市', name_en: 'Shenzhen' },
      district: null,
      pinyin: 'csszfwz szs gd',
    });
    expect(byId(res.data, hidden.st_id), 'an inactive station is not listed').toBeUndefined();
    // a token changes nothing (the page is public): the same list
    expect((await list(t, { token: 'not-a-token' })).data).toEqual(res.data);
  });

  it('lists by place: a province’s stations together, stations before depots within a district', async () => {
    const t = await testApp();
    const depot = await createStation(t.deps, { kind: 'depot', region_id: 510116 });
    const station = await createStation(t.deps, { kind: 'station', region_id: 510116 });
    const north = await createStation(t.deps, { region_id: 110108 });
    const ids = (await list(t)).data.map((s) => s.st_id);
    expect(ids.indexOf(north.st_id)).toBeLessThan(ids.indexOf(station.st_id));
    expect(ids.indexOf(station.st_id)).toBeLessThan(ids.indexOf(depot.st_id));
  });

  it('is answered from the app’s cache for a minute; a change through stationsChanged shows at once', async () => {
    const t = await testApp();
    const first = await createStation(t.deps);
    expect(byId((await list(t)).data, first.st_id)).toBeDefined();
    // written behind the app's back (no stationsChanged): the cached list does not have it yet
    const row = await t.deps.db
      .insertInto('stations')
      .values({
        code: `direct-${Date.now()}`,
        name: '直接写入站',
        region_id: 310104,
        address: '上海市徐汇区',
        phone: '021',
        hours: '[]',
      })
      .returning('st_id')
      .executeTakeFirstOrThrow();
    expect(byId((await list(t)).data, row.st_id)).toBeUndefined();
    t.advance(STATION_CACHE_MS);
    expect(byId((await list(t)).data, row.st_id)?.name).toBe('直接写入站');
    // a writer that says so is seen at once
    const second = await createStation(t.deps);
    expect(byId((await list(t)).data, second.st_id)).toBeDefined();
  });

  it('is limited to 60 calls a minute per client address', async () => {
    const t = await testApp({ rateLimits: true });
    startOfWindow(t, 60_000);
    const ip = newAddress();
    for (let i = 0; i < 60; i++) expect((await list(t, { ip })).code).toBe(0);
    const limited = await list(t, { ip });
    expect([limited.code, limited.message]).toEqual([429, 'Too many requests, please try again later']);
    expect((await list(t, { ip: newAddress() })).code).toBe(0);
    t.advance(60_000);
    expect((await list(t, { ip })).code).toBe(0);
  });
});

describe('provider/station-sync', () => {
  const SECRET = 'station-sync-test-secret-41c9';
  function signed<T = unknown>(t: TestApp, body: unknown, secret: string | null = SECRET) {
    const raw = JSON.stringify(body);
    const timestamp = String(Math.floor(t.deps.now().getTime() / 1000));
    const headers: Record<string, string> = { 'content-type': 'application/json', 'x-timestamp': timestamp };
    if (secret !== null) headers['x-signature'] = signIntegration(secret, timestamp, raw);
    return t.call<T>('provider/station-sync', { raw, headers });
  }
  const hours = [{ from_day: 1, to_day: 5, open: '09:00', close: '17:00' }];
  const input = (code: string, over: Record<string, unknown> = {}) => ({
    code,
    kind: 'station',
    name: '杭州滨江同步站',
    region_id: 330108,
    address: '杭州市滨江区江南大道 1 号',
    phone: '0571-0000 0000',
    hours,
    temp_classes: ['ambient', 'chilled'],
    ...over,
  });

  it('adds new codes, updates known ones and hides those left out; the public list shows it at once', async () => {
    const t = await testApp({ integrationSecret: SECRET });
    const before = await createStation(t.deps);
    expect(byId((await list(t)).data, before.st_id)).toBeDefined();
    const a = `A-${Date.now()}`;
    const b = `B-${Date.now()}`;
    const first = await signed(t, { stations: [input(a), input(b, { kind: 'depot', name: '杭州同步仓' })] });
    expect(first.code).toBe(0);
    expect(first.data).toMatchObject({ added: 2, updated: 0 });
    expect((first.data as { hidden: number }).hidden).toBeGreaterThanOrEqual(1);
    let names = (await list(t)).data.map((s) => s.name);
    expect(names).toEqual(['杭州滨江同步站', '杭州同步仓']);
    const second = await signed(t, {
      stations: [input(a, { name: '杭州滨江新站', name_en: 'Hangzhou New' })],
    });
    expect(second.data).toEqual({ added: 0, updated: 1, hidden: 1 });
    const [only] = (await list(t)).data;
    expect(only).toMatchObject({
      name: '杭州滨江新站',
      name_en: 'Hangzhou New',
      pinyin: 'hzbjxz bjq hzs zj',
    });
    // a code named again comes back
    expect((await signed(t, { stations: [input(a), input(b)] })).data).toEqual({
      added: 0,
      updated: 2,
      hidden: 0,
    });
    names = (await list(t)).data.map((s) => s.name);
    expect(names).toHaveLength(2);
  });

  it('refuses an unsigned call (403), a province or unknown region and a code named twice (422)', async () => {
    const t = await testApp({ integrationSecret: SECRET });
    const body = { stations: [input(`C-${Date.now()}`)] };
    expect((await signed(t, body, null)).code).toBe(403);
    expect((await signed(t, body, 'not-the-secret')).code).toBe(403);
    const province = await signed(t, { stations: [input('P-1', { region_id: 330000 })] });
    expect([province.code, province.data]).toEqual([
      422,
      { 'stations.0.region_id': 'Place a station on a city or district of the region tree' },
    ]);
    expect((await signed(t, { stations: [input('U-1', { region_id: 999999 })] })).code).toBe(422);
    expect((await signed(t, { stations: [input('D-1'), input('D-1')] })).code).toBe(422);
    expect((await signed(t, { stations: [input('T-1', { temp_classes: ['warm'] })] })).code).toBe(422);
  });
});
