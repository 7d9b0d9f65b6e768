import { beforeAll, describe, expect, it } from 'vitest';
import type { OrderStatus } from '../../../src/contract/orders/domain.ts';
import type { OrderDetail, Temperature, Track } from '../../../src/contract/orders/schemas.ts';
import { createOrder, createProject, createSite } from '../../testing/order-fixtures.ts';
import { type TestApp, testApp, testDatabase, unique } from '../../testing/test-app.ts';
import { recomputeExcursion } from './excursion.ts';
import { MASK } from './masking.ts';
import { signedIn } from '../../testing/order-test-helpers.ts';

beforeAll(() => testDatabase());

const view = (t: TestApp, token: string, id: number) =>
  t.call<OrderDetail>('customer-order/view', { token, query: { id: String(id) } });

async function viewOk(t: TestApp, token: string, id: number) {
  const res = await view(t, token, id);
  expect([res.code, res.message]).toEqual([0, 'ok']);
  return res.data;
}

async function attach(t: TestApp, cuId: number, orderId: number, kind: 'pod' | 'packing_list') {
  const file = await t.deps.db
    .insertInto('files')
    .values({
      cu_id: cuId,
      uid: null,
      name: `${kind}.pdf`,
      media_type: 'application/pdf',
      size: 1234,
      sha256: 'a'.repeat(64),
      storage_key: unique('k'),
    })
    .returning('file_id')
    .executeTakeFirstOrThrow();
  await t.deps.db
    .insertInto('order_attachments')
    .values({ order_id: orderId, file_id: file.file_id, kind, uploaded_by: null })
    .execute();
  return file.file_id;
}

describe('customer-order/view', () => {
  it('answers the whole order: goods, boxes, events, attachments, remarks, the project’s required kinds', async () => {
    const t = await testApp();
    const { token, cuId } = await signedIn(t);
    const db = t.deps.db;
    const project = await createProject(db, cuId, { required_attachments: ['pod', 'packing_list'] });
    const site = await createSite(db, cuId, { prId: project.pr_id });
    const order = await createOrder(db, cuId, {
      pr_id: project.pr_id,
      ho_id: site.ho_id,
      remark: '轻拿轻放',
    });
    const fileId = await attach(t, cuId, order.id, 'packing_list');
    await db
      .insertInto('order_remarks')
      .values({ order_id: order.id, author: '张三', text: '请提前电话联系' })
      .execute();

    const detail = await viewOk(t, token, order.id);
    expect(detail).toMatchObject({
      id: order.id,
      order_no: order.order_no,
      status: 'pending_confirm',
      pr_id: project.pr_id,
      project_name: project.name,
      site_name: site.name,
      ho_id: site.ho_id,
      from_company: order.from_company,
      to_phone: '13900000002',
      remark: '轻拿轻放',
      masked: [],
      required_attachments: ['packing_list', 'pod'],
      sources: [],
      modification: null,
      merged_into: null,
      version: 1,
    });
    expect(detail.goods).toEqual([
      expect.objectContaining({
        name: '试验药品A',
        batch_no: 'B001',
        expiry: '2027-12-31',
        quantity: 10,
        unit: '盒',
      }),
    ]);
    expect(detail.boxes).toEqual([expect.objectContaining({ box_type: '2-8°C 保温箱 (M)', weight_kg: 6.5 })]);
    expect(detail.events).toEqual([
      expect.objectContaining({
        kind: 'created',
        status_from: null,
        status_to: 'pending_confirm',
        actor_kind: 'system',
      }),
    ]);
    expect(detail.attachments).toEqual([
      expect.objectContaining({
        file_id: fileId,
        kind: 'packing_list',
        status: 'pending',
        name: 'packing_list.pdf',
        size: 1234,
      }),
    ]);
    expect(detail.remarks).toEqual([
      expect.objectContaining({ author: '张三', text: '请提前电话联系', kind: 'remark' }),
    ]);
  });

  it('says what the user may do in each status', async () => {
    const t = await testApp();
    const plain = await signedIn(t);
    const approver = await signedIn(t, { approver: true });
    const db = t.deps.db;
    const actions = async (who: typeof plain, status: OrderStatus) =>
      (await viewOk(t, who.token, (await createOrder(db, who.cuId, { status })).id)).actions;

    const all = {
      cancel: true,
      edit: true,
      audit: false,
      apply_modify: false,
      merge: true,
      upload: true,
      audit_documents: false,
      remark: true,
    };
    expect(await actions(plain, 'pending_approval')).toEqual(all);
    expect(await actions(approver, 'pending_approval')).toEqual({
      ...all,
      audit: true,
      audit_documents: true,
    });
    expect(await actions(approver, 'pending_confirm')).toEqual({ ...all, audit_documents: true });
    const closed = {
      cancel: false,
      edit: false,
      audit: false,
      merge: false,
      audit_documents: false,
      remark: true,
    };
    expect(await actions(plain, 'not_finished')).toEqual({ ...closed, apply_modify: true, upload: true });
    expect(await actions(approver, 'finished')).toEqual({
      ...closed,
      apply_modify: false,
      upload: true,
      audit_documents: true,
    });
    expect(await actions(plain, 'finished')).toEqual({ ...closed, apply_modify: false, upload: true });
    expect(await actions(plain, 'cancelled')).toEqual({ ...closed, apply_modify: false, upload: false });
    expect(await actions(approver, 'cancelled')).toEqual({ ...closed, apply_modify: false, upload: false });

    const waiting = await createOrder(db, plain.cuId, { status: 'not_finished' });
    await db
      .insertInto('order_modifications')
      .values({ order_id: waiting.id, kind: 'change', changes: '{}', reason: '改期', requested_by: null })
      .execute();
    const detail = await viewOk(t, plain.token, waiting.id);
    expect(detail.actions.apply_modify, 'one request at a time').toBe(false);
    expect(detail.modification).toMatchObject({
      kind: 'change',
      status: 'pending',
      reason: '改期',
      answered_at: null,
    });
  });

  it('masks the patient side, its sign name, and the patient’s name in the provider’s events and in remarks', async () => {
    const t = await testApp();
    const { token, cuId } = await signedIn(t);
    const db = t.deps.db;
    const patient = unique('患者');
    const order = await createOrder(db, cuId, {
      order_type: 'dtp',
      is_dtp: 1,
      to_contact: patient,
      sign_name: patient,
    });
    await db
      .insertInto('order_events')
      .values({
        order_id: order.id,
        kind: 'delivered',
        actor_kind: 'provider',
        uid: null,
        reason: `已交给${patient}本人`,
        location: `${patient}家门口`,
      })
      .execute();
    await db
      .insertInto('order_remarks')
      .values({ order_id: order.id, author: '客服', text: `联系${patient}` })
      .execute();

    const detail = await viewOk(t, token, order.id);
    expect(detail).toMatchObject({
      to_contact: MASK,
      to_company: MASK,
      to_phone: MASK,
      to_address: MASK,
      sign_name: MASK,
    });
    expect(detail.masked).toEqual(['to_company', 'to_contact', 'to_phone', 'to_address', 'sign_name']);
    // the provider's text naming the patient is withheld whole, and its place at the patient's door
    // whatever it says (redaction.ts); the customer's remark keeps its other words
    expect(detail.events.at(-1)).toMatchObject({ reason: MASK, location: MASK });
    expect(detail.remarks[0]!.text).toBe(`联系${MASK}`);
    expect(JSON.stringify(detail)).not.toContain(patient);
  });

  it('answers 404 for another customer’s order, an unknown id, and refuses a bad id', async () => {
    const t = await testApp();
    const { token } = await signedIn(t);
    const other = await signedIn(t);
    const theirs = await createOrder(t.deps.db, other.cuId);
    for (const path of ['customer-order/view', 'common/get-car-temp', 'common/get-play-track-url']) {
      const res = await t.call(path, { token, query: { id: String(theirs.id) } });
      expect([path, res.code, res.data]).toEqual([path, 404, null]);
      expect(res.message).toBe('No such order');
      expect((await t.call(path, { token, query: { id: '2147480000' } })).code).toBe(404);
      expect((await t.call(path, { token, query: { id: 'abc' } })).code).toBe(422);
      expect((await t.call(path, { token, query: {} })).code).toBe(422);
    }
    expect((await viewOk(t, other.token, theirs.id)).id).toBe(theirs.id);
  });
});

