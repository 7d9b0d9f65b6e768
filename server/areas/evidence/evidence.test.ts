import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { EvidencePack } from '../../../src/contract/evidence/schemas.ts';
import type { OrderDetail, OrderEvent } from '../../../src/contract/orders/schemas.ts';
import { PATIENT, patientFragmentsIn, PROVIDER_SECRET } from '../../testing/masking-fixtures.ts';
import { startOfWindow } from '../../testing/accounts.ts';
import { createOrder } from '../../testing/order-fixtures.ts';
import { signedIn } from '../../testing/order-test-helpers.ts';
import { pdfPages } from '../../testing/pdf-text.ts';
import { type TestApp, testApp, testDatabase } from '../../testing/test-app.ts';
import { MASK } from '../orders/masking.ts';
import { storedContent } from '../audit/trail.ts';
import { jsonPack, pdfPack, tracedOrder } from './evidence-fixtures.ts';

beforeAll(() => testDatabase());

/** The PDF's bytes and its text, page by page, and as one line (a cell's text wraps where it must). */
async function pdfOf(res: Response) {
  const bytes = Buffer.from(await res.arrayBuffer());
  const pages = pdfPages(bytes);
  const text = pages.join('\n');
  return { bytes, pages, text, line: text.replace(/\s+/g, ' ') };
}

/** The page count the PDF's page tree states (`/Type /Pages … /Count n`). */
const pageCount = (bytes: Buffer) =>
  Number(/\/Type \/Pages\s*\/Count (\d+)/.exec(bytes.toString('latin1'))?.[1]);

const view = async (t: TestApp, token: string, id: number) =>
  (await t.call<OrderDetail>('customer-order/view', { token, query: { id: String(id) } })).data;

