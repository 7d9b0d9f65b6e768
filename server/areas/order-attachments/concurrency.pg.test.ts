import { createHash, createHmac, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditList, FileLink, UploadAnswer } from '../../../src/contract/order-attachments/schemas.ts';
import type { AttachmentKind } from '../../../src/contract/orders/domain.ts';
import { signIntegration } from '../../http/signature.ts';
import { postFile } from '../../testing/file-fixtures.ts';
import { createUser, loginAs, signatureOf } from '../../testing/fixtures.ts';
import { createOrder, createProject } from '../../testing/order-fixtures.ts';
import { migratedPostgres, postgresServerUrl } from '../../testing/pg-database.ts';
import { type TestApp, tempStorage, testApp } from '../../testing/test-app.ts';
import { kindStates, orderAttachmentStatus } from './attachment-state.ts';

/**
 * Writes of one order's documents at the same time, on PostgreSQL (PGlite has one connection, so
 * its transactions never overlap): every answer is a success or a documented refusal (409 for a
 * real conflict), never 500/503; the order's `attachment_status` agrees with its rows; every
 * listed attachment downloads (docs/decisions/lock-order.md).
 */
const serverUrl = postgresServerUrl();

const SECRET = 'order-attachments-concurrency-secret-5d1e';
let database: Awaited<ReturnType<typeof migratedPostgres>>;
const storage = tempStorage();
let t: TestApp;

beforeAll(async () => {
  database = await migratedPostgres(serverUrl);
  t = await testApp({ integrationSecret: SECRET }, { database, storage });
}, 60_000);

afterAll(async () => {
  await database?.close();
});

interface Setup {
  token: string;
  password: string;
  orderId: number;
  orderNo: string;
}

/** An approver with an order (in progress) of a project that requires a packing list and a POD. */
async function setup(): Promise<Setup> {
  const user = await createUser(t.deps.db);
  const cuId = user.customers[0]!.cu_id;
  await t.deps.db
    .updateTable('user_customers')
    .set({ can_approve: true })
    .where('uid', '=', user.uid)
    .execute();
  const project = await createProject(t.deps.db, cuId, { required_attachments: ['packing_list', 'pod'] });
  const order = await createOrder(t.deps.db, cuId, {
    pr_id: project.pr_id,
    status: 'not_finished',
    boxes: [{ box_type: '2-8°C 保温箱 (M)', logger_id: 'LG-concurrency', weight_kg: 6.5 }],
  });
  await t.deps.db
    .updateTable('orders')
    .set({ attachment_status: 'missing' })
    .where('id', '=', order.id)
    .execute();
  return {
    token: await loginAs(t, user),
    password: user.password,
    orderId: order.id,
    orderNo: order.order_no,
  };
}

/** A small PDF, different each time (a signed body is never sent twice). */
const pdf = () =>
  Buffer.from(
    `%PDF-1.4\n% ${randomBytes(8).toString('hex')}\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n`,
  );

const upload = (s: Setup, kind: AttachmentKind = 'packing_list') =>
  postFile<UploadAnswer>(t, 'customer-order/upload', {
    token: s.token,
    fields: { id: s.orderId, kind },
    file: { name: `${kind}.pdf`, content: pdf() },
  });

/** `provider/document`, signed as the provider's systems sign it. */
async function providerDocument(s: Setup, kind: 'pod' | 'temperature_report') {
  const form = new FormData();
  form.append('order_no', s.orderNo);
  form.append('kind', kind);
  form.append('file', new Blob([new Uint8Array(pdf())]), `${kind}.pdf`);
  const encoded = new Response(form);
  const body = Buffer.from(await encoded.arrayBuffer());
  const timestamp = String(Math.floor(t.deps.now().getTime() / 1000));
  const signature = createHmac('sha256', SECRET).update(`${timestamp}.`).update(body).digest('hex');
  const res = await t.app.request('/api/provider/document.html', {
    method: 'POST',
    headers: {
      'content-type': encoded.headers.get('content-type')!,
      'x-timestamp': timestamp,
      'x-signature': signature,
      'accept-language': 'en',
    },
    body,
  });
  const json = (await res.json()) as { code: number; message: string };
  return { status: res.status, ...json };
}

