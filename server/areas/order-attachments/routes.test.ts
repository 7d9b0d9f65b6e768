import { createHash, createHmac } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type {
  AttentionList,
  AuditList,
  FileLink,
  StatusAnswer,
  UploadAnswer,
} from '../../../src/contract/order-attachments/schemas.ts';
import { startOfWindow } from '../../testing/accounts.ts';
import { createAttachmentOrders } from '../../testing/attachment-fixtures.ts';
import { postFile, SAMPLES } from '../../testing/file-fixtures.ts';
import { createUser, type FixtureUser, loginAs, signatureOf } from '../../testing/fixtures.ts';
import { createOrder, createProject } from '../../testing/order-fixtures.ts';
import { type TestApp, testApp, testDatabase } from '../../testing/test-app.ts';
import { LINK_TTL_MS } from './signed-link.ts';

beforeAll(() => testDatabase());

const SECRET = 'order-attachments-test-secret-77ab';

interface Setup {
  t: TestApp;
  user: FixtureUser;
  token: string;
  cuId: number;
  orderId: number;
  orderNo: string;
}

/** A user (approver unless told otherwise) with an order of a project that requires a packing list and a POD. */
async function setup(options: { approver?: boolean; required?: string[] } = {}): Promise<Setup> {
  const t = await testApp({ integrationSecret: SECRET });
  const user = await createUser(t.deps.db);
  const cuId = user.customers[0]!.cu_id;
  if (options.approver ?? true)
    await t.deps.db
      .updateTable('user_customers')
      .set({ can_approve: true })
      .where('uid', '=', user.uid)
      .execute();
  const project = await createProject(t.deps.db, cuId, {
    required_attachments: options.required ?? ['packing_list', 'pod'],
  });
  const order = await createOrder(t.deps.db, cuId, { pr_id: project.pr_id });
  await t.deps.db
    .updateTable('orders')
    .set({ attachment_status: 'missing' })
    .where('id', '=', order.id)
    .execute();
  return { t, user, token: await loginAs(t, user), cuId, orderId: order.id, orderNo: order.order_no };
}

const upload = (s: Setup, kind: string, name: string, content: Uint8Array, orderId = s.orderId) =>
  postFile<UploadAnswer>(s.t, 'customer-order/upload', {
    token: s.token,
    fields: { id: orderId, kind },
    file: { name, content },
  });

