import fs from 'node:fs';
import { constants, crc32, deflateRawSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import type { UploadAnswer } from '../../../src/contract/order-attachments/schemas.ts';
import { postFile, SAMPLES, zip } from '../../testing/file-fixtures.ts';
import { createUser, loginAs } from '../../testing/fixtures.ts';
import { createOrder } from '../../testing/order-fixtures.ts';
import { type TestApp, tempStorage, testApp, testDatabase } from '../../testing/test-app.ts';

beforeAll(() => testDatabase());

const storage = tempStorage();
let t: TestApp;
let token: string;
let orderId: number;
let cuId: number;
beforeAll(async () => {
  t = await testApp({}, { storage });
  const user = await createUser(t.deps.db);
  cuId = user.customers[0]!.cu_id;
  orderId = (await createOrder(t.deps.db, cuId)).id;
  token = await loginAs(t, user);
});

const upload = (name: string, content: Uint8Array) =>
  postFile<UploadAnswer>(t, 'customer-order/upload', {
    token,
    fields: { id: orderId, kind: 'packing_list' },
    file: { name, content },
  });

/** What an upload leaves: the order's attachments and events, the customer's files, stored contents. */
async function traces() {
  const count = async (table: 'files' | 'order_attachments' | 'order_events') => {
    const query = t.deps.db.selectFrom(table).select((eb) => eb.fn.countAll<string>().as('n'));
    const scoped =
      table === 'files' ? query.where('cu_id', '=', cuId) : query.where('order_id', '=', orderId);
    return Number((await scoped.executeTakeFirstOrThrow()).n);
  };
  const stored = fs
    .readdirSync(storage.root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile()).length;
  return {
    files: await count('files'),
    attachments: await count('order_attachments'),
    events: await count('order_events'),
    stored,
  };
}

/** Refused with 422 and `message`, leaving no row and no stored bytes behind. */
async function refused(name: string, content: Uint8Array, message: RegExp) {
  const before = await traces();
  const res = await upload(name, content);
  expect([res.status, res.code], name).toEqual([200, 422]);
  expect(res.message, name).toMatch(message);
  expect(res.data).toEqual({ file: res.message });
  expect(await traces(), name).toEqual(before);
}

const MB = 1024 * 1024;
const CONTENT_TYPES = (main: string, part: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/><Override PartName="${part}" ContentType="${main}"/></Types>`;
const RELS = (target: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="${target}"/></Relationships>`;
const XLSX_MAIN = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml';
const DOCX_MAIN = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml';

const crcs = new Map<number, number>();
/** The CRC-32 of `mb` MB of zeros (worked out once per size: a GB takes a while). */
function crcOfZeros(mb: number, zeros: Buffer): number {
  let crc = crcs.get(mb);
  if (crc === undefined) {
    crc = 0;
    for (let i = 0; i < mb; i++) crc = crc32(zeros, crc);
    crcs.set(mb, crc);
  }
  return crc;
}

/**
 * A zip bomb: a real Office package plus one entry of `mb` MB of zeros, deflated to about a
 * thousandth of that (the same full-flushed block of 1 MB repeated, then an empty last block).
 * `declare` is the inflated size its headers state (the truth unless a smaller lie is given).
 */
function bomb(kind: 'xlsx' | 'docx', mb: number, declare = mb * MB): Buffer {
  const zeros = Buffer.alloc(MB);
  const block = deflateRawSync(zeros, { finishFlush: constants.Z_FULL_FLUSH });
  const packed = Buffer.concat([...Array.from({ length: mb }, () => block), Buffer.from([0x03, 0x00])]);
  const crc = crcOfZeros(mb, zeros);
  const [main, part] = kind === 'xlsx' ? [XLSX_MAIN, 'xl/workbook.xml'] : [DOCX_MAIN, 'word/document.xml'];
  const small = zip({
    '[Content_Types].xml': CONTENT_TYPES(main, `/${part}`),
    '_rels/.rels': RELS(part),
    [part]: kind === 'xlsx' ? '<workbook/>' : '<document/>',
  });
  return appendStored(small, 'xl/media/image1.bin', packed, crc, declare);
}

/** `archive` (from `zip()`) with one more deflated entry whose packed bytes are given as they are. */
function appendStored(archive: Buffer, name: string, packed: Buffer, crc: number, size: number): Buffer {
  const endAt = archive.length - 22;
  const dirSize = archive.readUInt32LE(endAt + 12);
  const dirAt = archive.readUInt32LE(endAt + 16);
  const count = archive.readUInt16LE(endAt + 10);
  const fileName = Buffer.from(name);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(crc >>> 0, 14);
  local.writeUInt32LE(packed.length, 18);
  local.writeUInt32LE(size, 22);
  local.writeUInt16LE(fileName.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(crc >>> 0, 16);
  central.writeUInt32LE(packed.length, 20);
  central.writeUInt32LE(size, 24);
  central.writeUInt16LE(fileName.length, 28);
  central.writeUInt32LE(dirAt, 42);
  const newDirAt = dirAt + 30 + fileName.length + packed.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(count + 1, 8);
  end.writeUInt16LE(count + 1, 10);
  end.writeUInt32LE(dirSize + 46 + fileName.length, 12);
  end.writeUInt32LE(newDirAt, 16);
  return Buffer.concat([
    archive.subarray(0, dirAt),
    local,
    fileName,
    packed,
    archive.subarray(dirAt, dirAt + dirSize),
    central,
    fileName,
    end,
  ]);
}

describe('what an Office document is', () => {
  it('refuses a zip bomb as .xlsx and .docx: 1 GB inflated from about 1 MB, its size stated or hidden', async () => {
    for (const kind of ['xlsx', 'docx'] as const) {
      const honest = bomb(kind, 1024);
      expect(honest.length).toBeLessThan(2 * MB);
      await refused(
        `report.${kind}`,
        honest,
        /unpacks to more than 100 MB, or is packed suspiciously tightly/,
      );
      const liar = bomb(kind, 1024, 1000);
      await refused(`report.${kind}`, liar, /is not a well-formed Office document/);
    }
  });

  it('refuses a package with an entry packed far tighter than a document is (30 MB in 30 KB)', async () => {
    await refused('sheet.xlsx', bomb('xlsx', 30), /packed suspiciously tightly/);
  });

  it('refuses an Office package without its relationships or its main part, and a truncated one; keeps a sound one', async () => {
    const noRels = zip({
      '[Content_Types].xml': CONTENT_TYPES(XLSX_MAIN, '/xl/workbook.xml'),
      'xl/workbook.xml': '<workbook/>',
    });
    await refused('a.xlsx', noRels, /XLSX file is not a well-formed Office document/);
    const noMain = zip({
      '[Content_Types].xml': CONTENT_TYPES(DOCX_MAIN, '/word/document.xml'),
      '_rels/.rels': RELS('word/document.xml'),
      'word/other.xml': '<document/>',
    });
    await refused('a.docx', noMain, /DOCX file is not a well-formed Office document/);
    const whole = SAMPLES.xlsx();
    await refused('a.xlsx', whole.subarray(0, whole.length - 30), /not a well-formed Office document/);
    const res = await upload('装箱单', whole);
    expect(res.code).toBe(0);
    expect(res.data.attachment.name).toBe('装箱单.xlsx');
  });
});

describe('what a CSV file is', () => {
  it('refuses a text file renamed .csv; keeps real CSV: commas, semicolons or tabs, quoted fields with delimiters and line breaks, a BOM', async () => {
    const letter = 'Dear colleague,\nplease find the packing list in the box.\nRegards\n';
    await refused('packing.csv', Buffer.from(letter), /CSV file is not well-formed \(line 2\)/);
    const prose = '这是一段说明文字\n没有任何分隔符\n';
    await refused('notes.csv', Buffer.from(prose), /text, not CSV: a CSV file has at least two columns/);
    const good = [
      '\uFEFF批号,数量\r\nB001,10\r\nB002,20\r\n',
      'batch;qty;note\n"B;1";5;"two\nlines"\nB2;6;"say ""hi"""\n',
      'batch\tqty\nB1\t5\nB2\t6',
      '"Smith, John";42\n"Lee, Ann";7\n',
    ];
    for (const [i, text] of good.entries()) {
      const res = await upload(`list${i}.csv`, Buffer.from(text));
      expect([res.code, res.message], text).toEqual([0, 'ok']);
      expect(res.data.attachment.media_type).toBe('text/csv; charset=utf-8');
    }
  });

  it('keeps a CSV that Excel on a Chinese Windows saved (GB18030/GBK), served with its charset', async () => {
    // 批号,数量 / B001,10 in GBK: what "CSV (逗号分隔)" writes there
    const gbk = Buffer.from([
      0xc5, 0xfa, 0xba, 0xc5, 0x2c, 0xca, 0xfd, 0xc1, 0xbf, 0x0d, 0x0a, 0x42, 0x30, 0x30, 0x31, 0x2c, 0x31,
      0x30, 0x0d, 0x0a,
    ]);
    expect(new TextDecoder('gb18030').decode(gbk)).toBe('批号,数量\r\nB001,10\r\n');
    const res = await upload('领用单.csv', gbk);
    expect([res.code, res.message]).toEqual([0, 'ok']);
    expect(res.data.attachment.media_type).toBe('text/csv; charset=gb18030');
  });

  it('refuses CSV content not named .csv, a stray quote, and bytes that are not UTF-8 text', async () => {
    await refused('list.txt', SAMPLES.csv(), /its content is text/);
    await refused('list.csv', Buffer.from('a,b\r\n"1,2\r\n'), /CSV file is not well-formed/);
    await refused('list.csv', Buffer.from('a,b\r\n1,\0\r\n'), /its content is binary/);
    await refused(
      'list.csv',
      Buffer.from([0x61, 0x2c, 0x62, 0x0a, 0xc3, 0x28, 0x2c, 0x31]),
      /its content is binary/,
    );
  });
});
