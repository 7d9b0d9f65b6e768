import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MASK } from '../orders/masking.ts';
import { createUser, loginAs } from '../../testing/fixtures.ts';
import { createOrder } from '../../testing/order-fixtures.ts';
import { socketFrom, type TestApp, testApp } from '../../testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});

async function signedIn(app: TestApp = t) {
  const user = await createUser(app.deps.db, { name: '李经理' });
  const token = await loginAs(app, user);
  return { user, token, cuId: user.customers[0]?.cu_id as number };
}

type Prints = { list: Array<{ id: number; kind: string; by: string; at: string }> };
type View = { subject: string; html: string; text: string; page_url: string };

describe('common/printlog', () => {
  it('records each print with who and when, lists them newest first, and logs an event on the order', async () => {
    const { token, cuId } = await signedIn();
    const order = await createOrder(t.deps.db, cuId);
    expect((await t.call('common/printlog', { token, body: { id: order.id } })).code).toBe(0);
    t.advance(1000);
    expect((await t.call('common/printlog', { token, body: { id: order.id, kind: 'summary' } })).code).toBe(
      0,
    );
    const res = await t.call<Prints>('common/printlog', { token, query: { id: String(order.id) } });
    expect(res.data.list.map((p) => [p.kind, p.by])).toEqual([
      ['summary', '李经理'],
      ['waybill', '李经理'],
    ]);
    const events = await t.deps.db
      .selectFrom('order_events')
      .select(['kind', 'actor_name', 'reason'])
      .where('order_id', '=', order.id)
      .where('kind', '=', 'printed')
      .execute();
    expect(events).toHaveLength(2);
  });

  it('answers 404 for another customer’s order and records nothing', async () => {
    const { token } = await signedIn();
    const other = await signedIn();
    const order = await createOrder(t.deps.db, other.cuId);
    expect((await t.call('common/printlog', { token, body: { id: order.id } })).code).toBe(404);
    expect((await t.call('common/printlog', { token, query: { id: String(order.id) } })).code).toBe(404);
    const count = await t.deps.db
      .selectFrom('print_records')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('order_id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });

  it('records every order of a bulk print (one document) in one call, or none when one is not the customer’s', async () => {
    const { token, cuId } = await signedIn();
    const other = await signedIn();
    const [a, b, c] = [
      await createOrder(t.deps.db, cuId),
      await createOrder(t.deps.db, cuId),
      await createOrder(t.deps.db, cuId),
    ];
    const foreign = await createOrder(t.deps.db, other.cuId);
    const printsOf = async (id: number) =>
      (await t.call<Prints>('common/printlog', { token, query: { id: String(id) } })).data.list.length;

    const refused = await t.call('common/printlog', {
      token,
      body: { id: a.id, with_ids: [b.id, foreign.id] },
    });
    expect(refused.code).toBe(404);
    expect([await printsOf(a.id), await printsOf(b.id)], 'nothing recorded').toEqual([0, 0]);

    expect(
      (await t.call('common/printlog', { token, body: { id: a.id, with_ids: [b.id, c.id, b.id] } })).code,
    ).toBe(0);
    expect([await printsOf(a.id), await printsOf(b.id), await printsOf(c.id)], 'each once').toEqual([
      1, 1, 1,
    ]);
    const events = await t.deps.db
      .selectFrom('order_events')
      .select('order_id')
      .where('order_id', 'in', [a.id, b.id, c.id])
      .where('kind', '=', 'printed')
      .execute();
    expect(events.map((e) => e.order_id).sort((x, y) => x - y)).toEqual(
      [a.id, b.id, c.id].sort((x, y) => x - y),
    );

    const tooMany = await t.call('common/printlog', {
      token,
      body: { id: a.id, with_ids: Array.from({ length: 100 }, (_, i) => i + 1) },
    });
    expect(tooMany.code).toBe(422);
    const bad = await t.call('common/printlog', { token, body: { id: a.id, with_ids: [0] } });
    expect(bad.code).toBe(422);
    expect(await printsOf(a.id)).toBe(1);
  });
});

describe('common/email-view and common/email', () => {
  it('previews the summary masked, with every value escaped', async () => {
    const { token, cuId } = await signedIn();
    const order = await createOrder(t.deps.db, cuId, {
      is_dtp: 1,
      to_goodstype: 1,
      to_contact: '患者王五',
      to_address: '杭州市西湖区患者家1号',
      from_company: '<script>alert(1)</script>仓库',
      remark: '请联系患者王五',
    });
    const view = await t.call<View>('common/email-view', { token, query: { id: String(order.id) } });
    expect(view.code).toBe(0);
    expect(view.data.subject).toBe(`[LP] Order ${order.order_no} Summary`);
    for (const body of [view.data.html, view.data.text]) {
      expect(body).not.toContain('王五');
      expect(body).not.toContain('患者家');
      expect(body).toContain(MASK);
    }
    expect(view.data.html).not.toContain('<script>');
    expect(view.data.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;仓库');
    expect(view.data.text).toContain(`Remark: 请联系${MASK}`);
    const zh = await t.call<View>('common/email-view', {
      token,
      query: { id: String(order.id) },
      headers: { 'accept-language': 'zh-CN' },
    });
    expect(zh.data.subject).toBe(`【LP】订单 ${order.order_no} 摘要`);
  });

  it('sends the masked summary through the development mailer (the outbox) and logs it on the order', async () => {
    const { token, cuId, user } = await signedIn();
    const order = await createOrder(t.deps.db, cuId, { is_dtp: 3, from_contact: '患者赵六' });
    const res = await t.call('common/email', {
      token,
      body: {
        id: order.id,
        to: ['Lab@Example.com', 'lab@example.com', 'qa@example.com'],
        note: '<b>请查收</b>',
      },
    });
    expect(res.code).toBe(0);
    const mail = await t.deps.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('order_id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(mail.recipients).toEqual(['lab@example.com', 'qa@example.com']);
    expect(mail.uid).toBe(user.uid);
    expect(mail.html).not.toContain('赵六');
    expect(mail.text).not.toContain('赵六');
    expect(mail.html).toContain('&lt;b&gt;请查收&lt;/b&gt;');
    const event = await t.deps.db
      .selectFrom('order_events')
      .select('reason')
      .where('order_id', '=', order.id)
      .where('kind', '=', 'emailed')
      .executeTakeFirstOrThrow();
    expect(event.reason).toBe('lab@example.com, qa@example.com');
  });

  it('refuses another customer’s order (404) and bad addresses (422), sending nothing', async () => {
    const { token } = await signedIn();
    const other = await signedIn();
    const order = await createOrder(t.deps.db, other.cuId);
    expect(
      (await t.call('common/email', { token, body: { id: order.id, to: ['a@example.com'] } })).code,
    ).toBe(404);
    expect((await t.call('common/email-view', { token, query: { id: String(order.id) } })).code).toBe(404);
    const mine = await createOrder(t.deps.db, (await signedIn()).cuId);
    const bad = await t.call('common/email', { token, body: { id: mine.id, to: ['not an address'] } });
    expect(bad.code).toBe(422);
    const sent = await t.deps.db
      .selectFrom('mail_outbox')
      .select('id')
      .where('order_id', 'in', [order.id, mine.id])
      .execute();
    expect(sent).toEqual([]);
  });
});

describe('common/email-page', () => {
  const open = (url: string) => t.app.request(url, {}, socketFrom(t.address));

  it('serves the preview as a page whose CSP lets only the email’s inline styles apply', async () => {
    const { token, cuId } = await signedIn();
    const order = await createOrder(t.deps.db, cuId, { is_dtp: 1, to_goodstype: 1, to_contact: '患者王五' });
    const view = await t.call<View>('common/email-view', { token, query: { id: String(order.id) } });
    expect(view.data.page_url).toMatch(/^\/api\/common\/email-page\.html\?/);
    const res = await open(view.data.page_url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('content-security-policy')).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-ancestors 'self'; sandbox",
    );
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const html = await res.text();
    expect(html).toBe(view.data.html);
    expect(html).toContain('style="');
    expect(html).not.toContain('王五');
  });

  it('refuses an altered link (another order, account or language) and an expired one', async () => {
    const { token, cuId } = await signedIn();
    const other = await signedIn();
    const order = await createOrder(t.deps.db, cuId);
    const theirs = await createOrder(t.deps.db, other.cuId);
    const url = (await t.call<View>('common/email-view', { token, query: { id: String(order.id) } })).data
      .page_url;
    const altered = (name: string, value: string) => {
      const u = new URL(url, 'http://portal');
      u.searchParams.set(name, value);
      return `${u.pathname}${u.search}`;
    };
    for (const bad of [
      altered('id', String(theirs.id)),
      altered('cu', String(other.cuId)),
      altered('lang', 'zh-CN'),
      altered('expires', String(Math.floor(Date.now() / 1000) + 86_400)),
    ]) {
      const res = await open(bad);
      expect([bad, ((await res.json()) as { code: number }).code]).toEqual([bad, 403]);
    }
    t.advance(11 * 60_000);
    try {
      expect(((await (await open(url)).json()) as { code: number }).code).toBe(403);
    } finally {
      t.advance(-11 * 60_000);
    }
  });
});

describe('mailers by configuration', () => {
  const received: Array<{ auth: string | undefined; body: Record<string, unknown> }> = [];
  let status = 202;
  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => {
      raw += chunk;
    });
    req.on('end', () => {
      received.push({ auth: req.headers.authorization, body: JSON.parse(raw) });
      res.statusCode = status;
      res.end('{}');
    });
  });
  let url = '';
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/send`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('production without a mail service refuses to email, with a clear message, and keeps nothing', async () => {
    const app = await testApp({ production: true, mode: 'production' });
    const { token, cuId } = await signedIn(app);
    const order = await createOrder(app.deps.db, cuId);
    const res = await app.call('common/email', { token, body: { id: order.id, to: ['a@example.com'] } });
    expect(res).toMatchObject({ code: 500, message: 'Email is not set up on this server' });
    const kept = await app.deps.db
      .selectFrom('mail_outbox')
      .select('id')
      .where('order_id', '=', order.id)
      .execute();
    expect(kept).toEqual([]);
  });

  it('posts to the configured mail service, and a refusal there is an error for the caller', async () => {
    const app = await testApp({ mailHttpUrl: url, mailHttpToken: 'tok-1', mailFrom: 'LP <ops@example.com>' });
    const { token, cuId } = await signedIn(app);
    const order = await createOrder(app.deps.db, cuId);
    const res = await app.call('common/email', { token, body: { id: order.id, to: ['a@example.com'] } });
    expect(res.code).toBe(0);
    expect(received.at(-1)).toMatchObject({
      auth: 'Bearer tok-1',
      body: {
        from: 'LP <ops@example.com>',
        to: ['a@example.com'],
        subject: `[LP] Order ${order.order_no} Summary`,
      },
    });
    status = 503;
    const failed = await app.call('common/email', { token, body: { id: order.id, to: ['a@example.com'] } });
    expect(failed).toMatchObject({
      code: 500,
      message: 'The email could not be sent, please try again later',
    });
  });
});
