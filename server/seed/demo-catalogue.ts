import type { AttachmentKind, TempClass } from '../../src/contract/orders/domain.ts';

/**
 * The demo's reference material: real hospitals in real districts, the provider's depots, a
 * central laboratory, the trials of each demo customer and the goods they ship. Names of people
 * are made up.
 */

/** [city, district, hospital, address, switchboard] */
export const HOSPITALS: ReadonlyArray<readonly [string, string, string, string, string]> = [
  ['上海', '徐汇区', '复旦大学附属中山医院', '上海市徐汇区枫林路180号', '021-64041990'],
  ['上海', '黄浦区', '上海交通大学医学院附属瑞金医院', '上海市黄浦区瑞金二路197号', '021-64370045'],
  ['上海', '徐汇区', '复旦大学附属肿瘤医院', '上海市徐汇区东安路270号', '021-64175590'],
  ['上海', '徐汇区', '上海市胸科医院', '上海市徐汇区淮海西路241号', '021-62821990'],
  ['上海', '浦东新区', '上海市东方医院', '上海市浦东新区即墨路150号', '021-38804518'],
  ['北京', '东城区', '北京协和医院', '北京市东城区帅府园1号', '010-69156114'],
  ['北京', '朝阳区', '中国医学科学院肿瘤医院', '北京市朝阳区潘家园南里17号', '010-87788899'],
  ['北京', '西城区', '北京大学人民医院', '北京市西城区西直门南大街11号', '010-88326666'],
  ['北京', '海淀区', '北京大学第三医院', '北京市海淀区花园北路49号', '010-82266699'],
  ['北京', '朝阳区', '中日友好医院', '北京市朝阳区樱花园东街2号', '010-84205566'],
  ['天津', '河西区', '天津医科大学肿瘤医院', '天津市河西区体院北环湖西路', '022-23340123'],
  ['天津', '和平区', '天津医科大学总医院', '天津市和平区鞍山道154号', '022-60362255'],
  ['重庆', '渝中区', '重庆医科大学附属第一医院', '重庆市渝中区友谊路1号', '023-68811360'],
  [
    '重庆',
    '沙坪坝区',
    '陆军军医大学第一附属医院（西南医院）',
    '重庆市沙坪坝区高滩岩正街30号',
    '023-68754000',
  ],
  ['广州', '越秀区', '中山大学肿瘤防治中心', '广州市越秀区东风东路651号', '020-87343088'],
  ['广州', '越秀区', '中山大学附属第一医院', '广州市越秀区中山二路58号', '020-87755766'],
  ['广州', '越秀区', '广东省人民医院', '广州市越秀区中山二路106号', '020-83827812'],
  ['广州', '白云区', '南方医科大学南方医院', '广州市白云区广州大道北1838号', '020-61641888'],
  ['深圳', '福田区', '北京大学深圳医院', '深圳市福田区莲花路1120号', '0755-83923333'],
  ['深圳', '罗湖区', '深圳市人民医院', '深圳市罗湖区东门北路1017号', '0755-25533018'],
  ['南京', '鼓楼区', '江苏省人民医院', '南京市鼓楼区广州路300号', '025-68308114'],
  ['南京', '鼓楼区', '南京鼓楼医院', '南京市鼓楼区中山路321号', '025-83106666'],
  ['苏州', '姑苏区', '苏州大学附属第一医院', '苏州市姑苏区十梓街188号', '0512-65223637'],
  ['杭州', '上城区', '浙江大学医学院附属第一医院', '杭州市上城区庆春路79号', '0571-87236114'],
  ['杭州', '上城区', '浙江大学医学院附属邵逸夫医院', '杭州市上城区庆春东路3号', '0571-86006114'],
  ['杭州', '拱墅区', '浙江省肿瘤医院', '杭州市拱墅区半山东路1号', '0571-88122222'],
  ['成都', '武侯区', '四川大学华西医院', '成都市武侯区国学巷37号', '028-85422114'],
  ['成都', '武侯区', '四川省肿瘤医院', '成都市武侯区人民南路四段55号', '028-85420114'],
  ['武汉', '硚口区', '华中科技大学同济医学院附属同济医院', '武汉市硚口区解放大道1095号', '027-83663688'],
  ['武汉', '江汉区', '华中科技大学同济医学院附属协和医院', '武汉市江汉区解放大道1277号', '027-85726114'],
  ['武汉', '武昌区', '武汉大学人民医院', '武汉市武昌区解放路238号', '027-88041911'],
  ['石家庄', '长安区', '河北医科大学第四医院', '石家庄市长安区健康路12号', '0311-86095114'],
  ['石家庄', '新华区', '河北医科大学第二医院', '石家庄市新华区和平西路215号', '0311-66002999'],
  ['西安', '雁塔区', '西安交通大学第一附属医院', '西安市雁塔区雁塔西路277号', '029-85323114'],
  ['西安', '新城区', '空军军医大学第一附属医院（西京医院）', '西安市新城区长乐西路127号', '029-84775507'],
  ['济南', '槐荫区', '山东第一医科大学附属省立医院', '济南市槐荫区经五纬七路324号', '0531-68773114'],
  ['济南', '天桥区', '山东省肿瘤医院', '济南市天桥区济兖路440号', '0531-67626114'],
  ['青岛', '市南区', '青岛大学附属医院', '青岛市市南区江苏路16号', '0532-82911847'],
  ['沈阳', '和平区', '中国医科大学附属第一医院', '沈阳市和平区南京北街155号', '024-83283333'],
  ['沈阳', '和平区', '中国医科大学附属盛京医院', '沈阳市和平区三好街36号', '024-96615'],
  ['长沙', '开福区', '中南大学湘雅医院', '长沙市开福区湘雅路87号', '0731-89753999'],
  ['长沙', '岳麓区', '湖南省肿瘤医院', '长沙市岳麓区桐梓坡路283号', '0731-88651999'],
  ['厦门', '思明区', '厦门大学附属第一医院', '厦门市思明区镇海路55号', '0592-2137777'],
  ['郑州', '二七区', '郑州大学第一附属医院', '郑州市二七区建设东路1号', '0371-66913114'],
];

