import { sql } from 'kysely';
import type { DB } from '../db/database.ts';
import { pinyinInitials } from '../core/pinyin.ts';
import { orderDigits, orderNumberKey } from '../areas/orders/order-numbers.ts';

/**
 * Fills a database with orders fast, for benchmarks (`npm run bench:orders`): one
 * `insert … select … from generate_series` per batch, every draw a hash of the row number (so a
 * run is repeatable and needs no client round trip per row), with the orders table's secondary
 * indexes dropped during the load and rebuilt after it.
 *
 * What it makes (docs/api.md, "Order benchmark"):
 * - `customers` customers of one company; the first holds `bigShare` of the orders (the account
 *   the benchmark lists), the others share the rest evenly;
 * - per customer 20 projects (clinical trials) and 40 sites in 25 real cities; a project's orders
 *   go to ~8 of the sites; the first projects are busier (draw²);
 * - orders over the last three years, more of them recent; types supply 45 %, sample 30 %,
 *   DTP 10 %, return 8 % (a fifth from the patient: `is_dtp` 3), destroy 4 %, custom 3 %;
 *   classes chilled 55 %, ambient 20 %, frozen 10 %, deep-frozen 10 %, cryo 5 % (samples colder);
 *   orders older than 14 days are finished (90 %) or cancelled, younger ones spread over every
 *   status; excursions on 8 % of the moved orders; documents approved on most finished ones;
 * - `search_text` exactly as `orderSearchText` makes it (masked sides left out).
 */
export interface GenerateOptions {
  orders: number;
  customers?: number;
  bigShare?: number;
  batch?: number;
  /** The end of the three years the orders are spread over. */
  now?: Date;
  onProgress?: (done: number) => void;
}

export interface Generated {
  /** The customers made, the big one first. */
  cuIds: number[];
  /** The big customer's projects, busiest first. */
  projects: number[];
  /** Ids of the orders made. */
  firstId: number;
  lastId: number;
}

const PROJECTS = 20;
const SITES = 40;

const CITIES: Array<[string, string, string]> = [
  ['北京市', '北京市', 'Beijing'],
  ['上海市', '上海市', 'Shanghai'],
  ['广东省', '广州市', 'Guangzhou'],
  ['广东省', '深圳市', 'Shenzhen'],
  ['浙江省', '杭州市', 'Hangzhou'],
  ['江苏省', '南京市', 'Nanjing'],
  ['江苏省', '苏州市', 'Suzhou'],
  ['四川省', '成都市', 'Chengdu'],
  ['湖北省', '武汉市', 'Wuhan'],
  ['陕西省', '西安市', "Xi'an"],
  ['重庆市', '重庆市', 'Chongqing'],
  ['天津市', '天津市', 'Tianjin'],
  ['湖南省', '长沙市', 'Changsha'],
  ['河南省', '郑州市', 'Zhengzhou'],
  ['山东省', '济南市', 'Jinan'],
  ['山东省', '青岛市', 'Qingdao'],
  ['辽宁省', '沈阳市', 'Shenyang'],
  ['黑龙江省', '哈尔滨市', 'Harbin'],
  ['云南省', '昆明市', 'Kunming'],
  ['福建省', '福州市', 'Fuzhou'],
  ['福建省', '厦门市', 'Xiamen'],
  ['安徽省', '合肥市', 'Hefei'],
  ['江西省', '南昌市', 'Nanchang'],
  ['广西壮族自治区', '南宁市', 'Nanning'],
  ['吉林省', '长春市', 'Changchun'],
];
const HOSPITALS = [
  '第一人民医院',
  '中心医院',
  '肿瘤医院',
  '大学附属第一医院',
  '人民医院',
  '中医院',
  '儿童医院',
  '第二人民医院',
];
const DEPARTMENTS = ['肿瘤科', '心内科', '内分泌科', '血液科', '神经内科', '呼吸科', '风湿免疫科', '儿科'];
const DISEASES = [
  '非小细胞肺癌',
  '乳腺癌',
  '2型糖尿病',
  '类风湿关节炎',
  '慢性心力衰竭',
  '阿尔茨海默病',
  '银屑病',
  '慢性肾病',
  '胃癌',
  '肝细胞癌',
  '多发性骨髓瘤',
  '支气管哮喘',
  '结直肠癌',
  '系统性红斑狼疮',
  '帕金森病',
  '高血压',
  '溃疡性结肠炎',
  '前列腺癌',
  '淋巴瘤',
  '特应性皮炎',
];
const SURNAMES = '王李张刘陈杨赵黄周吴徐孙胡朱高林何郭马罗'.split('');
const GIVEN = [
  '伟',
  '芳',
  '娜',
  '敏',
  '静',
  '磊',
  '强',
  '洋',
  '艳',
  '勇',
  '军',
  '杰',
  '娟',
  '涛',
  '明',
  '超',
  '秀英',
  '建华',
  '志强',
  '丽',
];
const DEPOTS: Array<[string, number]> = [
  ['上海中心仓', 1],
  ['北京中心仓', 0],
  ['广州中心仓', 2],
];
const LABS: Array<[string, number]> = [
  ['上海中心实验室', 1],
  ['北京中心实验室', 0],
];

