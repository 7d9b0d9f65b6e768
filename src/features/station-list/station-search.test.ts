import { describe, expect, it } from 'vitest';
import type { Station } from '../../contract/stations/schemas.ts';
import { filterStations, groupByCity, indexStations, NO_FILTERS, placesOf } from './station-search.ts';

const SHANGHAI = { region_id: 310000, name: '上海', name_en: 'Shanghai' };
const SHANGHAI_CITY = { region_id: 310100, name: '上海市', name_en: 'Shanghai' };
const JIANGSU = { region_id: 320000, name: '江苏', name_en: 'Jiangsu' };
const SUZHOU = { region_id: 320500, name: '苏州市', name_en: 'Suzhou' };
const NANJING = { region_id: 320100, name: '南京市', name_en: 'Nanjing' };

let nextId = 1;
const station = (over: Partial<Station>): Station => ({
  st_id: nextId++,
  kind: 'station',
  name: '',
  name_en: '',
  pinyin: '',
  province: SHANGHAI,
  city: SHANGHAI_CITY,
  district: null,
  address: '',
  address_en: '',
  phone: '021-0000 0000',
  hours: [],
  temp_classes: ['ambient'],
  ...over,
});

const pudong = station({
  kind: 'depot',
  name: '上海浦东张江临床供应仓',
  name_en: 'Shanghai Pudong Zhangjiang Clinical Supply Depot',
  pinyin: 'shpdzjlcgyc pdxq shs sh',
  district: { region_id: 310115, name: '浦东新区', name_en: 'Pudong New Area' },
  address: '上海市浦东新区张江路 1238 弄 6 号',
  phone: '021-5080 3326',
  temp_classes: ['ambient', 'chilled', 'cryo'],
});
const nanjing = station({
  name: '南京鼓楼服务站',
  name_en: 'Nanjing Gulou Station',
  pinyin: 'njglfwz glq njs js',
  province: JIANGSU,
  city: NANJING,
  address: '南京市鼓楼区中山路 321 号',
});
const suzhou = station({
  kind: 'depot',
  name: '苏州工业园区生物医药仓',
  name_en: 'Suzhou Industrial Park Biopharma Depot',
  pinyin: 'szgyyqswyyc szgyyq szs js',
  province: JIANGSU,
  city: SUZHOU,
  address: '苏州工业园区星湖街 218 号',
  temp_classes: ['chilled'],
});
const all = [pudong, nanjing, suzhou];
const index = indexStations(all);

describe('station search', () => {
  it('matches Chinese or English text, address, phone and pinyin initials, ignoring case and spaces around', () => {
    const names = (keyword: string) => filterStations(index, { ...NO_FILTERS, keyword }).map((s) => s.name);
    expect(names('')).to.have.length(3);
    expect(names('浦东')).to.deep.equal([pudong.name]);
    expect(names('  GULOU ')).to.deep.equal([nanjing.name]);
    expect(names('shpd'), 'initials of the name').to.deep.equal([pudong.name]);
    expect(names('js'), 'initials of the province (江苏)').to.deep.equal([nanjing.name, suzhou.name]);
    expect(names('星湖街'), 'the address').to.deep.equal([suzhou.name]);
    expect(names('5080 3326'), 'the phone').to.deep.equal([pudong.name]);
    expect(names('Biopharma')).to.deep.equal([suzhou.name]);
    expect(names('bjxh')).to.deep.equal([]);
  });

  it('filters by province, city, kind and temperature class together with the text', () => {
    const ids = (filters: Partial<typeof NO_FILTERS>) =>
      filterStations(index, { ...NO_FILTERS, ...filters }).map((s) => s.st_id);
    expect(ids({ provinceId: 320000 })).to.deep.equal([nanjing.st_id, suzhou.st_id]);
    expect(ids({ provinceId: 320000, cityId: 320500 })).to.deep.equal([suzhou.st_id]);
    expect(ids({ kind: 'depot' })).to.deep.equal([pudong.st_id, suzhou.st_id]);
    expect(ids({ temp: 'chilled' })).to.deep.equal([pudong.st_id, suzhou.st_id]);
    expect(ids({ temp: 'cryo', provinceId: 320000 })).to.deep.equal([]);
    expect(ids({ keyword: 'js', kind: 'station' })).to.deep.equal([nanjing.st_id]);
  });

  it('groups by city in the server’s order and lists each province’s cities once for the filters', () => {
    const groups = groupByCity([pudong, nanjing, suzhou]);
    expect(groups.map((g) => [g.province.name, g.city.name, g.stations.length])).to.deep.equal([
      ['上海', '上海市', 1],
      ['江苏', '南京市', 1],
      ['江苏', '苏州市', 1],
    ]);
    const places = placesOf([...all, station({ province: JIANGSU, city: SUZHOU })]);
    expect(places.provinces.map((p) => p.name)).to.deep.equal(['上海', '江苏']);
    expect(places.cities.get(320000)?.map((c) => c.name)).to.deep.equal(['南京市', '苏州市']);
  });
});