async function orderState(s: Setup, id = s.orderId) {
  return s.t.deps.db
    .selectFrom('orders')
    .select(['attachment_status', 'version'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

/** The order's audit entries: action, reason and changes (audit/trail.ts). */
const trail = (s: Setup) =>
  s.t.deps.db
    .selectFrom('audit_entries')
    .select(['action', 'reason', 'changes'])
    .where('cu_id', '=', s.cuId)
    .where('record_id', '=', String(s.orderId))
    .orderBy('seq')
    .execute();

const events = (s: Setup) =>
  s.t.deps.db
    .selectFrom('order_events')
    .select(['kind', 'reason', 'actor_kind'])
    .where('order_id', '=', s.orderId)
    .where('kind', 'like', 'attachment_%')
    .orderBy('id')
    .execute();

describe('customer-order/upload', () => {
  it.each(
    Object.entries({
      pdf: 'application/pdf',
      png: 'image/png',
      jpg: 'image/jpeg',
      csv: 'text/csv; charset=utf-8',
    }),
  )('keeps a %s with its SHA-256 and the media type of its content', async (type, media) => {
    const s = await setup();
    const content = SAMPLES[type as 'pdf']();
    const res = await upload(s, 'packing_list', `list.${type}`, content);
    expect(res.code).toBe(0);
    expect(res.data.attachment).toMatchObject({
      kind: 'packing_list',
      status: 'pending',
      media_type: media,
      size: content.length,
    });
    const file = await s.t.deps.db
      .selectFrom('files')
      .selectAll()
      .where('file_id', '=', res.data.attachment.file_id)
      .executeTakeFirstOrThrow();
    expect(file.sha256).toBe(createHash('sha256').update(content).digest('hex'));
    expect(file.cu_id).toBe(s.cuId);
  });

  it('recognises XLSX and DOCX by their [Content_Types] main part, and refuses a plain zip', async () => {
    const s = await setup();
    const xlsx = await upload(s, 'packing_list', '装箱单.xlsx', SAMPLES.xlsx());
    expect(xlsx.data.attachment.media_type).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    const docx = await upload(s, 'customs', 'declaration.bin', SAMPLES.docx());
    expect(docx.data.attachment).toMatchObject({
      name: 'declaration.docx',
      media_type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    });
    const plain = await upload(s, 'customs', 'archive.xlsx', SAMPLES.zip());
    expect(plain.code).toBe(422);
  });

  it('refuses an executable renamed .pdf with a clear message, keeping nothing', async () => {
    const s = await setup();
    const before = await s.t.deps.db
      .selectFrom('files')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    for (const sample of [SAMPLES.exe(), SAMPLES.elf()]) {
      const res = await upload(s, 'packing_list', 'invoice.pdf', sample);
      expect(res.code).toBe(422);
      expect(res.message).toMatch(/not one of PDF, JPEG, PNG, XLSX, DOCX, CSV \(its content is (exe|elf)\)/);
      // the field's message is filled like the envelope's (no `{types}` left)
      expect(res.data).toEqual({ file: res.message });
    }
    const nul = await upload(s, 'packing_list', 'data.csv', SAMPLES.nul());
    expect(nul.code).toBe(422);
    const empty = await upload(s, 'packing_list', 'empty.pdf', new Uint8Array());
    expect([empty.code, empty.message]).toEqual([422, 'The file is empty']);
    const after = await s.t.deps.db
      .selectFrom('files')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
    expect(await events(s)).toEqual([]);
    expect((await orderState(s)).attachment_status).toBe('missing');
  });

  it('cleans hostile names: no folders, control or bidi characters, capped, the extension of the content', async () => {
    const s = await setup();
    const cases: [string, string][] = [
      ['../../etc/passwd.pdf', 'passwd.pdf'],
      ['C:\\Users\\x\\报告.pdf', '报告.pdf'],
      ['invoice\u202Efdp.exe', 'invoicefdp.pdf'],
      ['a\u0000b\u0007c\r\n.pdf', 'abc.pdf'],
      ['photo.png', 'photo.pdf'],
      [`${'长'.repeat(300)}.pdf`, `${'长'.repeat(100)}.pdf`],
      ['...', 'file.pdf'],
    ];
    for (const [given, kept] of cases) {
      const res = await upload(s, 'other', given, SAMPLES.pdf());
      expect(res.code, given).toBe(0);
      expect(res.data.attachment.name, given).toBe(kept);
    }
  });

  it('another customer’s order answers 404 and keeps nothing; a cancelled order 409; no file 422', async () => {
    const s = await setup();
    const other = await createUser(s.t.deps.db);
    const theirs = await createOrder(s.t.deps.db, other.customers[0]!.cu_id);
    const res = await upload(s, 'packing_list', 'a.pdf', SAMPLES.pdf(), theirs.id);
    expect(res.code).toBe(404);
    expect(
      await s.t.deps.db
        .selectFrom('order_attachments')
        .select('id')
        .where('order_id', '=', theirs.id)
        .execute(),
    ).toEqual([]);
    await s.t.deps.db
      .updateTable('orders')
      .set({ status: 'cancelled' })
      .where('id', '=', s.orderId)
      .execute();
    expect((await upload(s, 'packing_list', 'a.pdf', SAMPLES.pdf())).code).toBe(409);
    const none = await postFile(s.t, 'customer-order/upload', {
      token: s.token,
      fields: { id: s.orderId, kind: 'pod' },
    });
    expect(none.code).toBe(422);
    expect(none.data).toHaveProperty('file');
    const badKind = await upload(s, 'print_scan', 'a.pdf', SAMPLES.pdf());
    expect(badKind.code).toBe(422);
  });

  it('a JSON body on the upload call is 415; a multipart body on a JSON call is still 400', async () => {
    const s = await setup();
    const json = await s.t.call('customer-order/upload', {
      token: s.token,
      body: { id: s.orderId, kind: 'pod' },
    });
    expect(json.code).toBe(415);
    const wrong = await postFile(s.t, 'customer-order/attachment-audit', {
      token: s.token,
      fields: { id: 1, pass: 'true' },
      file: { name: 'a.pdf', content: SAMPLES.pdf() },
    });
    expect([wrong.status, wrong.code]).toEqual([200, 400]);
  });

  it('limits uploads per user (120 a minute, both upload calls together): 429 keeps nothing', async () => {
    const s = await setup();
    const t = await testApp({ integrationSecret: SECRET, rateLimits: true });
    const token = await loginAs(t, s.user);
    // limits count per fixed minute: 121 uploads on a busy machine must not cross into the next one
    startOfWindow(t, 60_000);
    const send = (path: string) =>
      postFile(t, path, {
        token,
        fields: { id: s.orderId },
        file: { name: 'a.pdf', content: SAMPLES.pdf() },
      });
    for (let i = 0; i < 120; i++) {
      // no `kind`: counted, then refused with 422 (cheap), as the limit comes first
      expect((await send('customer-order/upload')).code).toBe(422);
    }
    expect((await send('customer-order/ss-upload-print')).code).toBe(429);
    expect(await events(s)).toEqual([]);
  }, 60_000);

  it('ss-upload-print keeps the signed print-out as kind print_scan', async () => {
    const s = await setup();
    const res = await postFile<UploadAnswer>(s.t, 'customer-order/ss-upload-print', {
      token: s.token,
      fields: { id: s.orderId },
      file: { name: 'scan.jpg', content: SAMPLES.jpg() },
    });
    expect(res.data.attachment).toMatchObject({
      kind: 'print_scan',
      name: 'scan.jpg',
      media_type: 'image/jpeg',
    });
  });
});

describe('attachment status and audit', () => {
  it('moves missing → pending → rejected → pending → approved, in step with events', async () => {
    const s = await setup();
    const list = await upload(s, 'packing_list', 'list.pdf', SAMPLES.pdf());
    expect(list.data.attachment_status).toBe('missing'); // the POD is still missing
    const pod = await upload(s, 'pod', 'pod.jpg', SAMPLES.jpg());
    expect(pod.data.attachment_status).toBe('pending');
    const audit = (id: number, pass: boolean, reason = '') =>
      s.t.call<UploadAnswer>('customer-order/attachment-audit', {
        token: s.token,
        body: { id, pass, reason, signature: signatureOf(s.user, 'review') },
      });
    const noReason = await audit(pod.data.attachment.id, false, '  ');
    expect(noReason.code).toBe(422);
    expect(noReason.data).toHaveProperty('reason');
    const rejected = await audit(pod.data.attachment.id, false, '签字不清晰');
    expect(rejected.data.attachment).toMatchObject({ status: 'rejected', reason: '签字不清晰' });
    expect(rejected.data.attachment_status).toBe('rejected');
    expect((await audit(pod.data.attachment.id, true)).code).toBe(409);
    const view = await s.t.call<AuditList>('customer-order/attachment-audit', {
      token: s.token,
      query: { id: String(s.orderId) },
    });
    expect(view.data.kinds).toEqual([
      { kind: 'packing_list', state: 'pending', reason: '' },
      { kind: 'pod', state: 'rejected', reason: '签字不清晰' },
    ]);
    expect(view.data.can_audit).toBe(true);
    const again = await upload(s, 'pod', 'pod2.pdf', SAMPLES.pdf());
    expect(again.data.attachment_status).toBe('pending');
    await audit(list.data.attachment.id, true);
    const done = await audit(again.data.attachment.id, true);
    expect(done.data.attachment_status).toBe('approved');
    expect((await orderState(s)).attachment_status).toBe('approved');
    expect((await events(s)).map((e) => e.kind)).toEqual([
      'attachment_uploaded',
      'attachment_uploaded',
      'attachment_rejected',
      'attachment_uploaded',
      'attachment_approved',
      'attachment_approved',
    ]);
    // the audit trail: each upload with its file's hash, each audit with its reason, old → new
    const entries = await trail(s);
    expect(entries.map((e) => e.action)).toEqual([
      'attachment_upload',
      'attachment_upload',
      'attachment_reject',
      'attachment_upload',
      'attachment_approve',
      'attachment_approve',
    ]);
    expect(entries[1]?.changes).toEqual([
      {
        field: `attachments.${pod.data.attachment.id}`,
        old: null,
        new: {
          kind: 'pod',
          name: 'pod.jpg',
          size: SAMPLES.jpg().length,
          sha256: createHash('sha256').update(SAMPLES.jpg()).digest('hex'),
          status: 'pending',
        },
      },
      { field: 'attachment_status', old: 'missing', new: 'pending' },
    ]);
    expect(entries[2]).toMatchObject({
      reason: '签字不清晰',
      changes: [
        {
          field: `attachments.${pod.data.attachment.id}`,
          old: { kind: 'pod', name: 'pod.jpg', status: 'pending' },
          new: { kind: 'pod', name: 'pod.jpg', status: 'rejected' },
        },
        { field: 'attachment_status', old: 'pending', new: 'rejected' },
        // the reviewer's signature, over the document's hash, kind and name
        {
          field: 'signature',
          old: null,
          new: {
            meaning: 'review',
            method: 'password',
            content_sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
          },
        },
      ],
    });
  });

  it('only an approver of the customer may audit (403); another customer’s attachment is 404', async () => {
    const s = await setup({ approver: false });
    const up = await upload(s, 'pod', 'pod.pdf', SAMPLES.pdf());
    const res = await s.t.call('customer-order/attachment-audit', {
      token: s.token,
      body: { id: up.data.attachment.id, pass: true, signature: signatureOf(s.user, 'review') },
    });
    expect(res.code).toBe(403);
    const view = await s.t.call<AuditList>('customer-order/attachment-audit', {
      token: s.token,
      query: { id: String(s.orderId) },
    });
    expect(view.data.can_audit).toBe(false);
    const approver = await setup();
    const theirs = await approver.t.call('customer-order/attachment-audit', {
      token: approver.token,
      body: { id: up.data.attachment.id, pass: true, signature: signatureOf(approver.user, 'review') },
    });
    expect(theirs.code).toBe(404);
    const peek = await approver.t.call('customer-order/attachment-audit', {
      token: approver.token,
      query: { id: String(s.orderId) },
    });
    expect(peek.code).toBe(404);
    const row = await s.t.deps.db
      .selectFrom('order_attachments')
      .select('status')
      .where('id', '=', up.data.attachment.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('pending');
  });
});

describe('the landing page (customer-order/attachment)', () => {
  it('lists the customer’s orders needing attention with counts per state, masked', async () => {
    const s = await setup();
    const project = await createProject(s.t.deps.db, s.cuId, { required_attachments: ['pod'] });
    const dtp = await createOrder(s.t.deps.db, s.cuId, { pr_id: project.pr_id, is_dtp: 1, to_goodstype: 1 });
    await s.t.deps.db
      .updateTable('orders')
      .set({ attachment_status: 'missing' })
      .where('id', '=', dtp.id)
      .execute();
    await upload(s, 'pod', 'pod.pdf', SAMPLES.pdf());
    await upload(s, 'packing_list', 'list.pdf', SAMPLES.pdf()); // this order is now pending
    const other = await createUser(s.t.deps.db);
    await createOrder(s.t.deps.db, other.customers[0]!.cu_id);
    const all = await s.t.call<AttentionList>('customer-order/attachment', { token: s.token });
    expect(all.code).toBe(0);
    expect(all.data.counts).toEqual({ missing: 1, pending: 1, rejected: 0 });
    expect(all.data.total).toBe(2);
    const masked = all.data.list.find((r) => r.id === dtp.id)!;
    expect(masked.to_company).toBe('******');
    expect(masked.masked).toContain('to_company');
    expect(JSON.stringify(all.data)).not.toContain(dtp.to_company);
    expect(masked.kinds).toEqual([{ kind: 'pod', state: 'missing', reason: '' }]);
    const pending = await s.t.call<AttentionList>('customer-order/attachment', {
      token: s.token,
      query: { state: 'pending' },
    });
    expect(pending.data.list.map((r) => r.id)).toEqual([s.orderId]);
    expect(pending.data.list[0]!.attachments.map((a) => a.name)).toEqual(['pod.pdf', 'list.pdf']);
    const paged = await s.t.call<AttentionList>('customer-order/attachment', {
      token: s.token,
      query: { limit: '1', currentPage: '2' },
    });
    expect(paged.data.list).toHaveLength(1);
    expect(paged.data.total).toBe(2);
  });

  it('counts an order once, in its document status (a rejected POD and missing customs papers: missing), its row showing each kind', async () => {
    const s = await setup();
    const [both, rejectedOnly] = await createAttachmentOrders(s.t.deps, s.cuId, [
      {
        required: ['pod', 'customs'],
        files: [{ kind: 'pod', status: 'rejected', reason: '不清晰', name: 'p.pdf' }],
      },
      { required: ['pod'], files: [{ kind: 'pod', status: 'rejected', reason: '缺页', name: 'q.pdf' }] },
    ]);
    const all = await s.t.call<AttentionList>('customer-order/attachment', { token: s.token });
    expect(all.data.counts).toEqual({ missing: 2, pending: 0, rejected: 1 });
    expect(all.data.total).toBe(3);
    const missing = await s.t.call<AttentionList>('customer-order/attachment', {
      token: s.token,
      query: { state: 'missing' },
    });
    expect(missing.data.total).toBe(2);
    const row = missing.data.list.find((r) => r.id === both!.id)!;
    expect(row.attachment_status).toBe('missing');
    expect(row.kinds).toEqual([
      { kind: 'pod', state: 'rejected', reason: '不清晰' },
      { kind: 'customs', state: 'missing', reason: '' },
    ]);
    const rejected = await s.t.call<AttentionList>('customer-order/attachment', {
      token: s.token,
      query: { state: 'rejected' },
    });
    expect(rejected.data.list.map((r) => r.id)).toEqual([rejectedOnly!.id]);
    expect(rejected.data.total).toBe(1);
    const keyword = await s.t.call<AttentionList>('customer-order/attachment', {
      token: s.token,
      query: { keyword: both!.order_no.toLowerCase() },
    });
    expect(keyword.data.list.map((r) => r.id)).toEqual([both!.id]);
    expect(keyword.data.counts).toEqual({ missing: 1, pending: 0, rejected: 0 });
  });
});

describe('downloads through signed links', () => {
  async function uploaded() {
    const s = await setup();
    const content = SAMPLES.pdf();
    const up = await upload(s, 'packing_list', '装箱单 "final".pdf', content);
    return { s, content, fileId: up.data.attachment.file_id };
  }

  it('gives a link that downloads the file as an attachment with safe headers', async () => {
    const { s, content, fileId } = await uploaded();
    for (const path of ['customer-order/attachmentdown', 'common/get-attachment']) {
      const link = await s.t.call<FileLink>(path, { token: s.token, query: { file_id: String(fileId) } });
      expect(link.code).toBe(0);
      expect(link.data.name).toBe('装箱单 _final_.pdf');
      const res = await s.t.app.request(link.data.url);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/pdf');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('cache-control')).toBe('private, no-store');
      expect(res.headers.get('content-disposition')).toBe(
        `attachment; filename="___ _final_.pdf"; filename*=UTF-8''${encodeURIComponent('装箱单 _final_.pdf')}`,
      );
      expect(Buffer.from(await res.arrayBuffer())).toEqual(content);
    }
  });

  it('refuses an expired or altered link (403), and another customer’s file (404)', async () => {
    const { s, fileId } = await uploaded();
    const link = await s.t.call<FileLink>('customer-order/attachmentdown', {
      token: s.token,
      query: { file_id: String(fileId) },
    });
    const url = new URL(link.data.url, 'http://x');
    const tampered = new URL(url);
    tampered.searchParams.set('f', String(fileId + 1));
    const refused = await s.t.app.request(`${tampered.pathname}${tampered.search}`, {
      headers: { 'accept-language': 'en' },
    });
    expect(await refused.json()).toMatchObject({ code: 403, message: 'This download link is not valid' });
    const later = new URL(url);
    later.searchParams.set('e', String(Number(url.searchParams.get('e')) + 3600));
    expect(
      ((await (await s.t.app.request(`${later.pathname}${later.search}`)).json()) as { code: number }).code,
    ).toBe(403);
    s.t.advance(LINK_TTL_MS + 1000);
    const expired = await s.t.app.request(link.data.url, { headers: { 'accept-language': 'en' } });
    expect(await expired.json()).toMatchObject({
      code: 403,
      message: 'This download link has expired, please download again',
    });
    const other = await createUser(s.t.deps.db);
    const token = await loginAs(s.t, other);
    const theirs = await s.t.call('customer-order/attachmentdown', {
      token,
      query: { file_id: String(fileId) },
    });
    expect(theirs.code).toBe(404);
  });

  it('keeps the signing key in the database, made at random (no default key)', async () => {
    const { s } = await uploaded();
    const key = await s.t.deps.db
      .selectFrom('signing_keys')
      .select('secret')
      .where('name', '=', 'download-links')
      .executeTakeFirstOrThrow();
    expect(Buffer.from(key.secret)).toHaveLength(32);
  });
});

describe('common/delete-file', () => {
  it('says why (EU GMP Annex 11 §9): without a reason 422 on `reason` and nothing deleted; the reason is kept', async () => {
    const s = await setup({ required: ['pod'] });
    const a = await upload(s, 'pod', 'a.pdf', SAMPLES.pdf());
    for (const reason of [undefined, '  ']) {
      const refused = await s.t.call('common/delete-file', {
        token: s.token,
        query: { file_id: String(a.data.attachment.file_id), ...(reason === undefined ? {} : { reason }) },
      });
      expect([refused.code, Object.keys(refused.data as object)]).toEqual([422, ['reason']]);
    }
    expect((await events(s)).map((e) => e.kind)).not.toContain('attachment_deleted');
    const gone = await s.t.call('common/delete-file', {
      token: s.token,
      query: { file_id: String(a.data.attachment.file_id), reason: '  传错了订单  ' },
    });
    expect(gone.code).toBe(0);
    expect((await trail(s)).find((e) => e.action === 'attachment_delete')?.reason).toBe('传错了订单');
  });

  it('deletes the customer’s own pending file (status recomputed), never an approved one or another customer’s', async () => {
    const s = await setup({ required: ['pod'] });
    const a = await upload(s, 'pod', 'a.pdf', SAMPLES.pdf());
    const b = await upload(s, 'other', 'b.pdf', SAMPLES.pdf());
    const other = await createUser(s.t.deps.db);
    const theirToken = await loginAs(s.t, other);
    const theirs = await s.t.call('common/delete-file', {
      token: theirToken,
      query: { file_id: String(a.data.attachment.file_id), reason: '上传错了文件' },
    });
    expect(theirs.code).toBe(404);
    const gone = await s.t.call<StatusAnswer>('common/delete-file', {
      token: s.token,
      query: { file_id: String(a.data.attachment.file_id), reason: '上传错了文件' },
    });
    expect(gone.data.attachment_status).toBe('missing');
    expect(
      await s.t.deps.db
        .selectFrom('files')
        .select('file_id')
        .where('file_id', '=', a.data.attachment.file_id)
        .execute(),
    ).toEqual([]);
    await s.t.call('customer-order/attachment-audit', {
      token: s.token,
      body: { id: b.data.attachment.id, pass: true, signature: signatureOf(s.user, 'review') },
    });
    const approved = await s.t.call('common/delete-file', {
      token: s.token,
      query: { file_id: String(b.data.attachment.file_id), reason: '上传错了文件' },
    });
    expect(approved.code).toBe(409);
    expect((await events(s)).map((e) => e.kind)).toContain('attachment_deleted');
    const deleted = (await trail(s)).filter((e) => e.action === 'attachment_delete');
    expect(deleted).toHaveLength(1);
    expect(deleted[0]?.changes[0]).toMatchObject({
      field: `attachments.${a.data.attachment.id}`,
      old: { status: 'pending' },
      new: null,
    });
  });
});

describe('provider/document (signed)', () => {
  async function signedPost(s: Setup, fields: Record<string, string>, content: Uint8Array, secret = SECRET) {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    form.append('file', new Blob([new Uint8Array(content)]), 'POD 签收单.pdf');
    const encoded = new Response(form);
    const body = Buffer.from(await encoded.arrayBuffer());
    const timestamp = String(Math.floor(s.t.deps.now().getTime() / 1000));
    const signature = createHmac('sha256', secret).update(`${timestamp}.`).update(body).digest('hex');
    const res = await s.t.app.request('/api/provider/document.html', {
      method: 'POST',
      headers: {
        'content-type': encoded.headers.get('content-type')!,
        'x-timestamp': timestamp,
        'x-signature': signature,
        'accept-language': 'en',
      },
      body,
    });
    return (await res.json()) as {
      code: number;
      message: string;
      data: { id: number; file_id: number; sha256: string };
    };
  }

  it('keeps the provider’s POD as source provider; a wrong signature keeps nothing', async () => {
    const s = await setup();
    const content = SAMPLES.pdf();
    const ok = await signedPost(s, { order_no: s.orderNo, kind: 'pod' }, content);
    expect(ok.code).toBe(0);
    expect(ok.data.sha256).toBe(createHash('sha256').update(content).digest('hex'));
    const row = await s.t.deps.db
      .selectFrom('order_attachments')
      .selectAll()
      .where('id', '=', ok.data.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ source: 'provider', kind: 'pod', status: 'pending' });
    const before = await s.t.deps.db
      .selectFrom('files')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    const forged = await signedPost(s, { order_no: s.orderNo, kind: 'pod' }, content, 'not-the-secret');
    expect(forged.code).toBe(403);
    const after = await s.t.deps.db
      .selectFrom('files')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
    const unknown = await signedPost(s, { order_no: 'LP20260101999999', kind: 'pod' }, content);
    expect(unknown.code).toBe(404);
    // the provider's file is not the customer's to delete
    const del = await s.t.call('common/delete-file', {
      token: s.token,
      query: { file_id: String(ok.data.file_id), reason: '上传错了文件' },
    });
    expect(del.code).toBe(409);
  });
});
