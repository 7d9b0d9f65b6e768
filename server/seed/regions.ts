import type { DB } from '../db/database.ts';
import { pinyinInitials } from '../core/pinyin.ts';

/**
 * The region tree (province → city → district) of the places the provider serves, with the
 * national administrative division codes (GB/T 2260) as `region_id`, so an id means the same
 * everywhere. Municipalities (北京, 上海, 天津, 重庆) have one city level of the same name.
 * A province or city marked `served: false` (and everything under it) is not delivered to.
 */
interface City {
  id: number;
  name: string;
  en: string;
  served?: boolean;
  districts: Array<[number, string, string]>;
}
interface Province {
  id: number;
  name: string;
  en: string;
  served?: boolean;
  cities: City[];
}

export const REGIONS: readonly Province[] = [
  {
    id: 110000,
    name: '北京',
    en: 'Beijing',
    cities: [
      {
        id: 110100,
        name: '北京市',
        en: 'Beijing',
        districts: [
          [110101, '东城区', 'Dongcheng District'],
          [110102, '西城区', 'Xicheng District'],
          [110105, '朝阳区', 'Chaoyang District'],
          [110106, '丰台区', 'Fengtai District'],
          [110108, '海淀区', 'Haidian District'],
          [110114, '昌平区', 'Changping District'],
          [110115, '大兴区', 'Daxing District'],
        ],
      },
    ],
  },
  {
    id: 120000,
    name: '天津',
    en: 'Tianjin',
    cities: [
      {
        id: 120100,
        name: '天津市',
        en: 'Tianjin',
        districts: [
          [120101, '和平区', 'Heping District'],
          [120102, '河东区', 'Hedong District'],
          [120103, '河西区', 'Hexi District'],
          [120104, '南开区', 'Nankai District'],
          [120116, '滨海新区', 'Binhai New Area'],
        ],
      },
    ],
  },
  {
    id: 130000,
    name: '河北',
    en: 'Hebei',
    cities: [
      {
        id: 130100,
        name: '石家庄市',
        en: 'Shijiazhuang',
        districts: [
          [130102, '长安区', "Chang'an District"],
          [130104, '桥西区', 'Qiaoxi District'],
          [130105, '新华区', 'Xinhua District'],
          [130108, '裕华区', 'Yuhua District'],
        ],
      },
    ],
  },
  {
    id: 210000,
    name: '辽宁',
    en: 'Liaoning',
    cities: [
      {
        id: 210100,
        name: '沈阳市',
        en: 'Shenyang',
        districts: [
          [210102, '和平区', 'Heping District'],
          [210103, '沈河区', 'Shenhe District'],
          [210104, '大东区', 'Dadong District'],
          [210105, '皇姑区', 'Huanggu District'],
          [210106, '铁西区', 'Tiexi District'],
        ],
      },
    ],
  },
  {
    id: 310000,
    name: '上海',
    en: 'Shanghai',
    cities: [
      {
        id: 310100,
        name: '上海市',
        en: 'Shanghai',
        districts: [
          [310101, '黄浦区', 'Huangpu District'],
          [310104, '徐汇区', 'Xuhui District'],
          [310105, '长宁区', 'Changning District'],
          [310106, '静安区', "Jing'an District"],
          [310107, '普陀区', 'Putuo District'],
          [310110, '杨浦区', 'Yangpu District'],
          [310112, '闵行区', 'Minhang District'],
          [310115, '浦东新区', 'Pudong New Area'],
        ],
      },
    ],
  },
  {
    id: 320000,
    name: '江苏',
    en: 'Jiangsu',
    cities: [
      {
        id: 320100,
        name: '南京市',
        en: 'Nanjing',
        districts: [
          [320102, '玄武区', 'Xuanwu District'],
          [320104, '秦淮区', 'Qinhuai District'],
          [320105, '建邺区', 'Jianye District'],
          [320106, '鼓楼区', 'Gulou District'],
          [320115, '江宁区', 'Jiangning District'],
        ],
      },
      {
        id: 320500,
        name: '苏州市',
        en: 'Suzhou',
        districts: [
          [320505, '虎丘区', 'Huqiu District'],
          [320506, '吴中区', 'Wuzhong District'],
          [320507, '相城区', 'Xiangcheng District'],
          [320508, '姑苏区', 'Gusu District'],
          [320571, '苏州工业园区', 'Suzhou Industrial Park'],
        ],
      },
    ],
  },
  {
    id: 330000,
    name: '浙江',
    en: 'Zhejiang',
    cities: [
      {
        id: 330100,
        name: '杭州市',
        en: 'Hangzhou',
        districts: [
          [330102, '上城区', 'Shangcheng District'],
          [330105, '拱墅区', 'Gongshu District'],
          [330106, '西湖区', 'Xihu District'],
          [330108, '滨江区', 'Binjiang District'],
          [330110, '余杭区', 'Yuhang District'],
        ],
      },
    ],
  },
  {
    id: 350000,
    name: '福建',
    en: 'Fujian',
    cities: [
      {
        id: 350100,
        name: '福州市',
        en: 'Fuzhou',
        districts: [
          [350102, '鼓楼区', 'Gulou District'],
          [350103, '台江区', 'Taijiang District'],
        ],
      },
      {
        id: 350200,
        name: '厦门市',
        en: 'Xiamen',
        districts: [
          [350203, '思明区', 'Siming District'],
          [350205, '海沧区', 'Haicang District'],
          [350206, '湖里区', 'Huli District'],
          [350211, '集美区', 'Jimei District'],
        ],
      },
    ],
  },
  {
    id: 370000,
    name: '山东',
    en: 'Shandong',
    cities: [
      {
        id: 370100,
        name: '济南市',
        en: 'Jinan',
        districts: [
          [370102, '历下区', 'Lixia District'],
          [370103, '市中区', 'Shizhong District'],
          [370104, '槐荫区', 'Huaiyin District'],
          [370105, '天桥区', 'Tianqiao District'],
        ],
      },
      {
        id: 370200,
        name: '青岛市',
        en: 'Qingdao',
        districts: [
          [370202, '市南区', 'Shinan District'],
          [370203, '市北区', 'Shibei District'],
          [370211, '黄岛区', 'Huangdao District'],
          [370212, '崂山区', 'Laoshan District'],
        ],
      },
    ],
  },
  {
    id: 410000,
    name: '河南',
    en: 'Henan',
    cities: [
      {
        id: 410100,
        name: '郑州市',
        en: 'Zhengzhou',
        districts: [
          [410102, '中原区', 'Zhongyuan District'],
          [410103, '二七区', 'Erqi District'],
          [410105, '金水区', 'Jinshui District'],
        ],
      },
    ],
  },
  {
    id: 420000,
    name: '湖北',
    en: 'Hubei',
    cities: [
      {
        id: 420100,
        name: '武汉市',
        en: 'Wuhan',
        districts: [
          [420102, '江岸区', "Jiang'an District"],
          [420103, '江汉区', 'Jianghan District'],
          [420104, '硚口区', 'Qiaokou District'],
          [420106, '武昌区', 'Wuchang District'],
          [420111, '洪山区', 'Hongshan District'],
        ],
      },
    ],
  },
  {
    id: 430000,
    name: '湖南',
    en: 'Hunan',
    cities: [
      {
        id: 430100,
        name: '长沙市',
        en: 'Changsha',
        districts: [
          [430102, '芙蓉区', 'Furong District'],
          [430103, '天心区', 'Tianxin District'],
          [430104, '岳麓区', 'Yuelu District'],
          [430105, '开福区', 'Kaifu District'],
          [430111, '雨花区', 'Yuhua District'],
        ],
      },
    ],
  },
  {
    id: 440000,
    name: '广东',
    en: 'Guangdong',
    cities: [
      {
        id: 440100,
        name: '广州市',
        en: 'Guangzhou',
        districts: [
          [440103, '荔湾区', 'Liwan District'],
          [440104, '越秀区', 'Yuexiu District'],
          [440105, '海珠区', 'Haizhu District'],
          [440106, '天河区', 'Tianhe District'],
          [440111, '白云区', 'Baiyun District'],
          [440112, '黄埔区', 'Huangpu District'],
        ],
      },
      {
        id: 440300,
        name: '深圳市',
        en: 'Shenzhen',
        districts: [
          [440303, '罗湖区', 'Luohu District'],
          [440304, '福田区', 'Futian District'],
          [440305, '南山区', 'Nanshan District'],
          [440306, '宝安区', "Bao'an District"],
          [440307, '龙岗区', 'Longgang District'],
        ],
      },
    ],
  },
  {
    id: 500000,
    name: '重庆',
    en: 'Chongqing',
    cities: [
      {
        id: 500100,
        name: '重庆市',
        en: 'Chongqing',
        districts: [
          [500103, '渝中区', 'Yuzhong District'],
          [500105, '江北区', 'Jiangbei District'],
          [500106, '沙坪坝区', 'Shapingba District'],
          [500107, '九龙坡区', 'Jiulongpo District'],
          [500112, '渝北区', 'Yubei District'],
        ],
      },
    ],
  },
  {
    id: 510000,
    name: '四川',
    en: 'Sichuan',
    cities: [
      {
        id: 510100,
        name: '成都市',
        en: 'Chengdu',
        districts: [
          [510104, '锦江区', 'Jinjiang District'],
          [510105, '青羊区', 'Qingyang District'],
          [510106, '金牛区', 'Jinniu District'],
          [510107, '武侯区', 'Wuhou District'],
          [510108, '成华区', 'Chenghua District'],
          [510116, '双流区', 'Shuangliu District'],
        ],
      },
      {
        id: 513200,
        name: '阿坝藏族羌族自治州',
        en: 'Ngawa Tibetan and Qiang Autonomous Prefecture',
        served: false,
        districts: [
          [513201, '马尔康市', 'Barkam'],
          [513231, '阿坝县', 'Aba County'],
        ],
      },
    ],
  },
  {
    id: 610000,
    name: '陕西',
    en: 'Shaanxi',
    cities: [
      {
        id: 610100,
        name: '西安市',
        en: "Xi'an",
        districts: [
          [610102, '新城区', 'Xincheng District'],
          [610103, '碑林区', 'Beilin District'],
          [610104, '莲湖区', 'Lianhu District'],
          [610113, '雁塔区', 'Yanta District'],
        ],
      },
    ],
  },
  {
    id: 540000,
    name: '西藏',
    en: 'Tibet',
    served: false,
    cities: [
      {
        id: 540100,
        name: '拉萨市',
        en: 'Lhasa',
        districts: [
          [540102, '城关区', 'Chengguan District'],
          [540103, '堆龙德庆区', 'Doilungdeqen District'],
        ],
      },
    ],
  },
  {
    id: 630000,
    name: '青海',
    en: 'Qinghai',
    served: false,
    cities: [
      {
        id: 630100,
        name: '西宁市',
        en: 'Xining',
        districts: [
          [630102, '城东区', 'Chengdong District'],
          [630103, '城中区', 'Chengzhong District'],
        ],
      },
    ],
  },
];

