import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { EvidencePack } from '../../../src/contract/evidence/schemas.ts';
import { PROVIDER_SECRET } from '../../testing/masking-fixtures.ts';
import { loadConfig } from '../../config.ts';
import { runCli } from '../../cli.ts';
import { type TestApp, testApp, testDatabase } from '../../testing/test-app.ts';
import { jsonPack, pdfPack, tracedOrder } from './evidence-fixtures.ts';
import { checkPackFile } from './pack-file.ts';
import { packReportLine, verifyPack } from './verify-pack.ts';

beforeAll(() => testDatabase());

let t: TestApp;
/** A plain order's pack and a DTP order's, each of a real trail; every test changes a copy. */
let plain: EvidencePack;
let dtp: EvidencePack;
let pdf: Buffer;

beforeAll(async () => {
  t = await testApp({ integrationSecret: PROVIDER_SECRET });
  const a = await tracedOrder(t, { readings: 20, documents: 3, remarks: 2 });
  plain = await jsonPack(t, a.token, a.id);
  const b = await tracedOrder(t, { dtp: true, readings: 5, documents: 1, remarks: 2 });
  dtp = await jsonPack(t, b.token, b.id);
  pdf = Buffer.from(await (await pdfPack(t, a.token, a.id)).arrayBuffer());
}, 60_000);

const copy = (pack: EvidencePack): EvidencePack => structuredClone(pack);
const entry = (pack: EvidencePack, action: string) => {
  const found = pack.audit.entries.find((e) => e.action === action);
  if (!found) throw new Error(`no ${action} entry`);
  return found;
};
const name = (e: { id: number; seq: number }) => `entry ${e.id} (place ${e.seq})`;