const nameOf = (i: number) =>
  `${SURNAMES[i % SURNAMES.length]}${GIVEN[Math.floor(i / SURNAMES.length) % GIVEN.length]}`;

/** The cities (and their provinces) the generator uses, made once: ids from 8,000,000 on. */
async function ensureCities(db: DB): Promise<number[]> {
  const provinces = [...new Set(CITIES.map(([p]) => p))];
  const provinceId = (p: string) => 8_000_000 + provinces.indexOf(p) * 100;
  const rows = [
    ...provinces.map((p) => ({
      region_id: provinceId(p),
      parent_id: null,
      level: 1,
      name: p,
      pinyin: pinyinInitials(p),
    })),
    ...CITIES.map(([p, c, en], i) => ({
      region_id: provinceId(p) + 1 + i,
      parent_id: provinceId(p),
      level: 2,
      name: c,
      name_en: en,
      pinyin: pinyinInitials(c),
    })),
  ];
  await db
    .insertInto('regions')
    .values(rows)
    .onConflict((oc) => oc.column('region_id').doNothing())
    .execute();
  return CITIES.map(([p], i) => provinceId(p) + 1 + i);
}

/** Customers with their projects and sites, and the pick tables the order insert joins. */
async function masterData(db: DB, customers: number, cityIds: number[]) {
  const run = Date.now().toString(36);
  const co = await db
    .insertInto('companies')
    .values({ co_name: `基准测试医药集团${run}` })
    .returning('co_id')
    .executeTakeFirstOrThrow();
  const cuIds: number[] = [];
  for (let c = 0; c < customers; c++) {
    const cuName = `基准客户${c + 1}-${run}`;
    const cu = await db
      .insertInto('customers')
      .values({
        cu_name: cuName,
        identifier: `BENCH-${run}-${c + 1}`,
        co_id: co.co_id,
        pinyin: pinyinInitials(cuName),
      })
      .returning('cu_id')
      .executeTakeFirstOrThrow();
    cuIds.push(cu.cu_id);
  }
  await sql`
    drop table if exists bench_project_pick;
    drop table if exists bench_site_pick;
    create table bench_project_pick (cu_idx int, p_idx int, cu_id int, pr_id int, protocol_no text, name text);
    create table bench_site_pick (cu_idx int, s_idx int, ho_id int, name text, department text,
      investigator text, phone text, address text, city_id int, city text);
  `.execute(db);
  for (const [cuIdx, cuId] of cuIds.entries()) {
    const projects = await db
      .insertInto('projects')
      .values(
        Array.from({ length: PROJECTS }, (_, p) => {
          const disease = DISEASES[(p + cuIdx * 3) % DISEASES.length] as string;
          const phase = ['I', 'II', 'III', 'IV'][(p + cuIdx) % 4] as string;
          return {
            cu_id: cuId,
            protocol_no: `BX${String(cuIdx + 1).padStart(2, '0')}-${(2021 + (p % 5)).toString()}-${String(p + 1).padStart(3, '0')}`,
            name: `${disease}${phase}期临床研究`,
            phase,
            sponsor: `申办方${cuIdx + 1}`,
            dtp_allowed: p % 3 === 0,
            time_limit_hours: 48,
          };
        }),
      )
      .returning(['pr_id', 'protocol_no', 'name'])
      .execute();
    await db
      .insertInto('bench_project_pick' as never)
      .values(projects.map((p, i) => ({ cu_idx: cuIdx, p_idx: i, cu_id: cuId, ...p })) as never)
      .execute();
    const siteRows = Array.from({ length: SITES }, (_, s) => {
      const cityIdx = (s * 7 + cuIdx) % CITIES.length;
      const city = (CITIES[cityIdx] as [string, string, string])[1];
      const name = `${city.replace(/市$/, '')}${HOSPITALS[s % HOSPITALS.length]}`;
      return {
        cu_id: cuId,
        name,
        department: DEPARTMENTS[(s + cuIdx) % DEPARTMENTS.length] as string,
        investigator: `${nameOf(s * 3 + cuIdx)}医生`,
        phone: `0${(10 + cityIdx).toString()}-6${String(1000000 + s * 37).slice(1)}`,
        address: `${city}${['建设路', '人民路', '解放路', '中山路', '健康路'][s % 5]}${s + 1}号`,
        region_id: cityIds[cityIdx] as number,
        pinyin: pinyinInitials(name),
      };
    });
    const sites = await db.insertInto('sites').values(siteRows).returning(['ho_id']).execute();
    await db
      .insertInto('bench_site_pick' as never)
      .values(
        sites.map((s, i) => {
          const row = siteRows[i] as (typeof siteRows)[number];
          return {
            cu_idx: cuIdx,
            s_idx: i,
            ho_id: s.ho_id,
            name: row.name,
            department: row.department,
            investigator: row.investigator,
            phone: row.phone,
            address: row.address,
            city_id: row.region_id,
            city: (CITIES[(i * 7 + cuIdx) % CITIES.length] as [string, string, string])[1],
          };
        }) as never,
      )
      .execute();
    await db
      .insertInto('project_sites')
      .values(
        projects.flatMap((p, pIdx) =>
          Array.from({ length: 8 }, (_, k) => ({
            pr_id: p.pr_id,
            ho_id: (sites[(pIdx * 7 + k) % SITES] as { ho_id: number }).ho_id,
            site_no: String(k + 1).padStart(2, '0'),
          })),
        ),
      )
      .onConflict((oc) => oc.columns(['pr_id', 'ho_id']).doNothing())
      .execute();
  }
  const bigProjects = await db
    .selectFrom('bench_project_pick' as never)
    .select(['pr_id' as never])
    .where('cu_idx' as never, '=', 0 as never)
    .orderBy('p_idx' as never)
    .execute();
  return { cuIds, projects: (bigProjects as Array<{ pr_id: number }>).map((p) => p.pr_id) };
}

