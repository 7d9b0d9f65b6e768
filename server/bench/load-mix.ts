import { randomUUID } from 'node:crypto';
import type { Shot, VirtualUser } from './load-driver.ts';
import type { BenchCustomer, BenchWorld } from './load-world.ts';

/**
 * The request mix of `npm run bench:load` / `bench:soak`: what a customer's staff do in a working
 * day, by share of requests. Reads dominate (the order list with its filters and pages, order
 * views, the customer-service chat); writes are draft saves (the editor saves as one types),
 * creates with an Idempotency-Key (one in ten a retry of the last, as after a lost answer) and
 * small uploads (a packing list before the order exists, attached by the next create).
 */
export const MIX = {
  list: 30,
  view: 25,
  chat: 15,
  draft: 15,
  create: 8,
  upload: 7,
} as const;
export type Kind = keyof typeof MIX;

/** A small seeded random source (xorshift32): a run's choices are repeatable per connection. */
export function random(seed: number): () => number {
  let x = seed | 0 || 1;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 4_294_967_296;
  };
}

const api = (path: string, query: Record<string, string | number> = {}) => {
  const q = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
  return `/api/${path}.html${q ? `?${q}` : ''}`;
};

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** A multipart body with `fields` and then `file`. */
function multipart(fields: Record<string, string>, file: { name: string; type: string; content: Buffer }) {
  const boundary = `----lpbench${randomUUID().replace(/-/g, '')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
    ),
    file.content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { body: Buffer.concat(parts), type: `multipart/form-data; boundary=${boundary}` };
}

const STATUSES = ['pending_confirm', 'not_finished', 'finished', 'pending_approval', 'cancelled'] as const;

/** One formatter (making an `Intl.DateTimeFormat` costs the load generator ~0.5 ms each time). */
const SHANGHAI_DAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' });

/** The Shanghai calendar day `offset` days before today. */
const day = (offset: number) => SHANGHAI_DAY.format(new Date(Date.now() - offset * 86_400_000));

/**
 * One connection's user, signed in with `token` as a user of `customer`. It remembers what its
 * answers gave it: its draft (id and version), orders it created (then viewed), its last create
 * (retried with the same key), a pending file (attached by the next create).
 */
export function virtualUser(
  world: BenchWorld,
  customer: BenchCustomer,
  token: string,
  seed: number,
  mix: Record<Kind, number> = MIX,
): VirtualUser {
  const rnd = random(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(rnd() * items.length)] as T;
  const total = Object.values(mix).reduce((a, b) => a + b, 0);
  const kinds = Object.entries(mix) as Array<[Kind, number]>;
  const auth = { 'x-token': token, 'accept-language': rnd() < 0.8 ? 'zh-CN' : 'en' };
  const json = { ...auth, 'content-type': 'application/json' };
  const draftKey = randomUUID();
  let draft: { id: number; version: number } | null = null;
  let draftSaves = 0;
  const created: number[] = [];
  let lastCreate: { key: string; body: string; id: number } | null = null;
  let pendingFile: { file_id: number; kind: 'packing_list' } | null = null;
  const t = customer.template;

  const list = (): Shot => {
    const r = rnd();
    const query: Record<string, string | number> = { limit: pick([10, 20, 50]) };
    if (r < 0.3) query.currentPage = 1;
    else if (r < 0.5) query.status = pick(STATUSES);
    else if (r < 0.65) query.currentPage = 2 + Math.floor(rnd() * 20);
    else if (r < 0.78) query.pr_id = pick(customer.projects);
    else if (r < 0.9) Object.assign(query, { date_from: day(30), date_to: day(0) });
    else query.keyword = pick(['中心医院', '肿瘤', 'LP2026', '上海', '成都', '冷链']);
    return { kind: 'list', method: 'GET', path: api('customer-order/index', query), headers: auth };
  };

  const view = (): Shot => {
    const id = created.length && rnd() < 0.3 ? pick(created) : pick(customer.viewIds);
    return { kind: 'view', method: 'GET', path: api('customer-order/view', { id }), headers: auth };
  };

  const chat = (): Shot => {
    const r = rnd();
    const { categories, questions, keywords } = world.chat;
    const path =
      r < 0.25
        ? api('customer-service/cate-list')
        : r < 0.5
          ? api('customer-service/cate-question-list', {
              cate_id: pick(categories),
              page: 1 + Math.floor(rnd() * 3),
            })
          : r < 0.8
            ? api('customer-service/answer-list', { q_id: pick(questions) })
            : api('customer-service/search', { keyword: pick(keywords) });
    return { kind: 'chat', method: 'GET', path, headers: auth };
  };

  const draftSave = (): Shot => {
    draftSaves++;
    const body = {
      ...(draft ?? {}),
      idempotency_key: draftKey,
      data: {
        pr_id: t.pr_id,
        order_type: 'supply',
        temp_class: 'chilled',
        from_ad_id: t.from_ad_id,
        from_company: t.from_company,
        from_contact: '张发货',
        to_company: t.to_company,
        to_contact: `李收货${draftSaves}`,
        remark: `请在上午送达，到达前电话联系。第${draftSaves}次保存`,
        goods: [{ in_id: t.in_id, quantity: 1 + (draftSaves % 9) }],
        boxes: [{ box_type: '2-8°C 保温箱 (M)' }],
      },
    };
    return {
      kind: 'draft',
      method: 'POST',
      path: api('customer-order/save-draft-box'),
      headers: json,
      body: JSON.stringify(body),
      onAnswer: (data) => {
        const saved = data as { id: number; version: number };
        draft = { id: saved.id, version: saved.version };
        return undefined;
      },
    };
  };

  const create = (): Shot => {
    if (lastCreate && rnd() < 0.1) {
      const retried = lastCreate;
      return {
        kind: 'create',
        method: 'POST',
        path: api('customer-order/create'),
        headers: { ...json, 'idempotency-key': retried.key },
        body: retried.body,
        onAnswer: (data) =>
          (data as { id: number }).id === retried.id ? undefined : 'retry made another order',
      };
    }
    const now = Date.now();
    const attachments = pendingFile ? [pendingFile] : [];
    pendingFile = null;
    const body = JSON.stringify({
      pr_id: t.pr_id,
      order_type: 'supply',
      to_goodstype: 1,
      is_dtp: 0,
      temp_class: 'chilled',
      from_ad_id: t.from_ad_id,
      from_company: t.from_company,
      from_contact: '张发货',
      from_phone: '13900000001',
      from_address: '上海市浦东新区起运路1号',
      from_city_id: t.city_id,
      to_ad_id: t.to_ad_id,
      to_company: t.to_company,
      to_contact: '李收货',
      to_phone: '13900000002',
      to_address: '健康路18号',
      to_city_id: t.city_id,
      ho_id: t.ho_id,
      pickup_at: new Date(now + 86_400_000).toISOString(),
      deliver_by: new Date(now + 3 * 86_400_000).toISOString(),
      remark: '',
      goods: [{ in_id: t.in_id, quantity: 1 }],
      boxes: [{ box_type: '2-8°C 保温箱 (M)' }],
      attachments,
    });
    const key = randomUUID();
    return {
      kind: 'create',
      method: 'POST',
      path: api('customer-order/create'),
      headers: { ...json, 'idempotency-key': key },
      body,
      onAnswer: (data) => {
        const { id } = data as { id: number };
        lastCreate = { key, body, id };
        created.push(id);
        if (created.length > 50) created.shift();
        return undefined;
      },
    };
  };

  const upload = (): Shot => {
    const pdf = rnd() < 0.6;
    const form = multipart(
      { kind: 'packing_list' },
      pdf
        ? { name: '装箱单.pdf', type: 'application/pdf', content: PDF }
        : { name: 'packing-list.png', type: 'image/png', content: PNG },
    );
    return {
      kind: 'upload',
      method: 'POST',
      path: api('common/file'),
      headers: { ...auth, 'content-type': form.type },
      body: form.body,
      onAnswer: (data) => {
        pendingFile = { file_id: (data as { file_id: number }).file_id, kind: 'packing_list' };
        return undefined;
      },
    };
  };

  const make: Record<Kind, () => Shot> = { list, view, chat, draft: draftSave, create, upload };
  return {
    next() {
      let r = rnd() * total;
      for (const [kind, weight] of kinds) {
        r -= weight;
        if (r < 0) return make[kind]();
      }
      return list();
    },
  };
}