describe('an evidence pack checked offline (npm run audit:verify -- --pack FILE)', () => {
  it('a real order’s pack holds: every entry hashed again, every link it has checked, its documents and signatures as their entries recorded', () => {
    const report = verifyPack(plain);
    expect(report.broken).toBeNull();
    const count = plain.audit.entries.length;
    expect(report).toMatchObject({
      order_no: plain.order.order_no,
      entries: count,
      rehashed: count,
      masked: 0,
      documents: 3,
      signatures: 2,
    });
    // this customer's chain holds this order's entries and those of the excursion case its readings
    // opened (the case, its stock on hold): place 1 follows 64 zeros, each entry next to the one
    // before it in the chain follows it, and the head is the last; across the case's entries no link
    const seqs = plain.audit.entries.map((e) => e.seq);
    const adjacent = seqs.slice(1).filter((seq, i) => seq === (seqs[i] as number) + 1).length;
    expect(seqs[0]).toBe(1);
    expect(adjacent).toBeLessThan(count - 1);
    const links = 1 + adjacent + (plain.audit.chain.head.seq === seqs.at(-1) ? 1 : 0);
    expect(report.links).toBe(links);
    expect(packReportLine(report)).toBe(
      `evidence pack of ${plain.order.order_no} intact: ${count} entries (${count} hashed again, 0 masked: links only), ${links} links, 3 documents, 2 signatures`,
    );
    // as the API's envelope too (a saved answer)
    expect(verifyPack({ code: 0, message: 'ok', data: plain }).broken).toBeNull();
  });

  it('a DTP order’s pack holds: its masked entries checked for their links, the others hashed again', () => {
    const report = verifyPack(dtp);
    expect(report.broken).toBeNull();
    expect(report.masked).toBe(2);
    expect(report.rehashed).toBe(dtp.audit.entries.length - 2);
  });

  it('a changed entry fails, naming it', () => {
    const pack = copy(plain);
    const remark = entry(pack, 'remark');
    (remark.changes[0] as { new: unknown }).new = '请下午送达';
    expect(verifyPack(pack).broken).toBe(`${name(remark)}: its content does not match its hash`);
    const other = copy(plain);
    const signed = entry(other, 'approve');
    signed.actor_name = '李四';
    expect(verifyPack(other).broken).toBe(`${name(signed)}: its content does not match its hash`);
  });

  it('a changed hash fails, naming the entry (and the next one, when its hash was made to match)', () => {
    const pack = copy(plain);
    const e = pack.audit.entries[3]!;
    e.hash = `${e.hash.slice(0, -1)}${e.hash.endsWith('0') ? '1' : '0'}`;
    expect(verifyPack(pack).broken).toBe(`${name(e)}: its content does not match its hash`);
    // a masked entry's hash is not made again: its successor's link names the change
    const masked = copy(dtp);
    const i = masked.audit.entries.findIndex((x) => x.masked);
    const m = masked.audit.entries[i]!;
    const next = masked.audit.entries[i + 1];
    m.hash = '0'.repeat(64);
    expect(verifyPack(masked).broken).toBe(
      next ? `${name(next)} does not follow ${name(m)}` : `the chain head is not ${name(m)}`,
    );
  });

  it('a reordered or foreign entry fails, naming it; a removed last entry fails', () => {
    const swapped = copy(plain);
    const [a, b] = swapped.audit.entries.splice(2, 2);
    swapped.audit.entries.splice(2, 0, b!, a!);
    expect(verifyPack(swapped).broken).toBe(`${name(a!)} is out of order (after place ${b!.seq})`);
    // the last entry gone: the chain's last place says so (one in the middle is found only where
    // the order's entries are consecutive in the chain and the pack's own fields are left as made)
    const removed = copy(plain);
    removed.audit.entries.pop();
    expect(verifyPack(removed).broken).toBe('the chain’s first and last places are not those of its entries');
    const foreign = copy(plain);
    foreign.audit.entries[1]!.record_id = '999999';
    expect(verifyPack(foreign).broken).toBe(
      `${name(foreign.audit.entries[1]!)} is not of this order’s chain`,
    );
  });

  it('an entry marked masked that masks nothing fails: the flag cannot hide a change', () => {
    const pack = copy(plain);
    const e = entry(pack, 'remark');
    e.masked = true;
    (e.changes[0] as { new: unknown }).new = '改过的备注';
    expect(verifyPack(pack).broken).toBe(`${name(e)} is marked masked but masks nothing`);
  });

  it('a document’s SHA-256 other than its upload recorded, a signature other than its entry, or a moved head fails', () => {
    const doc = copy(plain);
    doc.documents[1]!.sha256 = 'a'.repeat(64);
    expect(verifyPack(doc).broken).toMatch(
      new RegExp(
        `^document ${doc.documents[1]!.id} \\(.*\\): its SHA-256 is not the one entry \\d+ \\(place \\d+\\) recorded$`,
      ),
    );
    const notHex = copy(plain);
    notHex.documents[0]!.sha256 = 'not a hash';
    expect(verifyPack(notHex).broken).toMatch(/^documents\.0\.sha256: /);
    const signature = copy(plain);
    signature.signatures[0]!.meaning = 'review';
    expect(verifyPack(signature).broken).toMatch(
      /^signature \d+ \(.*\) is not the one entry \d+ \(place \d+\) recorded$/,
    );
    const head = copy(plain);
    head.audit.chain.head.hash = 'b'.repeat(64);
    expect(verifyPack(head).broken).toBe(`the chain head is not ${name(head.audit.entries.at(-1)!)}`);
  });

  it('the file: a pack holds (0), a changed one fails (1), the PDF and other files say what to give instead (2)', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'lp-pack-'));
    const file = (name: string, content: string | Buffer) => {
      const at = path.join(dir, name);
      writeFileSync(at, content);
      return at;
    };
    expect(await checkPackFile(file('pack.json', JSON.stringify(plain, null, 2)))).toEqual({
      status: 0,
      line: packReportLine(verifyPack(plain)),
    });
    const changed = copy(plain);
    changed.audit.entries[0]!.reason = '补录';
    const failed = await checkPackFile(file('changed.json', JSON.stringify(changed)));
    expect(failed.status).toBe(1);
    expect(failed.line).toContain(
      `BROKEN: ${name(changed.audit.entries[0]!)}: its content does not match its hash`,
    );
    const fromPdf = await checkPackFile(file('pack.pdf', pdf));
    expect(fromPdf.status).toBe(2);
    expect(fromPdf.line).toContain('is the PDF of an evidence pack: it is for people to read');
    expect((await checkPackFile(file('other.json', '{"format": "something else"}'))).line).toContain(
      'not an evidence pack',
    );
    expect((await checkPackFile(file('text.txt', 'hello'))).status).toBe(2);
  });

  it('npm run audit:verify -- --pack FILE: one line and its exit status, with no database opened', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'lp-pack-cli-'));
    const good = path.join(dir, 'pack.json');
    writeFileSync(good, JSON.stringify({ code: 0, message: 'ok', data: plain }));
    const bad = path.join(dir, 'bad.json');
    const changed = copy(plain);
    changed.documents[0]!.sha256 = 'c'.repeat(64);
    writeFileSync(bad, JSON.stringify(changed));
    // a database that cannot be reached: a branch that opened one would fail
    const config = { ...loadConfig({ NODE_ENV: 'test' }), databaseUrl: 'postgres://127.0.0.1:1/none' };
    const run = async (...argv: string[]) => {
      const out: string[] = [];
      const err: string[] = [];
      const status = await runCli(['audit-verify', ...argv], {
        config,
        out: (l) => out.push(l),
        err: (l) => err.push(l),
      });
      return { status, out, err };
    };
    expect(await run('--pack', good)).toEqual({
      status: 0,
      out: [packReportLine(verifyPack(plain))],
      err: [],
    });
    const failed = await run('--pack', bad);
    expect([failed.status, failed.out]).toEqual([1, []]);
    expect(failed.err[0]).toMatch(/BROKEN: document \d+ \(.*\): its SHA-256 is not the one/);
    expect((await run('--pack')).status).toBe(2);
    expect((await run('--pack', path.join(dir, 'missing.json'))).status).toBe(1);
  });
});