/** The orders table's secondary indexes (dropped for the load, rebuilt after). */
async function secondaryIndexes(db: DB): Promise<Array<{ name: string; def: string }>> {
  const { rows } = await sql<{ indexname: string; indexdef: string }>`
    select indexname, indexdef from pg_indexes
    where schemaname = current_schema() and tablename = 'orders'
      and indexname not in (select conname from pg_constraint where conrelid = 'orders'::regclass)
  `.execute(db);
  return rows.map((r) => ({ name: r.indexname, def: r.indexdef }));
}

const list = (values: readonly string[]) =>
  sql.raw(`array[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(',')}]`);

/** One batch: orders `from`..`to` (row numbers) as one insert … select. */
function insertBatch(
  db: DB,
  o: {
    from: number;
    to: number;
    customers: number;
    bigShare: number;
    now: Date;
    cityIds: number[];
    /** The 6 digits of each row's order number, row `from` first (order-numbers.ts). */
    digits: string[];
  },
) {
  const depotNames = list(DEPOTS.map(([n]) => n));
  const depotCities = sql.raw(`array[${DEPOTS.map(([, c]) => o.cityIds[c]).join(',')}]`);
  const labNames = list(LABS.map(([n]) => n));
  const labCities = sql.raw(`array[${LABS.map(([, c]) => o.cityIds[c]).join(',')}]`);
  const patients = list(Array.from({ length: 400 }, (_, i) => nameOf(i * 13 + 5)));
  const contacts = list(Array.from({ length: 40 }, (_, i) => nameOf(i * 7 + 1)));
  // u(k): a uniform draw in [0, 1) for this row, the k-th of its draws.
  const u = (k: number) => sql.raw(`((hashint8(g::bigint * 32 + ${k}) & 2147483647)::float8 / 2147483648.0)`);
  return sql`
    insert into orders (
      order_no, cu_id, pr_id, order_type, status, is_dtp, to_goodstype, temp_class,
      from_company, from_contact, from_phone, from_address, from_city_id,
      to_company, to_contact, to_phone, to_address, to_city_id, ho_id,
      pickup_at, deliver_by, sign_name, signed_at, milestone, excursion, attachment_status,
      search_text, created_at, updated_at
    )
    select
      order_no, cu_id, pr_id, order_type, status, is_dtp, to_goodstype, temp_class,
      from_company, from_contact, from_phone, from_address, from_city_id,
      to_company, to_contact, to_phone, to_address, to_city_id, ho_id,
      created_at + interval '1 day', created_at + interval '3 days',
      case when status = 'finished' then to_contact end,
      case when status = 'finished' then created_at + interval '2 days' end,
      milestone, excursion, attachment_status,
      lower(concat_ws(' ', order_no,
        case when is_dtp <> 3 then from_company end,
        case when is_dtp <> 3 then from_contact end,
        case when is_dtp <> 3 then from_address end,
        case when not (is_dtp = 1 and to_goodstype <> 2) then to_company end,
        case when not (is_dtp = 1 and to_goodstype <> 2) then to_contact end,
        case when not (is_dtp = 1 and to_goodstype <> 2) then to_address end,
        protocol_no, project_name, site_name, department,
        (select string_agg(c.name, ' ' order by c.region_id) from regions c where c.region_id in (
          select case when r.level = 3 then r.parent_id else r.region_id end from regions r
          where r.region_id in (from_city_id, to_city_id)))
      )),
      created_at, created_at + interval '2 days'
    from (
      select *,
        'LP' || to_char(created_at at time zone 'Asia/Shanghai', 'YYYYMMDD') || (${o.digits}::text[])[g - ${o.from} + 1] as order_no,
        case
          when order_type = 'supply' then depot_name
          when order_type = 'dtp' then depot_name
          when order_type = 'destroy' then depot_name
          when order_type = 'return' and is_dtp = 3 then patient
          else site_name end as from_company,
        case
          when order_type in ('supply', 'dtp', 'destroy') then contact
          when order_type = 'return' and is_dtp = 3 then patient
          else investigator end as from_contact,
        case when order_type in ('supply', 'dtp', 'destroy') then '021-50000000' when is_dtp = 3 then patient_phone else site_phone end as from_phone,
        case
          when order_type in ('supply', 'dtp', 'destroy') then depot_name || '仓储园区' || (g % 9 + 1) || '号库'
          when order_type = 'return' and is_dtp = 3 then patient_address
          else site_address end as from_address,
        case
          when order_type in ('supply', 'dtp', 'destroy') then depot_city
          when order_type = 'return' and is_dtp = 3 then site_city
          else site_city end as from_city_id,
        case
          when order_type = 'sample' then lab_name
          when order_type = 'dtp' then patient
          when order_type = 'return' then depot_name
          when order_type = 'destroy' then '苏州医疗废物处置中心'
          else site_name end as to_company,
        case
          when order_type = 'sample' then contact
          when order_type = 'dtp' then patient
          when order_type in ('return', 'destroy') then contact
          else investigator end as to_contact,
        case when order_type = 'dtp' then patient_phone when order_type in ('supply', 'custom') then site_phone else '021-60000000' end as to_phone,
        case
          when order_type = 'sample' then lab_name || '样本接收处'
          when order_type = 'dtp' then patient_address
          when order_type = 'return' then depot_name || '退货区'
          when order_type = 'destroy' then '苏州市相城区环保路8号'
          else site_address end as to_address,
        case
          when order_type = 'sample' then lab_city
          when order_type = 'dtp' then site_city
          when order_type = 'return' then depot_city
          when order_type = 'destroy' then ${sql.lit(o.cityIds[6] as number)}
          else site_city end as to_city_id,
        case
          when status = 'finished' then 'delivered'
          when status = 'not_finished' then (array['confirmed','picked_up','in_transit','out_for_delivery'])[1 + floor(${u(10)} * 4)::int]
          else 'none' end as milestone,
        case
          when status in ('finished', 'not_finished') and ${u(11)} < 0.08
            then (array['low','low','low','medium','medium','high'])[1 + floor(${u(12)} * 6)::int]
          else 'none' end as excursion,
        case
          when status = 'finished' then case when ${u(13)} < 0.8 then 'approved' when ${u(13)} < 0.9 then 'pending' when ${u(13)} < 0.97 then 'missing' else 'rejected' end
          when status = 'not_finished' then case when ${u(13)} < 0.5 then 'pending' else 'missing' end
          else 'missing' end as attachment_status
      from (
        select r.*,
          p.cu_id, p.pr_id, p.protocol_no, p.name as project_name,
          s.ho_id, s.name as site_name, s.department, s.investigator, s.phone as site_phone,
          s.address as site_address, s.city_id as site_city,
          (${depotNames}::text[])[1 + g % 3] as depot_name,
          (${depotCities}::int[])[1 + g % 3] as depot_city,
          (${labNames}::text[])[1 + g % 2] as lab_name,
          (${labCities}::int[])[1 + g % 2] as lab_city,
          (${patients}::text[])[1 + floor(${u(14)} * 400)::int] as patient,
          '13' || lpad((floor(${u(15)} * 1000000000))::bigint::text, 9, '0') as patient_phone,
          s.city || '幸福小区' || (1 + floor(${u(16)} * 30))::int || '栋' || (101 + floor(${u(17)} * 20))::int || '室' as patient_address,
          (${contacts}::text[])[1 + g % 40] as contact,
          case
            when age_days > 14 then case when ${u(5)} < 0.9 then 'finished' else 'cancelled' end
            when ${u(5)} < 0.10 then 'pending_approval'
            when ${u(5)} < 0.35 then 'pending_confirm'
            when ${u(5)} < 0.80 then 'not_finished'
            when ${u(5)} < 0.95 then 'finished'
            else 'cancelled' end as status,
          case when order_type = 'sample' then 2 when order_type = 'supply' and ${u(6)} < 0.1 then 3 else 1 end as to_goodstype,
          case when order_type = 'dtp' then 1 when order_type = 'return' and ${u(7)} < 0.2 then 3 else 0 end as is_dtp,
          case
            when order_type = 'sample' then (array['frozen','deep_frozen','deep_frozen','cryo','chilled'])[1 + floor(${u(8)} * 5)::int]
            when ${u(8)} < 0.62 then 'chilled'
            when ${u(8)} < 0.85 then 'ambient'
            when ${u(8)} < 0.93 then 'frozen'
            when ${u(8)} < 0.98 then 'deep_frozen'
            else 'cryo' end as temp_class
        from (
          select g,
            case when ${u(1)} < ${o.bigShare}::float8 then 0
              else 1 + floor((${u(1)} - ${o.bigShare}::float8) / (1 - ${o.bigShare}::float8) * ${o.customers - 1}::int)::int end as cu_idx,
            floor(power(${u(2)}, 2) * ${PROJECTS}::int)::int as p_idx,
            floor(${u(3)} * 8)::int as site_k,
            ${o.now}::timestamptz - power(${u(4)}, 1.3) * interval '1095 days' as created_at,
            extract(epoch from power(${u(4)}, 1.3) * interval '1095 days') / 86400 as age_days,
            case
              when ${u(9)} < 0.45 then 'supply' when ${u(9)} < 0.75 then 'sample' when ${u(9)} < 0.85 then 'dtp'
              when ${u(9)} < 0.93 then 'return' when ${u(9)} < 0.97 then 'destroy' else 'custom' end as order_type
          from generate_series(${o.from}::int, ${o.to}::int) g
        ) r
        join bench_project_pick p on p.cu_idx = r.cu_idx and p.p_idx = r.p_idx
        join bench_site_pick s on s.cu_idx = r.cu_idx and s.s_idx = (r.p_idx * 7 + r.site_k) % ${SITES}::int
      ) x
    ) y
  `.execute(db);
}

