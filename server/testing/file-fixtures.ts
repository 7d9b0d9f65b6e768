import { crc32, deflateRawSync } from 'node:zlib';
import type { TestApp } from './test-app.ts';

/** A minimal zip archive (deflated entries) of `entries`: name → content. */
export function zip(entries: Record<string, string | Uint8Array>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of Object.entries(entries)) {
    const data = Buffer.from(content);
    const packed = deflateRawSync(data);
    const fileName = Buffer.from(name);
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(fileName.length, 26);
    locals.push(local, fileName, packed);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(fileName.length, 28);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, fileName);
    offset += 30 + fileName.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(centrals.length / 2, 8);
  end.writeUInt16LE(centrals.length / 2, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** The package's relationships part: the main part it starts from. */
const officeRels = (target: string) =>
  `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="${target}"/></Relationships>`;

const officeTypes = (main: string, part: string) =>
  `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/><Override PartName="${part}" ContentType="${main}"/></Types>`;

/** Small but real files of each accepted type, and a few that must be refused. */
export const SAMPLES = {
  pdf: () =>
    Buffer.from(
      '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
    ),
  png: () =>
    Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
      'base64',
    ),
  jpg: () =>
    Buffer.concat([
      Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
      Buffer.from('JFIF\0\x01\x01\0\0\x01\0\x01\0\0', 'latin1'),
      Buffer.alloc(64, 0x11),
      Buffer.from([0xff, 0xd9]),
    ]),
  xlsx: () =>
    zip({
      '[Content_Types].xml': officeTypes(
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml',
        '/xl/workbook.xml',
      ),
      '_rels/.rels': officeRels('xl/workbook.xml'),
      'xl/workbook.xml': '<workbook/>',
    }),
  docx: () =>
    zip({
      '[Content_Types].xml': officeTypes(
        'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml',
        '/word/document.xml',
      ),
      '_rels/.rels': officeRels('word/document.xml'),
      'word/document.xml': '<document/>',
    }),
  csv: () => Buffer.from('批号,数量\r\nB001,10\r\nB002,20\r\n'),
  /** A Windows executable (MZ header). */
  exe: () =>
    Buffer.concat([Buffer.from('MZ\x90\0\x03\0\0\0\x04\0\0\0\xff\xff', 'latin1'), Buffer.alloc(200)]),
  /** A Linux executable (ELF header). */
  elf: () => Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(200)]),
  /** A plain zip that is not an Office document. */
  zip: () => zip({ 'readme.txt': 'hello' }),
  /** Text with a NUL byte: not CSV. */
  nul: () => Buffer.from('a,b\r\n1,\0\r\n'),
} as const;

/** POSTs a multipart form (fields first, then `file`) to `/api/<path>.html` through the app. */
export async function postFile<T = unknown>(
  t: TestApp,
  path: string,
  options: {
    token?: string;
    fields?: Record<string, string | number>;
    file?: { name: string; content: Uint8Array; type?: string };
    headers?: Record<string, string>;
  },
): Promise<{ status: number; code: number; message: string; data: T }> {
  const form = new FormData();
  for (const [key, value] of Object.entries(options.fields ?? {})) form.append(key, String(value));
  if (options.file) {
    const { name, content, type } = options.file;
    form.append(
      'file',
      new Blob([new Uint8Array(content)], { type: type ?? 'application/octet-stream' }),
      name,
    );
  }
  const headers: Record<string, string> = { 'accept-language': 'en', ...options.headers };
  if (options.token) headers['x-token'] = options.token;
  const res = await t.app.request(`/api/${path}.html`, { method: 'POST', headers, body: form });
  const json = (await res.json()) as { code: number; message: string; data: T };
  return { status: res.status, ...json };
}