describe('customer-order/evidence: the evidence pack (issue 30)', () => {
  it('answers a PDF in the caller’s language: an attachment nobody sniffs or caches, with the order, its documents’ SHA-256, its signatures and its chain hashes', async () => {
    const t = await testApp({ integrationSecret: PROVIDER_SECRET });
    const o = await tracedOrder(t, { readings: 40, documents: 2, remarks: 1 });
    const pack = await jsonPack(t, o.token, o.id);
    const res = await pdfPack(t, o.token, o.id);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toMatch(
      new RegExp(`^attachment; .*filename\\*=UTF-8''Evidence%20pack%20${o.order_no}%20\\d{12}\\.pdf$`),
    );
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const { bytes, pages, text, line } = await pdfOf(res);
    expect(res.headers.get('content-length')).toBe(String(bytes.length));
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(bytes.subarray(-6).toString()).toMatch(/%%EOF\s*$/);
    expect(pages.length).toBe(pageCount(bytes));
    expect(pages[0]).toContain(`Order evidence pack ${o.order_no}`);
    expect(pages.at(-1)).toContain(`Page ${pages.length} of ${pages.length}`);
    for (const d of pack.documents) expect(text).toContain(d.sha256.slice(0, 32));
    for (const e of pack.audit.entries) expect(text).toContain(`hash ${e.hash}`);
    expect(line).toContain(
      `${o.name}, ${chinaStampOf(pack.signatures[0]!.signed_at)} China time (UTC+08:00)`,
    );
    expect(text).toContain('Approval');
    expect(text).toContain('All times are China Standard Time (UTC+08:00)');

    const zh = await pdfOf(await pdfPack(t, o.token, o.id, { lang: 'zh-CN' }));
    expect(zh.pages[0]).toContain(`订单证据包 ${o.order_no}`);
    expect(zh.text).toContain('北京时间（UTC+08:00）');
    expect(zh.text).toContain('批准');
    expect(zh.pages.at(-1)).toContain(`第 ${zh.pages.length} 页，共 ${zh.pages.length} 页`);
  }, 30_000);

  it('with format=json: the same sections as the order view, the documents’ SHA-256, the signatures and the order’s entries as stored with their hashes', async () => {
    const t = await testApp({ integrationSecret: PROVIDER_SECRET });
    const o = await tracedOrder(t, { readings: 30, documents: 2, remarks: 2 });
    const pack = await jsonPack(t, o.token, o.id);
    const shown = await view(t, o.token, o.id);
    expect(pack).toMatchObject({ format: 'lp-evidence-pack', version: 1 });
    expect(pack.generated_by.name).toBe(o.name);
    const { events, attachments, actions: _actions, ...order } = shown;
    expect(pack.order).toEqual(order);
    const history = await t.call<{ list: OrderEvent[] }>('common/get-order-handel', {
      token: o.token,
      query: { id: String(o.id) },
    });
    expect(pack.timeline).toEqual(history.data.list);
    expect(pack.timeline).toEqual(events);
    expect(pack.temperature.readings).toHaveLength(30);
    expect(pack.temperature).toMatchObject({ min: 2, max: 8, excursion: 'medium' });
    expect(pack.temperature.excursions).toHaveLength(1);
    // each document with the SHA-256 of the bytes uploaded (the fixture's PDF and a line of its own)
    expect(pack.documents.map((d) => d.id)).toEqual(attachments.map((a) => a.id));
    const uploaded = (i: number) =>
      createHash('sha256')
        .update(
          Buffer.concat([
            Buffer.from(
              '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
            ),
            Buffer.from(`% ${o.order_no} ${i}\n`),
          ]),
        )
        .digest('hex');
    expect(pack.documents.map((d) => d.sha256)).toEqual([uploaded(0), uploaded(1)]);
    expect(pack.signatures.map((s) => [s.record_type, s.name, s.meaning, s.current])).toEqual([
      ['order', o.name, 'approval', true],
      ['attachment', o.name, 'review', true],
    ]);
    expect(pack.signatures[1]?.record_id).toBe(String(pack.documents[0]?.id));
    // the entries: every one of the order's, as stored, none masked on an order that masks nothing
    const rows = await t.deps.db
      .selectFrom('audit_entries')
      .selectAll()
      .where('cu_id', '=', o.cuId)
      .where('record_type', '=', 'order')
      .where('record_id', '=', String(o.id))
      .orderBy('seq')
      .execute();
    expect(rows.length).toBeGreaterThan(10);
    expect(pack.audit.entries).toEqual(
      rows.map((r) => ({
        id: r.id,
        ...storedContent(r),
        prev_hash: r.prev_hash,
        hash: r.hash,
        masked: false,
      })),
    );
    const head = await t.deps.db
      .selectFrom('audit_heads')
      .select(['seq', 'hash'])
      .where('cu_id', '=', o.cuId)
      .executeTakeFirstOrThrow();
    expect(pack.audit.chain).toEqual({
      cu_id: o.cuId,
      first_seq: rows[0]?.seq,
      last_seq: rows.at(-1)?.seq,
      head,
    });
  }, 30_000);

  it('a DTP order: the patient is masked in every part of the JSON pack and the PDF, as the view masks; the entries masking changed say so', async () => {
    const t = await testApp({ integrationSecret: PROVIDER_SECRET });
    const o = await tracedOrder(t, { dtp: true, readings: 10, documents: 1, remarks: 2 });
    const pack = await jsonPack(t, o.token, o.id);
    expect(patientFragmentsIn(pack)).toEqual([]);
    expect(pack.order).toMatchObject({ to_phone: MASK, to_address: MASK, to_contact: MASK, sign_name: MASK });
    const shown = await view(t, o.token, o.id);
    expect(pack.timeline).toEqual(shown.events);
    // the sign-for (its sign name is the patient's) and the remark that gives the patient's phone
    const masked = pack.audit.entries.filter((e) => e.masked);
    expect(masked.map((e) => e.action).sort()).toEqual(['remark', 'sign']);
    expect(masked.every((e) => JSON.stringify(e.changes).includes(MASK))).toBe(true);
    expect(pack.audit.entries.filter((e) => !e.masked).length).toBeGreaterThan(5);
    // the stored entries do hold the patient: masking, not a lack of data, keeps them out
    const stored = await t.deps.db
      .selectFrom('audit_entries')
      .select('changes')
      .where('cu_id', '=', o.cuId)
      .where('record_id', '=', String(o.id))
      .execute();
    expect(patientFragmentsIn(stored)).not.toEqual([]);

    for (const lang of ['en', 'zh-CN']) {
      const { text } = await pdfOf(await pdfPack(t, o.token, o.id, { lang }));
      expect(text).toContain(o.order_no);
      expect(text).toContain(MASK);
      expect(patientFragmentsIn(text)).toEqual([]);
      expect(text).not.toContain(PATIENT.phone.slice(-4));
    }
  }, 30_000);

  it('another customer’s order is 404 (as a PDF and as JSON), and without a session nothing is answered', async () => {
    const t = await testApp({ integrationSecret: PROVIDER_SECRET });
    const o = await tracedOrder(t);
    const other = await signedIn(t);
    for (const format of ['pdf', 'json']) {
      const res = await t.call('customer-order/evidence', {
        token: other.token,
        query: { id: String(o.id), format },
      });
      expect([res.code, res.message]).toEqual([404, 'No such order']);
    }
    const signedOut = await t.call('customer-order/evidence', { query: { id: String(o.id) } });
    expect(signedOut.code).toBe(598);
    const bad = await t.call('customer-order/evidence', {
      token: o.token,
      query: { id: String(o.id), format: 'xml' },
    });
    expect([bad.code, Object.keys(bad.data as object)]).toEqual([422, ['format']]);
  }, 30_000);

  it('an order with no entries yet: an empty trail and the chain’s head', async () => {
    const t = await testApp();
    const me = await signedIn(t);
    const order = await createOrder(t.deps.db, me.cuId);
    const pack: EvidencePack = await jsonPack(t, me.token, order.id);
    expect(pack.audit.entries).toEqual([]);
    expect(pack.audit.chain).toMatchObject({ cu_id: me.cuId, first_seq: null, last_seq: null });
    const res = await pdfPack(t, me.token, order.id);
    expect(res.status).toBe(200);
    expect((await pdfOf(res)).text).toContain('No audit entries.');
  });

  it('is limited per user: 10 packs a minute, PDF and JSON together', async () => {
    const t = await testApp({ rateLimits: true });
    const me = await signedIn(t);
    const order = await createOrder(t.deps.db, me.cuId);
    // limits count per fixed minute: the calls must not cross into the next one
    startOfWindow(t, 60_000);
    const ask = (format: string) =>
      t.call('customer-order/evidence', { token: me.token, query: { id: String(order.id), format } });
    // counted before the input is read: a refused format counts too, and costs nothing
    for (let i = 0; i < 10; i++) expect((await ask('xml')).code).toBe(422);
    expect((await ask('json')).code).toBe(429);
    expect((await ask('pdf')).code).toBe(429);
  });
});

/** A moment as the PDF writes it: China time to the second. */
function chinaStampOf(iso: string): string {
  const at = new Date(Date.parse(iso) + 8 * 3_600_000).toISOString();
  return `${at.slice(0, 10)} ${at.slice(11, 19)}`;
}
