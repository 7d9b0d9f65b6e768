import type { Readable } from 'node:stream';
import yauzl from 'yauzl';
import type { FileStorage } from '../../core/storage.ts';

/**
 * What an XLSX or DOCX must be beyond its magic numbers: a well-formed zip whose entries stay
 * within these bounds, declared and actual (a "zip bomb" of a few MB inflating to gigabytes is
 * refused before much of it is inflated), with the package's required parts.
 */
export const OOXML_LIMITS = {
  /** All entries together, inflated. */
  totalBytes: 100 * 1024 * 1024,
  entries: 5_000,
  /** An entry inflating past 1 MB may be at most this many times its packed size. */
  ratio: 200,
  ratioFloorBytes: 1024 * 1024,
} as const;

export type OoxmlProblem = 'malformed' | 'too-large' | 'parts';

/** The main part's content type of each package kind ([Content_Types].xml names the part). */
const MAIN_TYPES = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml',
} as const;

/** yauzl reads the stored file in ranges, without holding it in memory. */
class StoredReader extends yauzl.RandomAccessReader {
  constructor(
    private readonly storage: FileStorage,
    private readonly key: string,
  ) {
    super();
  }

  override _readStreamForRange(start: number, end: number): Readable {
    return this.storage.open(this.key, { start, end });
  }
}

class Refused extends Error {
  constructor(readonly problem: OoxmlProblem) {
    super(problem);
  }
}

const openZip = (reader: yauzl.RandomAccessReader, size: number) =>
  new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromRandomAccessReader(
      reader,
      size,
      { lazyEntries: true, autoClose: false, validateEntrySizes: true, strictFileNames: false },
      (error, zip) => (error || !zip ? reject(error ?? new Error('no zip')) : resolve(zip)),
    ),
  );

/** Every entry of the central directory (no content read yet). */
const entriesOf = (zip: yauzl.ZipFile) =>
  new Promise<yauzl.Entry[]>((resolve, reject) => {
    const out: yauzl.Entry[] = [];
    zip.on('entry', (entry: yauzl.Entry) => {
      out.push(entry);
      if (out.length > OOXML_LIMITS.entries) reject(new Refused('too-large'));
      else zip.readEntry();
    });
    zip.once('end', () => resolve(out));
    zip.once('error', reject);
    zip.readEntry();
  });

const readStream = (zip: yauzl.ZipFile, entry: yauzl.Entry) =>
  new Promise<Readable>((resolve, reject) =>
    zip.openReadStream(entry, (error, stream) =>
      error || !stream ? reject(error ?? new Error('no stream')) : resolve(stream),
    ),
  );

/** The PartName of the `<Override>` whose ContentType is `type`, without its leading slash. */
function mainPart(contentTypes: string, type: string): string | null {
  for (const [, attributes = ''] of contentTypes.matchAll(/<Override\b([^>]*)>/g)) {
    const attr = (name: string) => new RegExp(`\\b${name}\\s*=\\s*"([^"]*)"`).exec(attributes)?.[1];
    if (attr('ContentType') === type) return attr('PartName')?.replace(/^\//, '') ?? null;
  }
  return null;
}

/**
 * Checks the stored XLSX or DOCX `key` (`size` bytes): null when it is a sound package, else what
 * is wrong. Declared sizes are checked for every entry before any is inflated; then each entry is
 * inflated and counted (yauzl stops an entry that inflates past its declared size), so no more
 * than OOXML_LIMITS.totalBytes is ever inflated.
 */
export async function checkOoxml(
  storage: FileStorage,
  key: string,
  size: number,
  kind: keyof typeof MAIN_TYPES,
): Promise<OoxmlProblem | null> {
  let zip: yauzl.ZipFile;
  try {
    zip = await openZip(new StoredReader(storage, key), size);
  } catch {
    return 'malformed';
  }
  try {
    if (zip.entryCount > OOXML_LIMITS.entries) return 'too-large';
    const entries = await entriesOf(zip);
    let declared = 0;
    for (const entry of entries) {
      declared += entry.uncompressedSize;
      if (declared > OOXML_LIMITS.totalBytes) return 'too-large';
      if (
        entry.uncompressedSize > OOXML_LIMITS.ratioFloorBytes &&
        entry.uncompressedSize > OOXML_LIMITS.ratio * Math.max(entry.compressedSize, 1)
      )
        return 'too-large';
    }
    let inflated = 0;
    let contentTypes = '';
    for (const entry of entries) {
      if (entry.fileName.endsWith('/')) continue;
      const keep = entry.fileName === '[Content_Types].xml';
      const chunks: Buffer[] = [];
      for await (const chunk of await readStream(zip, entry)) {
        inflated += (chunk as Buffer).length;
        if (inflated > OOXML_LIMITS.totalBytes) throw new Refused('too-large');
        if (keep) chunks.push(chunk as Buffer);
      }
      if (keep) contentTypes = Buffer.concat(chunks).toString('utf8');
    }
    const names = new Set(entries.map((e) => e.fileName));
    const main = mainPart(contentTypes, MAIN_TYPES[kind]);
    if (!names.has('[Content_Types].xml') || !names.has('_rels/.rels') || !main || !names.has(main))
      return 'parts';
    return null;
  } catch (error) {
    return error instanceof Refused ? error.problem : 'malformed';
  } finally {
    zip.close();
  }
}