/** The provider's depots (start of supply, DTP and destruction orders; stop of returns). */
export const DEPOTS = [
  {
    company: 'LP 医药物流上海中心仓',
    contact: '孙海涛',
    phone: '021-58661200',
    address: '上海市浦东新区富特北路211号外高桥保税区 3 号库',
    city: '上海',
    district: '浦东新区',
  },
  {
    company: 'LP 医药物流北京仓',
    contact: '高丽',
    phone: '010-69261100',
    address: '北京市大兴区生物医药基地天富大街18号',
    city: '北京',
    district: '大兴区',
  },
  {
    company: 'LP 医药物流广州仓',
    contact: '黄志明',
    phone: '020-82251300',
    address: '广州市黄埔区开源大道188号科学城物流园 B 栋',
    city: '广州',
    district: '黄埔区',
  },
  {
    company: 'LP 医药物流成都仓',
    contact: '杨倩',
    phone: '028-85870900',
    address: '成都市双流区西航港大道中四段1号空港物流园',
    city: '成都',
    district: '双流区',
  },
] as const;

/** Where clinical samples go (sample orders' stop). */
export const CENTRAL_LAB = {
  company: 'LP 中心实验室（上海）',
  contact: '吴静怡',
  phone: '021-64951800',
  address: '上海市闵行区新骏环路115号 2 号楼',
  city: '上海',
  district: '闵行区',
} as const;

/** Where expired or returned drugs are destroyed (destroy orders' stop). */
export const DESTRUCTION = {
  company: '上海市固体废物处置中心（医药销毁）',
  contact: '钱国庆',
  phone: '021-57290711',
  address: '上海市浦东新区老港镇同发路1号',
  city: '上海',
  district: '浦东新区',
} as const;

/** Approximate centres of the demo's cities, for track points. */
export const CITY_COORDS: Readonly<Record<string, readonly [number, number]>> = {
  上海: [31.2304, 121.4737],
  北京: [39.9042, 116.4074],
  天津: [39.0842, 117.2009],
  重庆: [29.563, 106.5516],
  广州: [23.1291, 113.2644],
  深圳: [22.5431, 114.0579],
  南京: [32.0603, 118.7969],
  苏州: [31.2989, 120.5853],
  杭州: [30.2741, 120.1551],
  成都: [30.5728, 104.0668],
  武汉: [30.5928, 114.3055],
  石家庄: [38.0428, 114.5149],
  西安: [34.3416, 108.9398],
  济南: [36.6512, 117.1201],
  青岛: [36.0671, 120.3826],
  沈阳: [41.8057, 123.4315],
  长沙: [28.2282, 112.9388],
  厦门: [24.4798, 118.0894],
  郑州: [34.7466, 113.6254],
};

