import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** What a stored file came to: its size and SHA-256 (hex). */
export interface Stored {
  key: string;
  size: number;
  sha256: string;
}

/**
 * Where file contents live (attachments, export files). Keys are made by the storage; names,
 * types and owners are kept in the database (`files`). One implementation today, a folder; an
 * object store would be another.
 */
export interface FileStorage {
  /** Stores the bytes under a new key; stops with an error (and keeps nothing) past `maxBytes`. */
  put(data: Uint8Array | AsyncIterable<Uint8Array>, options?: { maxBytes?: number }): Promise<Stored>;
  /**
   * The content as a stream (only the bytes from `start` up to, not including, `end` when a range
   * is given); throws `FileMissing` when the key has no content.
   */
  open(key: string, range?: { start: number; end: number }): Readable;
  remove(key: string): Promise<void>;
  /** Every stored key whose content was last written before `before` (the orphan sweep's candidates). */
  keysBefore(before: Date): AsyncIterable<string>;
}

export class FileMissing extends Error {}
export class FileTooLarge extends Error {}

/** Keys are random UUIDs, kept two levels deep (`ab/cd/abcd…`) so no folder grows huge. */
export class FolderStorage implements FileStorage {
  constructor(readonly root: string) {}

  private pathOf(key: string): string {
    if (!/^[0-9a-f-]{36}$/.test(key)) throw new FileMissing(key);
    return path.join(this.root, key.slice(0, 2), key.slice(2, 4), key);
  }

  async put(
    data: Uint8Array | AsyncIterable<Uint8Array>,
    options: { maxBytes?: number } = {},
  ): Promise<Stored> {
    const key = randomUUID();
    const file = this.pathOf(key);
    await fs.promises.mkdir(path.dirname(file), { recursive: true });
    const hash = createHash('sha256');
    let size = 0;
    const max = options.maxBytes ?? Number.POSITIVE_INFINITY;
    const source = data instanceof Uint8Array ? Readable.from([data]) : Readable.from(data);
    const sink = fs.createWriteStream(file, { flags: 'wx' });
    try {
      await pipeline(
        source,
        async function* (chunks: AsyncIterable<Uint8Array>) {
          for await (const chunk of chunks) {
            size += chunk.byteLength;
            if (size > max) throw new FileTooLarge(`more than ${max} bytes`);
            hash.update(chunk);
            yield chunk;
          }
        },
        sink,
      );
    } catch (error) {
      // the file is opened asynchronously: removed only once the stream let go of it, or an open
      // finishing late would leave it behind
      if (!sink.closed) await new Promise<void>((resolve) => sink.once('close', () => resolve()));
      await fs.promises.rm(file, { force: true });
      throw error;
    }
    return { key, size, sha256: hash.digest('hex') };
  }

  open(key: string, range?: { start: number; end: number }): Readable {
    const file = this.pathOf(key);
    if (!fs.existsSync(file)) throw new FileMissing(key);
    if (!range) return fs.createReadStream(file);
    if (range.end <= range.start) return Readable.from([]);
    return fs.createReadStream(file, { start: range.start, end: range.end - 1 });
  }

  async remove(key: string): Promise<void> {
    await fs.promises.rm(this.pathOf(key), { force: true });
  }

  async *keysBefore(before: Date): AsyncIterable<string> {
    const level = async (dir: string) =>
      (await fs.promises.readdir(dir, { withFileTypes: true }).catch(() => [])).filter((d) =>
        /^[0-9a-f]{2}$/.test(d.name),
      );
    for (const top of await level(this.root)) {
      if (!top.isDirectory()) continue;
      for (const mid of await level(path.join(this.root, top.name))) {
        if (!mid.isDirectory()) continue;
        const dir = path.join(this.root, top.name, mid.name);
        for (const name of await fs.promises.readdir(dir).catch(() => [] as string[])) {
          if (!/^[0-9a-f-]{36}$/.test(name) || !name.startsWith(top.name + mid.name)) continue;
          const stat = await fs.promises.stat(path.join(dir, name)).catch(() => null);
          if (stat?.isFile() && stat.mtime < before) yield name;
        }
      }
    }
  }
}
