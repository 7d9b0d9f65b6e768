import { beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../src/contract/codes.ts';
import { createUser, loginAs } from '../testing/fixtures.ts';
import { createOrder } from '../testing/order-fixtures.ts';
import { type TestApp, testApp, testDatabase, unique } from '../testing/test-app.ts';

/**
 * Request bodies are UTF-8 (JSON by RFC 8259, forms by the WHATWG URL standard): a body that
 * declares another charset is refused with 415 and one whose bytes are not UTF-8 with 400, never
 * read as UTF-8 by guess. The real app over the worker's database.
 */
beforeAll(() => testDatabase());

async function send(
  t: TestApp,
  path: string,
  body: string | Uint8Array<ArrayBuffer>,
  contentType: string,
  token?: string,
): Promise<{ status: number; code: number; message: string }> {
  const headers: Record<string, string> = { 'content-type': contentType, 'accept-language': 'en' };
  if (token) headers['x-token'] = token;
  const res = await t.app.request(`/api/${path}.html`, { method: 'POST', headers, body });
  const json = (await res.json()) as { code: number; message: string };
  return { status: res.status, code: json.code, message: json.message };
}

const utf16 = (text: string) => new Uint8Array(Buffer.from(`\ufeff${text}`, 'utf16le'));

describe('the charset of a body', () => {
  it('a JSON body in another charset is 415, whether its bytes are that charset or UTF-8', async () => {
    const t = await testApp();
    const body = JSON.stringify({ username: 'nobody-charset', password: 'Wrong#pass1' });
    for (const [bytes, type] of [
      [body, 'application/json; charset=utf-16'],
      [utf16(body), 'application/json; charset=utf-16'],
      [utf16(body), 'application/json;charset="UTF-16LE"'],
      [body, 'application/json; charset=iso-8859-1'],
    ] as const) {
      const res = await send(t, 'user/login', bytes, type);
      expect([res.status, res.code, res.message], type).toEqual([
        200,
        Code.unsupportedMedia,
        'This call takes UTF-8 text (charset=utf-8)',
      ]);
    }
    // UTF-8 and US-ASCII, however written, are read (and the login is then refused as such)
    for (const type of [
      'application/json',
      'application/json; charset=utf-8',
      'application/json; charset="UTF-8"',
      'application/json; charset=us-ascii',
    ]) {
      const fresh = JSON.stringify({ username: unique('nobody'), password: 'Wrong#pass1' });
      expect((await send(t, 'user/login', fresh, type)).code, type).toBe(Code.wrongCredentials);
    }
  });

  it('bytes that are not UTF-8 are 400, not read with replacement characters', async () => {
    const t = await testApp();
    const prefix = Buffer.from('{"username":"nobody-');
    const bytes = new Uint8Array(
      Buffer.concat([prefix, Buffer.from([0xff, 0xfe]), Buffer.from('","password":"x"}')]),
    );
    const res = await send(t, 'user/login', bytes, 'application/json');
    expect([res.status, res.code, res.message]).toEqual([
      200,
      Code.badRequest,
      'The request body is not valid UTF-8',
    ]);
  });

  it('a form body (index/change-passwd) in another charset is 415, and changes nothing', async () => {
    const t = await testApp();
    const u = await createUser(t.deps.db);
    const token = await loginAs(t, u);
    const form = new URLSearchParams({
      action: 'captcha',
      ur_account: u.username,
      mobile: u.mobile,
    }).toString();
    const before = await t.deps.db.selectFrom('sms_outbox').select('id').execute();
    const refused = await send(
      t,
      'index/change-passwd',
      utf16(form),
      'application/x-www-form-urlencoded; charset=utf-16',
      token,
    );
    expect([refused.status, refused.code]).toEqual([200, Code.unsupportedMedia]);
    const latin = await send(
      t,
      'index/change-passwd',
      form,
      'application/x-www-form-urlencoded; charset=windows-1252',
      token,
    );
    expect(latin.code).toBe(Code.unsupportedMedia);
    expect(await t.deps.db.selectFrom('sms_outbox').select('id').execute()).toEqual(before);
    // the same form in UTF-8 is read (and sends the code)
    const sent = await send(t, 'index/change-passwd', form, 'application/x-www-form-urlencoded', token);
    expect(sent.code).toBe(Code.ok);
  });

  it('a multipart text field in another charset is 415, and nothing is stored', async () => {
    const t = await testApp();
    const u = await createUser(t.deps.db);
    const token = await loginAs(t, u);
    const order = await createOrder(t.deps.db, u.customers[0]!.cu_id);
    const boundary = 'lp-charset-3f';
    const body = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="id"\r\n\r\n${order.id}\r\n`),
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="kind"\r\nContent-Type: text/plain; charset=utf-16\r\n\r\n`,
      ),
      Buffer.from('other', 'utf16le'),
      Buffer.from(
        `\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n` +
          'Content-Type: application/pdf\r\n\r\n%PDF-1.4\n%%EOF\n\r\n' +
          `--${boundary}--\r\n`,
      ),
    ]);
    const res = await send(
      t,
      'customer-order/upload',
      new Uint8Array(body),
      `multipart/form-data; boundary=${boundary}`,
      token,
    );
    expect([res.status, res.code]).toEqual([200, Code.unsupportedMedia]);
    const rows = await t.deps.db
      .selectFrom('order_attachments')
      .select('id')
      .where('order_id', '=', order.id)
      .execute();
    expect(rows).toEqual([]);
  });
});
