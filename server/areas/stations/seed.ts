import type { OpeningHours, StationKind } from '../../../src/contract/stations/schemas.ts';
import type { TempClass } from '../../../src/contract/orders/domain.ts';
import type { DB } from '../../db/database.ts';
import { pinyinInitials } from '../../core/pinyin.ts';

/**
 * The demo provider's stations and depots (seeded with the demo data, never in production: the
 * addresses and phone numbers are made up). Each is placed on a district of the region tree
 * (server/seed/regions.ts) by its national division code.
 */
export interface StationSeed {
  code: string;
  kind: StationKind;
  name: string;
  name_en: string;
  region_id: number;
  address: string;
  address_en: string;
  phone: string;
  hours: OpeningHours[];
  temp_classes: TempClass[];
}

const WEEKDAYS = (open: string, close: string): OpeningHours => ({ from_day: 1, to_day: 5, open, close });
const SATURDAY = (open: string, close: string): OpeningHours => ({ from_day: 6, to_day: 6, open, close });
const ALL_WEEK = (open: string, close: string): OpeningHours => ({ from_day: 1, to_day: 7, open, close });
/** A service point: weekdays 08:30–18:00 and Saturday mornings. */
const OFFICE = [WEEKDAYS('08:30', '18:00'), SATURDAY('09:00', '12:00')];
/** A depot: receiving around the clock. */
const AROUND_THE_CLOCK = [ALL_WEEK('00:00', '24:00')];

const COLD: TempClass[] = ['ambient', 'chilled'];
const FULL: TempClass[] = ['ambient', 'chilled', 'frozen', 'deep_frozen', 'cryo'];

