import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { AuditLog } from '../../../src/contract/audit/schemas.ts';
import { createUser, type FixtureUser, loginAs, signatureOf } from '../../testing/fixtures.ts';
import {
  PATIENT,
  patientFragmentsIn,
  patientOrder,
  PROVIDER_SECRET,
} from '../../testing/masking-fixtures.ts';
import { createOrder } from '../../testing/order-fixtures.ts';
import { type TestApp, testApp } from '../../testing/test-app.ts';
import { auditedTransaction } from './trail.ts';

/** A SHA-256 as the trail writes one, its digits holding the patient's phone (13957246813). */
const HASH_WITH_PHONE = `13957246813${'ab'.repeat(26)}1`;

/** An administrator of a new customer (and a colleague who is not one), both signed in. */
async function customer(t: TestApp) {
  const admin = await createUser(t.deps.db, { customers: 2 });
  const cuId = admin.customers[0]!.cu_id;
  await t.deps.db
    .updateTable('user_customers')
    .set({ is_admin: true, can_approve: true })
    .where('uid', '=', admin.uid)
    .where('cu_id', '=', cuId)
    .execute();
  return { admin, cuId, other: admin.customers[1]!.cu_id, token: await loginAs(t, admin) };
}

const log = (t: TestApp, token: string, query: Record<string, string> = {}) =>
  t.call<AuditLog>('customer-audit/index', { token, query });

const approve = (t: TestApp, token: string, user: FixtureUser, id: number) =>
  t.call('customer-order/auditing', {
    token,
    body: { id, pass: true, version: 1, signature: signatureOf(user) },
  });