export interface RegionRow {
  region_id: number;
  parent_id: number | null;
  level: number;
  name: string;
  name_en: string;
  pinyin: string;
  served: boolean;
}

/** The tree as rows, parents before children. */
export function regionRows(): RegionRow[] {
  const rows: RegionRow[] = [];
  const row = (
    region_id: number,
    parent_id: number | null,
    level: number,
    name: string,
    name_en: string,
    served: boolean,
  ) => rows.push({ region_id, parent_id, level, name, name_en, pinyin: pinyinInitials(name), served });
  for (const p of REGIONS) {
    const provinceServed = p.served ?? true;
    row(p.id, null, 1, p.name, p.en, provinceServed);
    for (const c of p.cities) {
      const cityServed = provinceServed && (c.served ?? true);
      row(c.id, p.id, 2, c.name, c.en, cityServed);
      for (const [id, name, en] of c.districts) row(id, c.id, 3, name, en, cityServed);
    }
  }
  return rows;
}

/** A district's id by its city's and its own name (the demo data places sites with it). */
export function districtId(city: string, district: string): number {
  for (const p of REGIONS)
    for (const c of p.cities)
      if (c.name === city || c.name === `${city}市`)
        for (const [id, name] of c.districts) if (name === district) return id;
  throw new Error(`no district ${city} ${district} in the region tree`);
}

/** Writes the regions that are missing (by id); returns how many it wrote. */
export async function seedRegions(db: DB): Promise<number> {
  const have = new Set(
    (await db.selectFrom('regions').select('region_id').execute()).map((r) => r.region_id),
  );
  const missing = regionRows().filter((r) => !have.has(r.region_id));
  if (missing.length === 0) return 0;
  await db.insertInto('regions').values(missing).execute();
  return missing.length;
}
