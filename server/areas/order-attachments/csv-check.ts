import { pipeline } from 'node:stream/promises';
import { CsvError, parse } from 'csv-parse';
import type { FileStorage } from '../../core/storage.ts';

/**
 * What a CSV attachment must be (docs/api.md "Attachments"): UTF-8 text (a BOM allowed), or
 * GB18030 text (what Excel on a Chinese Windows saves as "CSV"; GBK is a subset of it), with no
 * NUL and no control characters but tab, CR and LF; records of RFC 4180 (quoted fields may hold
 * the delimiter, quotes and line breaks) separated by commas, semicolons or tabs (the one its
 * first line uses most), at least two columns, every record as many as the first. Plain text
 * named `.csv` fails on the columns.
 */
export type CsvVerdict =
  | { ok: true; charset: CsvCharset }
  /** Not text at all (invalid UTF-8, a NUL or another control character). */
  | { ok: false; why: 'binary' }
  /** Text, but not delimited data: one column, or none. */
  | { ok: false; why: 'text' }
  /** Delimited, but not well-formed at `line` (a column count unlike the first record's, a stray quote). */
  | { ok: false; why: 'malformed'; line: number };

// biome-ignore lint/suspicious/noControlCharactersInRegex: the point is to find control characters
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
const DELIMITERS = [',', ';', '\t'] as const;
/** A record longer than this is not a document's table. */
const MAX_RECORD_BYTES = 1024 * 1024;

/** The encodings a CSV attachment may be in, tried in this order. */
const CHARSETS = ['utf-8', 'gb18030'] as const;
export type CsvCharset = (typeof CHARSETS)[number];

class NotText extends Error {
  /** True when the bytes are not of the encoding tried (another may still read them). */
  constructor(readonly undecodable: boolean) {
    super();
  }
}

/** The file as text chunks of `charset`; throws NotText at the first byte that is not text. */
async function* textOf(storage: FileStorage, key: string, charset: CsvCharset): AsyncGenerator<string> {
  const decoder = new TextDecoder(charset, { fatal: true, ignoreBOM: false });
  try {
    for await (const chunk of storage.open(key) as AsyncIterable<Uint8Array>) {
      const text = decoder.decode(chunk, { stream: true });
      if (CONTROL.test(text)) throw new NotText(false);
      if (text) yield text;
    }
    const rest = decoder.decode();
    if (CONTROL.test(rest)) throw new NotText(false);
    if (rest) yield rest;
  } catch (error) {
    throw error instanceof TypeError ? new NotText(true) : error;
  }
}

/** The delimiter the first line uses most, or null when it uses none. */
function delimiterOf(firstLine: string): (typeof DELIMITERS)[number] | null {
  let best: (typeof DELIMITERS)[number] | null = null;
  let most = 0;
  const unquoted = firstLine.replace(/"[^"]*"/g, '');
  for (const d of DELIMITERS) {
    const n = unquoted.split(d).length - 1;
    if (n > most) [best, most] = [d, n];
  }
  return best;
}

/** Checks the stored file `key` as CSV: as UTF-8, then as GB18030 when its bytes are not UTF-8. */
export async function checkCsv(storage: FileStorage, key: string): Promise<CsvVerdict> {
  let verdict: CsvVerdict | 'undecodable' = 'undecodable';
  for (const charset of CHARSETS) {
    verdict = await checkCsvAs(storage, key, charset);
    if (verdict !== 'undecodable') return verdict;
  }
  return { ok: false, why: 'binary' };
}

async function checkCsvAs(
  storage: FileStorage,
  key: string,
  charset: CsvCharset,
): Promise<CsvVerdict | 'undecodable'> {
  const chunks = textOf(storage, key, charset);
  let head = '';
  try {
    // enough of the start to see the first line
    while (!/[\r\n]/.test(head) && head.length < MAX_RECORD_BYTES) {
      const next = await chunks.next();
      if (next.done) break;
      head += next.value;
    }
    const delimiter = delimiterOf(head.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/, 1)[0] ?? '');
    if (!delimiter) {
      for await (const _ of chunks); // the rest may still show it is binary
      return { ok: false, why: 'text' };
    }
    let columns = 0;
    await pipeline(
      (async function* () {
        yield head;
        yield* chunks;
      })(),
      parse({ delimiter, bom: true, skip_empty_lines: true, max_record_size: MAX_RECORD_BYTES }),
      async (records: AsyncIterable<string[]>) => {
        for await (const record of records) columns ||= record.length;
      },
    );
    return columns >= 2 ? { ok: true, charset } : { ok: false, why: 'text' };
  } catch (error) {
    if (error instanceof NotText) return error.undecodable ? 'undecodable' : { ok: false, why: 'binary' };
    if (error instanceof CsvError) {
      const line = Number((error as { lines?: unknown }).lines ?? 0);
      return { ok: false, why: 'malformed', line };
    }
    throw error;
  }
}