describe('customer-audit/index: the customer’s audit trail for its administrators', () => {
  it('is the administrators’: anyone else is refused (403)', async () => {
    const t = await testApp();
    const plain = await createUser(t.deps.db);
    const res = await log(t, await loginAs(t, plain));
    expect([res.code, res.message]).toEqual([
      403,
      'Only an administrator of this customer account may read its audit trail',
    ]);
  });

  it('lists the customer’s entries newest first, with the sign-ins to it, and nothing of another customer', async () => {
    const t = await testApp();
    const { admin, cuId, token } = await customer(t);
    const order = await createOrder(t.deps.db, cuId, { status: 'pending_approval' });
    expect((await approve(t, token, admin, order.id)).code).toBe(0);
    const elsewhere = await createOrder(t.deps.db, (await createUser(t.deps.db)).customers[0]!.cu_id);
    const res = await log(t, token);
    expect(res.code).toBe(0);
    const actions = res.data.list.map((e) => e.action);
    expect(actions[0]).toBe('approve');
    expect(actions).toContain('sign_in');
    const approved = res.data.list[0]!;
    expect(approved).toMatchObject({
      record_type: 'order',
      record_id: String(order.id),
      record_label: order.order_no,
      actor_kind: 'user',
      actor_id: admin.uid,
      signature: { meaning: 'approval', current: true },
    });
    expect(approved.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(res.data.list.some((e) => e.record_type === 'order' && e.record_id === String(elsewhere.id))).toBe(
      false,
    );
    expect(res.data.users.map((u) => u.uid)).toContain(admin.uid);
    expect(res.data.actions).toContain('approve');
  });

  it('filters by order number, action, user and day (China time)', async () => {
    const t = await testApp();
    const { admin, cuId, token } = await customer(t);
    const a = await createOrder(t.deps.db, cuId, { status: 'pending_approval' });
    const b = await createOrder(t.deps.db, cuId, { status: 'pending_approval' });
    expect((await approve(t, token, admin, a.id)).code).toBe(0);
    expect((await approve(t, token, admin, b.id)).code).toBe(0);
    const byOrder = await log(t, token, { record: a.order_no });
    expect(byOrder.data.list.map((e) => e.record_id)).toEqual([String(a.id)]);
    expect((await log(t, token, { record: 'LP20990101000000' })).data.list).toEqual([]);
    const byAction = await log(t, token, { action: 'sign_in' });
    expect(byAction.data.list.length).toBeGreaterThan(0);
    expect(byAction.data.list.every((e) => e.action === 'sign_in')).toBe(true);
    expect((await log(t, token, { uid: String(admin.uid), record_type: 'order' })).data.total).toBe(2);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(t.deps.now());
    expect((await log(t, token, { date_from: today, date_to: today, record_type: 'order' })).data.total).toBe(
      2,
    );
    expect((await log(t, token, { date_to: '2020-01-01' })).data.total).toBe(0);
    const paged = await log(t, token, { limit: '1', start: '1', record_type: 'order' });
    expect([paged.data.list.length, paged.data.total, paged.data.list[0]?.record_id]).toEqual([
      1,
      2,
      String(a.id),
    ]);
  });

  it('keeps a DTP order’s patient masked in every entry and its text', async () => {
    const t = await testApp({ integrationSecret: PROVIDER_SECRET });
    const { cuId, token, admin } = await customer(t);
    const order = await patientOrder(t, cuId);
    // an entry that names the patient's old and new contact, and a remark restating the phone
    await auditedTransaction(t.deps.db, t.deps.now(), async (_trx, audit) => {
      audit.record({
        cuId,
        recordType: 'order',
        recordId: order.id,
        action: 'edit',
        actor: { kind: 'user', id: admin.uid, name: '审计 测试' },
        reason: `改为 ${PATIENT.phone} 联系`,
        changes: [
          { field: 'to_contact', old: PATIENT.name, new: '沈桂兰家属' },
          { field: 'remark', old: '', new: `请联系 ${PATIENT.phone}` },
          // a document's SHA-256 whose digits happen to hold the patient's phone: a hash restates nothing
          { field: 'attachments.1', old: null, new: { name: 'pod.pdf', sha256: HASH_WITH_PHONE } },
        ],
      });
    });
    const res = await log(t, token, { record: order.order_no });
    expect(res.code).toBe(0);
    expect(res.data.list.length).toBeGreaterThan(0);
    // (the hash is left out here: its digits hold the phone by construction)
    const text = res.data.list.map((e) => ({
      ...e,
      changes: e.changes.filter((c) => c.field !== 'attachments.1'),
    }));
    expect(patientFragmentsIn(text)).toEqual([]);
    const edit = res.data.list.find((e) => e.action === 'edit');
    expect(edit?.changes.find((c) => c.field === 'attachments.1')?.new).toEqual({
      name: 'pod.pdf',
      sha256: HASH_WITH_PHONE,
    });
    expect(edit?.changes.find((c) => c.field === 'to_contact')).toEqual({
      field: 'to_contact',
      old: '******',
      new: '******',
    });
  });
});

describe('customer-audit/xlsx: a copy for an inspector', () => {
  it('is the filtered entries as .xlsx, masked, and taking it is recorded', async () => {
    const t = await testApp();
    const { admin, cuId, token } = await customer(t);
    const order = await createOrder(t.deps.db, cuId, { status: 'pending_approval' });
    expect((await approve(t, token, admin, order.id)).code).toBe(0);
    const res = await t.app.request(`/api/customer-audit/xlsx.html?record=${order.order_no}`, {
      headers: { 'x-token': token, 'accept-language': 'en' },
    });
    expect(res.headers.get('content-type')).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(res.headers.get('content-disposition')).toContain('Audit%20trail');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await res.arrayBuffer());
    const rows = book.worksheets[0]!.getSheetValues().filter(Boolean) as unknown[][];
    expect(rows[0]).toContain('Electronic signature');
    expect(rows).toHaveLength(2);
    const cells = rows[1]!.map(String);
    expect(cells).toContain(`Order ${order.order_no}`);
    expect(cells).toContain('Approved');
    expect(cells.some((c) => / · Approval · .* China time \(UTC\+8\)$/.test(c))).toBe(true);
    const recorded = await t.deps.db
      .selectFrom('audit_entries')
      .select(['action', 'actor_id', 'changes'])
      .where('cu_id', '=', cuId)
      .where('action', '=', 'audit_export')
      .executeTakeFirstOrThrow();
    expect(recorded).toMatchObject({
      actor_id: admin.uid,
      changes: [
        { field: 'format', new: 'xlsx' },
        { field: 'filter', new: { record: order.order_no } },
        { field: 'entries', new: 1 },
      ],
    });
  });

  it('is a PDF for people in the caller’s language, recorded like the spreadsheet', async () => {
    const t = await testApp();
    const { admin, cuId, token } = await customer(t);
    const order = await createOrder(t.deps.db, cuId, { status: 'pending_approval' });
    expect((await approve(t, token, admin, order.id)).code).toBe(0);
    const res = await t.app.request('/api/customer-audit/pdf.html', {
      headers: { 'x-token': token, 'accept-language': 'zh-CN' },
    });
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toContain('.pdf');
    const body = Buffer.from(await res.arrayBuffer());
    expect(body.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // the Chinese font is embedded (a subset of Noto Sans SC), so the Chinese text shows everywhere
    expect(body.toString('latin1')).toMatch(/NotoSansSC/);
    const recorded = await t.deps.db
      .selectFrom('audit_entries')
      .select('changes')
      .where('cu_id', '=', cuId)
      .where('action', '=', 'audit_export')
      .executeTakeFirstOrThrow();
    expect(recorded.changes[0]).toEqual({ field: 'format', old: null, new: 'pdf' });
  });
});