export const STATIONS: readonly StationSeed[] = [
  {
    code: 'DEMO-01',
    kind: 'station',
    name: '北京海淀服务站',
    name_en: 'Beijing Haidian Station',
    region_id: 110108,
    address: '北京市海淀区中关村南大街 27 号 1 层',
    address_en: '1F, 27 Zhongguancun South Street, Haidian District, Beijing',
    phone: '010-6251 3380',
    hours: OFFICE,
    temp_classes: COLD,
  },
  {
    code: 'DEMO-02',
    kind: 'depot',
    name: '北京大兴医药冷链仓',
    name_en: 'Beijing Daxing Pharmaceutical Cold-Chain Depot',
    region_id: 110115,
    address: '北京市大兴区生物医药基地永大路 38 号',
    address_en: '38 Yongda Road, Biomedical Base, Daxing District, Beijing',
    phone: '010-6025 7716',
    hours: AROUND_THE_CLOCK,
    temp_classes: FULL,
  },
  {
    code: 'DEMO-03',
    kind: 'station',
    name: '天津滨海服务站',
    name_en: 'Tianjin Binhai Station',
    region_id: 120116,
    address: '天津市滨海新区第三大街 51 号泰达广场 B 座',
    address_en: 'Tower B, TEDA Plaza, 51 Third Avenue, Binhai New Area, Tianjin',
    phone: '022-6537 2090',
    hours: [WEEKDAYS('09:00', '17:30')],
    temp_classes: COLD,
  },
  {
    code: 'DEMO-04',
    kind: 'station',
    name: '沈阳沈河服务站',
    name_en: 'Shenyang Shenhe Station',
    region_id: 210103,
    address: '沈阳市沈河区青年大街 185 号茂业中心 12 层',
    address_en: '12F, Maoye Centre, 185 Qingnian Street, Shenhe District, Shenyang',
    phone: '024-2251 6608',
    hours: [WEEKDAYS('08:30', '17:30')],
    temp_classes: COLD,
  },
  {
    code: 'DEMO-05',
    kind: 'station',
    name: '上海徐汇服务站',
    name_en: 'Shanghai Xuhui Station',
    region_id: 310104,
    address: '上海市徐汇区宜山路 700 号 C 区 1 层',
    address_en: '1F, Zone C, 700 Yishan Road, Xuhui District, Shanghai',
    phone: '021-6485 2217',
    hours: OFFICE,
    temp_classes: ['ambient', 'chilled', 'frozen'],
  },
  {
    code: 'DEMO-06',
    kind: 'depot',
    name: '上海浦东张江临床供应仓',
    name_en: 'Shanghai Pudong Zhangjiang Clinical Supply Depot',
    region_id: 310115,
    address: '上海市浦东新区张江路 1238 弄 6 号',
    address_en: 'No. 6, Lane 1238 Zhangjiang Road, Pudong New Area, Shanghai',
    phone: '021-5080 3326',
    hours: AROUND_THE_CLOCK,
    temp_classes: FULL,
  },
  {
    code: 'DEMO-07',
    kind: 'depot',
    name: '上海闵行医药物流中心',
    name_en: 'Shanghai Minhang Pharmaceutical Logistics Centre',
    region_id: 310112,
    address: '上海市闵行区元江路 5500 号 3 号库',
    address_en: 'Warehouse 3, 5500 Yuanjiang Road, Minhang District, Shanghai',
    phone: '021-3412 8850',
    hours: [ALL_WEEK('07:00', '22:00')],
    temp_classes: ['ambient', 'chilled', 'frozen', 'deep_frozen'],
  },
  {
    code: 'DEMO-08',
    kind: 'station',
    name: '南京鼓楼服务站',
    name_en: 'Nanjing Gulou Station',
    region_id: 320106,
    address: '南京市鼓楼区中山路 321 号 2 层',
    address_en: '2F, 321 Zhongshan Road, Gulou District, Nanjing',
    phone: '025-8331 4402',
    hours: OFFICE,
    temp_classes: COLD,
  },
  {
    code: 'DEMO-09',
    kind: 'depot',
    name: '苏州工业园区生物医药仓',
    name_en: 'Suzhou Industrial Park Biopharma Depot',
    region_id: 320571,
    address: '苏州工业园区星湖街 218 号生物医药产业园 C20 栋',
    address_en: 'Building C20, BioBAY, 218 Xinghu Street, Suzhou Industrial Park, Suzhou',
    phone: '0512-6295 7730',
    hours: [ALL_WEEK('06:00', '23:00')],
    temp_classes: FULL,
  },
  {
    code: 'DEMO-10',
    kind: 'station',
    name: '杭州滨江服务站',
    name_en: 'Hangzhou Binjiang Station',
    region_id: 330108,
    address: '杭州市滨江区江南大道 3850 号创新大厦 1 层',
    address_en: '1F, Innovation Tower, 3850 Jiangnan Avenue, Binjiang District, Hangzhou',
    phone: '0571-8669 2271',
    hours: OFFICE,
    temp_classes: ['ambient', 'chilled', 'frozen'],
  },
  {
    code: 'DEMO-11',
    kind: 'station',
    name: '厦门湖里服务站',
    name_en: 'Xiamen Huli Station',
    region_id: 350206,
    address: '厦门市湖里区枋湖北二路 1508 号',
    address_en: '1508 Fanghu North 2nd Road, Huli District, Xiamen',
    phone: '0592-5710 386',
    hours: [WEEKDAYS('08:30', '17:30')],
    temp_classes: COLD,
  },
  {
    code: 'DEMO-12',
    kind: 'station',
    name: '青岛崂山服务站',
    name_en: 'Qingdao Laoshan Station',
    region_id: 370212,
    address: '青岛市崂山区株洲路 187 号',
    address_en: '187 Zhuzhou Road, Laoshan District, Qingdao',
    phone: '0532-8890 1276',
    hours: OFFICE,
    temp_classes: COLD,
  },
  {
    code: 'DEMO-13',
    kind: 'station',
    name: '武汉洪山服务站',
    name_en: 'Wuhan Hongshan Station',
    region_id: 420111,
    address: '武汉市洪山区光谷大道 77 号金融港 B8 栋',
    address_en: 'Building B8, Financial Harbour, 77 Guanggu Avenue, Hongshan District, Wuhan',
    phone: '027-8752 6091',
    hours: OFFICE,
    temp_classes: ['ambient', 'chilled', 'frozen'],
  },
  {
    code: 'DEMO-14',
    kind: 'depot',
    name: '广州黄埔医药冷链仓',
    name_en: 'Guangzhou Huangpu Pharmaceutical Cold-Chain Depot',
    region_id: 440112,
    address: '广州市黄埔区科学大道 162 号 6 号仓',
    address_en: 'Warehouse 6, 162 Science Avenue, Huangpu District, Guangzhou',
    phone: '020-3202 8815',
    hours: AROUND_THE_CLOCK,
    temp_classes: FULL,
  },
  {
    code: 'DEMO-15',
    kind: 'station',
    name: '广州越秀服务站',
    name_en: 'Guangzhou Yuexiu Station',
    region_id: 440104,
    address: '广州市越秀区中山二路 58 号 1 层',
    address_en: '1F, 58 Zhongshan 2nd Road, Yuexiu District, Guangzhou',
    phone: '020-8736 1142',
    hours: OFFICE,
    temp_classes: COLD,
  },
  {
    code: 'DEMO-16',
    kind: 'station',
    name: '深圳南山服务站',
    name_en: 'Shenzhen Nanshan Station',
    region_id: 440305,
    address: '深圳市南山区高新南七道 12 号',
    address_en: '12 Gaoxin South 7th Road, Nanshan District, Shenzhen',
    phone: '0755-2663 9057',
    hours: [WEEKDAYS('08:30', '19:00'), SATURDAY('09:00', '17:00')],
    temp_classes: ['ambient', 'chilled', 'frozen'],
  },
  {
    code: 'DEMO-17',
    kind: 'station',
    name: '重庆渝北服务站',
    name_en: 'Chongqing Yubei Station',
    region_id: 500112,
    address: '重庆市渝北区金开大道 1230 号',
    address_en: '1230 Jinkai Avenue, Yubei District, Chongqing',
    phone: '023-6786 3321',
    hours: [WEEKDAYS('09:00', '18:00')],
    temp_classes: COLD,
  },
  {
    code: 'DEMO-18',
    kind: 'depot',
    name: '成都双流医药仓',
    name_en: 'Chengdu Shuangliu Pharmaceutical Depot',
    region_id: 510116,
    address: '成都市双流区西航港大道 2999 号',
    address_en: '2999 Xihanggang Avenue, Shuangliu District, Chengdu',
    phone: '028-8580 6627',
    hours: [ALL_WEEK('06:00', '22:00')],
    temp_classes: ['ambient', 'chilled', 'frozen', 'deep_frozen'],
  },
  {
    code: 'DEMO-19',
    kind: 'station',
    name: '成都武侯服务站',
    name_en: 'Chengdu Wuhou Station',
    region_id: 510107,
    address: '成都市武侯区人民南路四段 11 号',
    address_en: '11 Section 4, Renmin South Road, Wuhou District, Chengdu',
    phone: '028-8542 0318',
    hours: OFFICE,
    temp_classes: COLD,
  },
  {
    code: 'DEMO-20',
    kind: 'station',
    name: '西安雁塔服务站',
    name_en: "Xi'an Yanta Station",
    region_id: 610113,
    address: '西安市雁塔区科技路 48 号创业广场 A 座',
    address_en: "Tower A, Venture Plaza, 48 Keji Road, Yanta District, Xi'an",
    phone: '029-8832 5064',
    hours: [WEEKDAYS('08:30', '17:30')],
    temp_classes: COLD,
  },
];

/** Writes the demo stations into a database that has none; returns how many it wrote. */
export async function seedStations(db: DB): Promise<number> {
  const any = await db.selectFrom('stations').select('st_id').limit(1).executeTakeFirst();
  if (any) return 0;
  await db
    .insertInto('stations')
    .values(
      STATIONS.map(({ hours, ...s }) => ({
        ...s,
        pinyin: pinyinInitials(s.name),
        hours: JSON.stringify(hours),
      })),
    )
    .execute();
  return STATIONS.length;
}