describe('common/get-car-temp and common/get-play-track-url', () => {
  it('answers the readings with the class’s limits and excursions; recomputeExcursion keeps the level', async () => {
    const t = await testApp();
    const { token, cuId } = await signedIn(t);
    const db = t.deps.db;
    const order = await createOrder(db, cuId, { temp_class: 'chilled' });
    const base = Date.UTC(2026, 5, 1, 8, 0);
    const stamp = (min: number) => new Date(base + min * 60_000);
    await db
      .insertInto('order_readings')
      .values(
        [5, 9.5, 11, 6].map((celsius, i) => ({
          order_id: order.id,
          logger_id: 'LG1',
          at: stamp(i * 15),
          celsius,
        })),
      )
      .execute();
    expect(await recomputeExcursion(db, order.id)).toBe('medium');

    const res = await t.call<Temperature>('common/get-car-temp', { token, query: { id: String(order.id) } });
    expect(res.code, res.message).toBe(0);
    expect(res.data).toEqual({
      temp_class: 'chilled',
      min: 2,
      max: 8,
      excursion: 'medium',
      readings: [5, 9.5, 11, 6].map((celsius, i) => ({
        logger_id: 'LG1',
        at: stamp(i * 15).toISOString(),
        celsius,
      })),
      excursions: [
        {
          from: stamp(15).toISOString(),
          to: stamp(45).toISOString(),
          peak: 11,
          minutes: 30,
          level: 'medium',
        },
      ],
    });
    const row = await db
      .selectFrom('orders')
      .select(['excursion', 'version'])
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ excursion: 'medium', version: 1 });
    expect((await viewOk(t, token, order.id)).excursion).toBe('medium');
    expect(await recomputeExcursion(db, 2_147_480_000)).toBeNull();
  });

  it('answers the track points oldest first (none yet: an empty list)', async () => {
    const t = await testApp();
    const { token, cuId } = await signedIn(t);
    const db = t.deps.db;
    const order = await createOrder(db, cuId);
    const track = (id: number) =>
      t.call<Track>('common/get-play-track-url', { token, query: { id: String(id) } });
    expect((await track(order.id)).data).toEqual({ points: [] });
    await db
      .insertInto('order_track')
      .values([
        { order_id: order.id, at: new Date('2026-06-01T10:00:00Z'), lat: 31.2, lng: 121.5 },
        { order_id: order.id, at: new Date('2026-06-01T09:00:00Z'), lat: 31.1, lng: 121.4 },
      ])
      .execute();
    expect((await track(order.id)).data.points).toEqual([
      { at: '2026-06-01T09:00:00.000Z', lat: 31.1, lng: 121.4 },
      { at: '2026-06-01T10:00:00.000Z', lat: 31.2, lng: 121.5 },
    ]);
  });
});