export const DEPARTMENTS = [
  '肿瘤内科',
  '血液科',
  '呼吸与危重症医学科',
  '内分泌科',
  '泌尿外科',
  '心血管内科',
  'I 期临床研究中心',
];

export const PEOPLE = [
  '王建华',
  '李晓梅',
  '张志强',
  '刘芳',
  '陈立新',
  '杨帆',
  '赵文静',
  '黄国栋',
  '周敏',
  '吴海燕',
  '徐磊',
  '孙丽娟',
  '胡晓东',
  '朱红',
  '高建军',
  '林雪',
  '何振宇',
  '郭佳',
  '马俊',
  '罗琳',
  '梁超',
  '宋雅琴',
  '郑伟',
  '谢婷',
  '韩冰',
  '唐明',
  '冯晓燕',
  '于洋',
  '董欣',
  '程浩',
];

/** DTP patients (the masked side): their names and homes never leave the server. */
export const PATIENTS = [
  ['沈桂兰', '上海', '徐汇区', '上海市徐汇区龙华西路 88 弄 6 号 502 室'],
  ['丁国富', '上海', '闵行区', '上海市闵行区莘松路 1011 弄 12 号 301 室'],
  ['潘淑珍', '北京', '海淀区', '北京市海淀区学院路 30 号院 5 号楼 2 单元 601'],
  ['姜永利', '北京', '朝阳区', '北京市朝阳区望京西园三区 312 号楼 1504'],
  ['蔡秀英', '杭州', '西湖区', '杭州市西湖区文三路 259 号 3 幢 402 室'],
  ['贾德明', '南京', '玄武区', '南京市玄武区龙蟠路 9 号 4 栋 1102 室'],
  ['魏春梅', '成都', '锦江区', '成都市锦江区东大街 99 号 2 栋 1808 室'],
  ['薛志刚', '广州', '天河区', '广州市天河区天河北路 183 号 1206 房'],
  ['叶淑华', '武汉', '洪山区', '武汉市洪山区珞喻路 152 号 7 栋 503 室'],
  ['阎福生', '西安', '碑林区', '西安市碑林区南二环东段 396 号 10 号楼 2201'],
] as const;

export interface Goods {
  code: string;
  name: string;
  spec: string;
  unit: string;
  goods_type: 1 | 2 | 3;
  temp_class: TempClass;
}

export interface DemoProject {
  protocol_no: string;
  name: string;
  phase: string;
  sponsor: string;
  required_attachments: AttachmentKind[];
  dtp_allowed: boolean;
  temp_classes: TempClass[];
  tags: string[];
  time_limit_hours: number;
  drugs: Goods[];
}

const SAMPLE_GOODS: Goods[] = [
  {
    code: 'SMP-PLA',
    name: '血浆样本（PK）',
    spec: '2 mL 冻存管',
    unit: '管',
    goods_type: 2,
    temp_class: 'deep_frozen',
  },
  {
    code: 'SMP-SER',
    name: '血清样本',
    spec: '1.5 mL 冻存管',
    unit: '管',
    goods_type: 2,
    temp_class: 'frozen',
  },
  {
    code: 'SMP-TIS',
    name: '肿瘤组织切片（FFPE）',
    spec: '蜡块',
    unit: '块',
    goods_type: 2,
    temp_class: 'ambient',
  },
  {
    code: 'SMP-PBMC',
    name: 'PBMC 细胞样本',
    spec: '1 mL 冻存管',
    unit: '管',
    goods_type: 2,
    temp_class: 'cryo',
  },
  {
    code: 'SMP-WB',
    name: '全血样本',
    spec: '4 mL EDTA 采血管',
    unit: '管',
    goods_type: 2,
    temp_class: 'chilled',
  },
];
export const MATERIALS: Goods[] = [
  {
    code: 'MAT-KIT',
    name: '样本采集试剂盒',
    spec: 'V1-V6 访视',
    unit: '套',
    goods_type: 3,
    temp_class: 'ambient',
  },
  {
    code: 'MAT-TL',
    name: '一次性温度记录仪',
    spec: 'USB / PDF 报告',
    unit: '个',
    goods_type: 3,
    temp_class: 'ambient',
  },
  { code: 'MAT-ICE', name: '2-8°C 冰排', spec: '600 g', unit: '块', goods_type: 3, temp_class: 'chilled' },
];
export { SAMPLE_GOODS };

const drug = (code: string, name: string, spec: string, temp_class: TempClass, unit = '盒'): Goods => ({
  code,
  name,
  spec,
  unit,
  goods_type: 1,
  temp_class,
});

