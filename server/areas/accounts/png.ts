import { crc32, deflateSync, inflateSync } from 'node:zlib';

/**
 * A minimal PNG codec for 8-bit RGB images, on Node's zlib (no native addon, no dependency):
 * enough for the captcha image and for tests that read it back.
 */
export interface RgbImage {
  width: number;
  height: number;
  /** width × height × 3 bytes, row by row. */
  rgb: Uint8Array;
}

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function chunk(type: string, data: Uint8Array): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const tail = Buffer.alloc(4);
  tail.writeUInt32BE(crc32(data, crc32(head.subarray(4))) >>> 0, 0);
  return Buffer.concat([head, data, tail]);
}

/**
 * Scanlines with filter type 0 (none). The per-row filters of PNG §9 (Sub, Up, Paeth …) made the
 * captcha larger, not smaller, and level-9 deflate of filtered rows took 8 times as long.
 */
function scanlines(image: RgbImage): Buffer {
  const stride = image.width * 3;
  const out = Buffer.alloc((stride + 1) * image.height);
  for (let y = 0; y < image.height; y++)
    out.set(image.rgb.subarray(y * stride, (y + 1) * stride), y * (stride + 1) + 1);
  return out;
}

/** The image as PNG bytes (colour type 2, 8 bits, no interlace). */
export function encodePng(image: RgbImage): Buffer {
  if (image.rgb.length !== image.width * image.height * 3) throw new Error('encodePng: wrong buffer size');
  const header = Buffer.alloc(13);
  header.writeUInt32BE(image.width, 0);
  header.writeUInt32BE(image.height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    SIGNATURE,
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(scanlines(image), { level: 9 })),
    chunk('IEND', new Uint8Array(0)),
  ]);
}

function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

/** Reads back a PNG of the kind encodePng writes (8-bit RGB, not interlaced); throws otherwise. */
export function decodePng(png: Uint8Array): RgbImage {
  const buf = Buffer.from(png.buffer, png.byteOffset, png.byteLength);
  if (!buf.subarray(0, 8).equals(SIGNATURE)) throw new Error('decodePng: not a PNG');
  let width = 0;
  let height = 0;
  const data: Buffer[] = [];
  for (let at = 8; at < buf.length; ) {
    const length = buf.readUInt32BE(at);
    const type = buf.toString('latin1', at + 4, at + 8);
    const body = buf.subarray(at + 8, at + 8 + length);
    if (crc32(body, crc32(buf.subarray(at + 4, at + 8))) >>> 0 !== buf.readUInt32BE(at + 8 + length)) {
      throw new Error(`decodePng: bad CRC in ${type}`);
    }
    if (type === 'IHDR') {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      if (body[8] !== 8 || body[9] !== 2 || body[12] !== 0) throw new Error('decodePng: only 8-bit RGB');
    } else if (type === 'IDAT') data.push(body);
    at += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(data));
  const stride = width * 3;
  const rgb = new Uint8Array(stride * height);
  for (let y = 0; y < height; y++) {
    const type = raw[y * (stride + 1)]!;
    const src = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    for (let i = 0; i < stride; i++) {
      const a = i >= 3 ? rgb[y * stride + i - 3]! : 0;
      const b = y > 0 ? rgb[(y - 1) * stride + i]! : 0;
      const c = y > 0 && i >= 3 ? rgb[(y - 1) * stride + i - 3]! : 0;
      const predicted =
        type === 0 ? 0 : type === 1 ? a : type === 2 ? b : type === 3 ? (a + b) >> 1 : paeth(a, b, c);
      rgb[y * stride + i] = (src[i]! + predicted) & 0xff;
    }
  }
  return { width, height, rgb };
}