/**
 * Generates `orders` orders (see the file's comment); returns what it made. Runs on one
 * connection, with foreign-key triggers off for the load where the role may (a superuser: the
 * rows it joins are its own, so they hold).
 */
export async function generateOrders(database: DB, options: GenerateOptions): Promise<Generated> {
  return database.connection().execute(async (db) => {
    const customers = options.customers ?? 10;
    const bigShare = options.bigShare ?? 0.5;
    const batch = options.batch ?? 50_000;
    const now = options.now ?? new Date();
    const cityIds = await ensureCities(db);
    const { cuIds, projects } = await masterData(db, customers, cityIds);
    const indexes = await secondaryIndexes(db);
    for (const index of indexes) await sql`drop index ${sql.ref(index.name)}`.execute(db);
    const before = await sql<{ n: number | null }>`select max(id) as n from orders`.execute(db);
    const start = Number(before.rows[0]?.n ?? 0);
    // row numbers continue after any earlier run and are sequence values (the sequence is moved
    // past them below), so order numbers stay unique with every other order's
    const { rows: seq } = await sql<{ n: string }>`select nextval('order_no_seq') as n`.execute(db);
    const offset = Number(seq[0]?.n ?? 1) + start;
    const numberKey = await orderNumberKey(db);
    const replica = await sql`set session_replication_role = replica`.execute(db).then(
      () => true,
      () => false,
    );
    try {
      for (let done = 0; done < options.orders; done += batch) {
        const size = Math.min(batch, options.orders - done);
        const from = offset + done;
        await insertBatch(db, {
          from,
          to: from + size - 1,
          digits: Array.from({ length: size }, (_, i) => orderDigits(numberKey, from + i)),
          customers,
          bigShare,
          now,
          cityIds,
        });
        options.onProgress?.(done + size);
      }
    } finally {
      if (replica) await sql`set session_replication_role = origin`.execute(db);
      // the kept tab counts (its trigger is off in replica mode): recounted for the new customers
      await sql`delete from order_counts where cu_id = any(${cuIds})`.execute(db);
      const day = sql`(created_at at time zone 'Asia/Shanghai')::date`;
      await sql`
        insert into order_counts
        select cu_id, coalesce(pr_id, 0), order_type, temp_class, excursion, attachment_status, status,
          '-infinity'::date, count(*)
        from orders where cu_id = any(${cuIds}) group by 1, 2, 3, 4, 5, 6, 7
        union all
        select cu_id, coalesce(pr_id, 0), '*', '*', '*', '*', status, '-infinity'::date, count(*)
        from orders where cu_id = any(${cuIds}) group by 1, 2, 7
        union all
        select cu_id, -1, '*', '*', '*', '*', status, '-infinity'::date, count(*)
        from orders where cu_id = any(${cuIds}) group by 1, 7
        union all
        select cu_id, coalesce(pr_id, 0), '*', '*', '*', '*', status, ${day}, count(*)
        from orders where cu_id = any(${cuIds}) group by 1, 2, 7, 8
        union all
        select cu_id, -1, '*', '*', '*', '*', status, ${day}, count(*)
        from orders where cu_id = any(${cuIds}) group by 1, 7, 8
        union all
        select cu_id, -2, '*', '*', excursion, attachment_status, status, '-infinity'::date, count(*)
        from orders where cu_id = any(${cuIds}) group by 1, 5, 6, 7
      `.execute(db);
      for (const index of indexes) await sql.raw(index.def).execute(db);
      await sql`select setval('order_no_seq', ${offset + options.orders})`.execute(db);
      await sql`drop table if exists bench_project_pick; drop table if exists bench_site_pick`.execute(db);
    }
    await sql`analyze orders`.execute(db);
    const after = await sql<{ n: number }>`select max(id) as n from orders`.execute(db);
    return { cuIds, projects, firstId: start + 1, lastId: Number(after.rows[0]?.n ?? start) };
  });
}