/** Each demo customer's trials, by the customer's identifier. */
export const PROJECTS: Readonly<Record<string, DemoProject[]>> = {
  'HR-ONC-03': [
    {
      protocol_no: 'SHR-1210-III-317',
      name: '卡瑞利珠单抗联合化疗一线治疗晚期鳞状非小细胞肺癌的随机、双盲、多中心 III 期临床研究',
      phase: 'III',
      sponsor: '江苏恒瑞医药股份有限公司',
      required_attachments: ['packing_list', 'temperature_report'],
      dtp_allowed: false,
      temp_classes: ['chilled', 'ambient', 'deep_frozen', 'frozen'],
      tags: ['肿瘤', '肺癌'],
      time_limit_hours: 48,
      drugs: [
        drug('IP-SHR1210', '卡瑞利珠单抗注射液（研究用）', '200 mg/瓶', 'chilled', '瓶'),
        drug('IP-PLB-1210', '安慰剂注射液', '20 mL/瓶', 'chilled', '瓶'),
        drug('IP-PTX', '紫杉醇注射液', '30 mg/5 mL', 'ambient', '瓶'),
      ],
    },
    {
      protocol_no: 'SHR3680-III-CRPC',
      name: '瑞维鲁胺片治疗高瘤负荷转移性激素敏感性前列腺癌的 III 期研究',
      phase: 'III',
      sponsor: '江苏恒瑞医药股份有限公司',
      required_attachments: ['packing_list', 'pod'],
      dtp_allowed: true,
      temp_classes: ['ambient', 'chilled'],
      tags: ['肿瘤', '前列腺癌', 'DTP'],
      time_limit_hours: 72,
      drugs: [
        drug('IP-SHR3680', '瑞维鲁胺片（研究用）', '80 mg × 30 片', 'ambient'),
        drug('IP-PLB-3680', '安慰剂片', '30 片', 'ambient'),
      ],
    },
    {
      protocol_no: 'HR070803-201',
      name: 'HR070803 在晚期实体瘤患者中的剂量递增 II 期研究',
      phase: 'II',
      sponsor: '江苏恒瑞医药股份有限公司',
      required_attachments: ['packing_list', 'temperature_report', 'pod'],
      dtp_allowed: false,
      temp_classes: ['frozen', 'chilled', 'cryo'],
      tags: ['肿瘤'],
      time_limit_hours: 24,
      drugs: [drug('IP-HR070803', 'HR070803 冻干粉针', '100 mg/瓶', 'frozen', '瓶')],
    },
  ],
  'BG-BJ-CO': [
    {
      protocol_no: 'BGB-3111-306',
      name: '泽布替尼对比伊布替尼治疗复发/难治性慢性淋巴细胞白血病的 III 期研究',
      phase: 'III',
      sponsor: '百济神州（北京）生物科技有限公司',
      required_attachments: ['packing_list', 'temperature_report'],
      dtp_allowed: true,
      temp_classes: ['ambient', 'chilled', 'deep_frozen'],
      tags: ['血液肿瘤', 'DTP'],
      time_limit_hours: 48,
      drugs: [
        drug('IP-BGB3111', '泽布替尼胶囊（研究用）', '80 mg × 120 粒', 'ambient', '瓶'),
        drug('IP-IBR', '伊布替尼胶囊（对照药）', '140 mg × 90 粒', 'ambient', '瓶'),
      ],
    },
    {
      protocol_no: 'BGB-A317-312',
      name: '替雷利珠单抗联合同步放化疗治疗局限期小细胞肺癌的 III 期研究',
      phase: 'III',
      sponsor: '百济神州（北京）生物科技有限公司',
      required_attachments: ['packing_list', 'temperature_report', 'customs'],
      dtp_allowed: false,
      temp_classes: ['chilled', 'frozen', 'cryo'],
      tags: ['肿瘤', '肺癌', '进口'],
      time_limit_hours: 36,
      drugs: [drug('IP-BGBA317', '替雷利珠单抗注射液（研究用）', '100 mg/10 mL', 'chilled', '瓶')],
    },
  ],
  'HR-SH-RD': [
    {
      protocol_no: 'SHR-A1811-I-101',
      name: 'SHR-A1811 在晚期实体瘤受试者中的首次人体 I 期研究',
      phase: 'I',
      sponsor: '上海恒瑞医药有限公司',
      required_attachments: ['packing_list', 'temperature_report'],
      dtp_allowed: false,
      temp_classes: ['chilled', 'deep_frozen', 'cryo'],
      tags: ['ADC', '首次人体'],
      time_limit_hours: 24,
      drugs: [drug('IP-A1811', 'SHR-A1811 注射用冻干粉', '100 mg/瓶', 'chilled', '瓶')],
    },
  ],
  'FS-CD-02': [
    {
      protocol_no: 'HLX10-005-SCLC301',
      name: '斯鲁利单抗联合化疗一线治疗广泛期小细胞肺癌的 III 期研究',
      phase: 'III',
      sponsor: '上海复宏汉霖生物技术股份有限公司',
      required_attachments: ['packing_list', 'temperature_report'],
      dtp_allowed: false,
      temp_classes: ['chilled', 'ambient', 'frozen'],
      tags: ['肿瘤', '西南区域'],
      time_limit_hours: 48,
      drugs: [
        drug('IP-HLX10', '斯鲁利单抗注射液（研究用）', '100 mg/10 mL', 'chilled', '瓶'),
        drug('IP-ETO', '依托泊苷注射液', '100 mg/5 mL', 'ambient', '支'),
      ],
    },
  ],
  'XD-DTP-01': [
    {
      protocol_no: 'CIBI362A-301',
      name: '玛仕度肽在中国超重或肥胖成人受试者中的 III 期研究（直送患者）',
      phase: 'III',
      sponsor: '信达生物制药（苏州）有限公司',
      required_attachments: ['packing_list', 'pod'],
      dtp_allowed: true,
      temp_classes: ['chilled', 'ambient'],
      tags: ['代谢', 'DTP'],
      time_limit_hours: 24,
      drugs: [
        drug('IP-IBI362', '玛仕度肽注射液（预充笔）', '6 mg/笔 × 4', 'chilled'),
        drug('IP-PLB-362', '安慰剂注射液（预充笔）', '4 支', 'chilled'),
      ],
    },
    {
      protocol_no: 'CIBI306B-302',
      name: '托莱西单抗治疗原发性高胆固醇血症的 III 期研究',
      phase: 'III',
      sponsor: '信达生物制药（苏州）有限公司',
      required_attachments: ['packing_list'],
      dtp_allowed: true,
      temp_classes: ['chilled'],
      tags: ['心血管', 'DTP'],
      time_limit_hours: 48,
      drugs: [drug('IP-IBI306', '托莱西单抗注射液', '150 mg/1 mL', 'chilled', '支')],
    },
  ],
  'SY-SJZ-01': [
    {
      protocol_no: 'SYSA1801-CSP-101',
      name: 'SYSA1801 在 Claudin 18.2 阳性实体瘤患者中的 I 期研究',
      phase: 'I',
      sponsor: '石药集团中奇制药技术（石家庄）有限公司',
      required_attachments: ['packing_list', 'temperature_report'],
      dtp_allowed: false,
      temp_classes: ['chilled', 'frozen', 'deep_frozen'],
      tags: ['ADC'],
      time_limit_hours: 24,
      drugs: [drug('IP-SYSA1801', 'SYSA1801 注射液', '100 mg/瓶', 'chilled', '瓶')],
    },
  ],
  'BG-GZ-01': [
    {
      protocol_no: 'BGB-290-302',
      name: '帕米帕利维持治疗铂敏感复发卵巢癌的 III 期研究',
      phase: 'III',
      sponsor: '百济神州（广州）生物科技有限公司',
      required_attachments: ['packing_list', 'temperature_report'],
      dtp_allowed: false,
      temp_classes: ['ambient', 'chilled', 'cryo'],
      tags: ['妇科肿瘤', '华南区域'],
      time_limit_hours: 48,
      drugs: [drug('IP-BGB290', '帕米帕利胶囊（研究用）', '20 mg × 60 粒', 'ambient', '瓶')],
    },
  ],
};

/** Which hospitals (indexes into HOSPITALS) each customer runs its trials at. */
export const CUSTOMER_SITES: Readonly<Record<string, readonly number[]>> = {
  'HR-ONC-03': [0, 1, 2, 3, 5, 6, 10, 14, 20, 23, 26, 28, 33, 40],
  'BG-BJ-CO': [5, 6, 7, 8, 9, 11, 31, 35, 38, 43],
  'HR-SH-RD': [0, 2, 4, 22, 24],
  'FS-CD-02': [12, 13, 26, 27, 41],
  'XD-DTP-01': [1, 21, 22, 25],
  'SY-SJZ-01': [31, 32, 7, 36],
  'BG-GZ-01': [14, 15, 16, 17, 18, 19, 42],
};