/** A signed JSON provider call (`provider/<name>`). */
function provider(name: string, body: unknown) {
  const raw = JSON.stringify(body);
  const timestamp = String(Math.floor(t.deps.now().getTime() / 1000));
  return t.call(`provider/${name}`, {
    raw,
    headers: {
      'content-type': 'application/json',
      'x-timestamp': timestamp,
      'x-signature': signIntegration(SECRET, timestamp, raw),
    },
  });
}

const audit = (s: Setup, id: number, pass: boolean) =>
  t.call('customer-order/attachment-audit', {
    token: s.token,
    body: { id, pass, reason: pass ? '' : '不清晰', signature: signatureOf(s, 'review') },
  });

const deleteFile = (s: Setup, fileId: number) =>
  t.call('common/delete-file', { token: s.token, query: { file_id: String(fileId), reason: '重复上传' } });

/** The answers' codes, counted: `{ 0: 10 }`. */
const codes = (answers: ReadonlyArray<{ code: number }>) => {
  const out: Record<number, number> = {};
  for (const a of answers) out[a.code] = (out[a.code] ?? 0) + 1;
  return out;
};

/**
 * The order as the customer sees it: its status agrees with its rows and every listed
 * attachment downloads with the bytes its SHA-256 names. Answers the list.
 */
async function consistent(s: Setup) {
  const view = await t.call<AuditList>('customer-order/attachment-audit', {
    token: s.token,
    query: { id: String(s.orderId) },
  });
  expect(view.code).toBe(0);
  expect(view.data.attachment_status).toBe(
    orderAttachmentStatus(kindStates(['packing_list', 'pod'], view.data.list)),
  );
  for (const a of view.data.list) {
    const link = await t.call<FileLink>('customer-order/attachmentdown', {
      token: s.token,
      query: { file_id: String(a.file_id) },
    });
    expect(link.code).toBe(0);
    const res = await t.app.request(link.data.url);
    expect(res.status, `attachment ${a.id} downloads`).toBe(200);
    const bytes = Buffer.from(await res.arrayBuffer());
    const kept = await t.deps.db
      .selectFrom('files')
      .select('sha256')
      .where('file_id', '=', a.file_id)
      .executeTakeFirstOrThrow();
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(kept.sha256);
  }
  return view.data.list;
}

