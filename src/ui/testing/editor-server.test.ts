import { describe, expect, it } from 'vitest';
import { createEditorSetup, customerOrders, stockLine, touchOrder } from './editor-server.ts';

interface Envelope<T> {
  code: number;
  message: string;
  data: T;
}

async function api<T>(
  path: string,
  init: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
) {
  const headers: Record<string, string> = { 'accept-language': 'en', ...init.headers };
  if (init.token) headers['x-token'] = init.token;
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`/api/${path}.html`, {
    method: init.body === undefined ? 'GET' : 'POST',
    headers,
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  return (await res.json()) as Envelope<T>;
}

/** The editor's test data on the real server, as the editor's element tests use it. */
describe('editor test commands', () => {
  it('make a customer ready to order: its form makes one order, which holds its goods and can be changed elsewhere', async () => {
    const setup = await createEditorSetup({ requiresApproval: true });
    const login = await api<{ access_token: string }>('user/login', {
      body: { username: setup.user.username, password: setup.user.password },
    });
    const token = login.data.access_token;
    const key = crypto.randomUUID();
    const send = () =>
      api<{ id: number; status: string; version: number }>('customer-order/create', {
        token,
        body: setup.form,
        headers: { 'Idempotency-Key': key },
      });
    const [a, b] = await Promise.all([send(), send()]);
    expect(a.code, a.message).to.equal(0);
    expect(b.data).to.deep.equal(a.data);
    expect(a.data.status).to.equal('pending_approval');
    const orders = await customerOrders(setup.cuId);
    expect(orders.map((o) => o.id)).to.deep.equal([a.data.id]);
    expect(await stockLine(setup.stock.chilled.in_id)).to.deep.equal({ quantity: 100, reserved: 5 });
    expect(await touchOrder(a.data.id, { remark: 'changed elsewhere' })).to.deep.equal({ version: 2 });
    const stale = await api('customer-order/create', {
      token,
      body: { ...setup.form, id: a.data.id, version: 1 },
      headers: { 'Idempotency-Key': crypto.randomUUID() },
    });
    expect(stale.code).to.equal(409);
  });
});