describe('documents of one order written at the same time (PostgreSQL)', () => {
  it('ten uploads at once: all kept, each answered 0', async () => {
    const s = await setup();
    const answers = await Promise.all(Array.from({ length: 10 }, () => upload(s)));
    expect(codes(answers)).toEqual({ 0: 10 });
    const list = await consistent(s);
    expect(list).toHaveLength(10);
    expect(new Set(answers.map((a) => a.data.attachment.id))).toEqual(new Set(list.map((a) => a.id)));
  });

  it('the provider sends the proof of delivery and the temperature report together, five times over', async () => {
    const s = await setup();
    for (let round = 0; round < 5; round++) {
      const answers = await Promise.all([
        providerDocument(s, 'pod'),
        providerDocument(s, 'temperature_report'),
      ]);
      expect(codes(answers), `round ${round}`).toEqual({ 0: 2 });
    }
    expect(await consistent(s)).toHaveLength(10);
  });

  it('provider/document three at once, three rounds', async () => {
    const s = await setup();
    for (let round = 0; round < 3; round++) {
      const answers = await Promise.all([
        providerDocument(s, 'pod'),
        providerDocument(s, 'pod'),
        providerDocument(s, 'temperature_report'),
      ]);
      expect(codes(answers), `round ${round}`).toEqual({ 0: 3 });
    }
    expect(await consistent(s)).toHaveLength(9);
  });

  it('six audits at once (one per attachment), then two at once of one attachment: one 0 and one 409', async () => {
    const s = await setup();
    const ids: number[] = [];
    for (let i = 0; i < 6; i++)
      ids.push((await upload(s, i % 2 ? 'pod' : 'packing_list')).data.attachment.id);
    const answers = await Promise.all(ids.map((id, i) => audit(s, id, i % 3 !== 0)));
    expect(codes(answers)).toEqual({ 0: 6 });
    const list = await consistent(s);
    expect(list.filter((a) => a.status === 'pending')).toHaveLength(0);
    const extra = (await upload(s, 'pod')).data.attachment.id;
    const twice = await Promise.all([audit(s, extra, true), audit(s, extra, false)]);
    expect(codes(twice)).toEqual({ 0: 1, 409: 1 });
    await consistent(s);
  });

  it('five deletes at once: all gone, each answered 0; then two deletes of one file at once: 0 and 404', async () => {
    const s = await setup();
    const files: number[] = [];
    for (let i = 0; i < 6; i++)
      files.push((await upload(s, i % 2 ? 'pod' : 'packing_list')).data.attachment.file_id);
    const answers = await Promise.all(files.slice(0, 5).map((f) => deleteFile(s, f)));
    expect(codes(answers)).toEqual({ 0: 5 });
    const list = await consistent(s);
    expect(list.map((a) => a.file_id)).toEqual([files[5]]);
    const twice = await Promise.all([deleteFile(s, files[5]!), deleteFile(s, files[5]!)]);
    expect(codes(twice)).toEqual({ 0: 1, 404: 1 });
    expect(await consistent(s)).toEqual([]);
  });

  it('sixty uploads at once: each answered 0 or 503 (no row), every answered upload listed and downloadable, no bytes without a row but a 503’s', async () => {
    const s = await setup();
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) => upload(s, i % 2 ? 'pod' : 'other')),
    );
    const counted = codes(answers);
    console.log('[concurrency] sixty uploads to one order, answers by code:', counted);
    expect(Object.keys(counted).filter((code) => code !== '0' && code !== '503')).toEqual([]);
    const list = await consistent(s);
    const answered = answers.filter((a) => a.code === 0).map((a) => a.data.attachment.id);
    expect(list.map((a) => a.id).sort()).toEqual(answered.sort());
    const keys = new Set(
      (await t.deps.db.selectFrom('files').select('storage_key').execute()).map((f) => f.storage_key),
    );
    const onDisk = fs
      .readdirSync(storage.root, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => e.name);
    // A 503 (the pool gave no connection in time on a busy machine) keeps its bytes for the
    // orphan sweep: the database could not say whether a row names them.
    expect(onDisk.filter((key) => !keys.has(key)).length).toBeLessThanOrEqual(counted[503] ?? 0);
  });

  it('uploads, provider documents, audits and deletes of one order mixed', async () => {
    const s = await setup();
    const first: UploadAnswer[] = [];
    for (let i = 0; i < 6; i++) first.push((await upload(s, i % 2 ? 'pod' : 'packing_list')).data);
    const answers = await Promise.all([
      upload(s),
      upload(s, 'pod'),
      providerDocument(s, 'pod'),
      providerDocument(s, 'temperature_report'),
      audit(s, first[0]!.attachment.id, true),
      audit(s, first[1]!.attachment.id, false),
      deleteFile(s, first[2]!.attachment.file_id),
      deleteFile(s, first[3]!.attachment.file_id),
      upload(s, 'other'),
      audit(s, first[4]!.attachment.id, true),
      provider('readings', {
        order_no: s.orderNo,
        logger_id: 'LG-concurrency',
        readings: [{ at: new Date().toISOString(), celsius: 5 }],
      }),
      provider('milestone', { order_no: s.orderNo, milestone: 'picked_up', at: new Date().toISOString() }),
      t.call('customer-order/remark', {
        token: s.token,
        body: { id: s.orderId, text: '同时备注', kind: 'remark' },
      }),
    ]);
    expect(codes(answers)).toEqual({ 0: 13 });
    expect(await consistent(s)).toHaveLength(6 + 5 - 2);
  });
});
