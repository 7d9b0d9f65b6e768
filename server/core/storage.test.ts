import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, describe, expect, it } from 'vitest';
import { FileMissing, FileTooLarge, FolderStorage } from './storage.ts';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-storage-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe('FolderStorage', () => {
  it('keeps bytes under a new key with their size and SHA-256, reads them back and removes them', async () => {
    const storage = new FolderStorage(root);
    const bytes = new TextEncoder().encode('装箱单 packing list');
    const stored = await storage.put(bytes);
    expect(stored.size).toBe(bytes.byteLength);
    expect(stored.sha256).toBe(createHash('sha256').update(bytes).digest('hex'));
    expect(await text(storage.open(stored.key))).toBe('装箱单 packing list');
    await storage.remove(stored.key);
    expect(() => storage.open(stored.key)).toThrow(FileMissing);
  });

  it('refuses a stream past the limit and keeps nothing of it', async () => {
    const storage = new FolderStorage(root);
    async function* chunks() {
      for (let i = 0; i < 5; i++) yield new Uint8Array(1024);
    }
    await expect(storage.put(chunks(), { maxBytes: 3000 })).rejects.toThrow(FileTooLarge);
    const files = fs
      .readdirSync(root, { recursive: true })
      .filter((f) => fs.statSync(path.join(root, String(f))).isFile());
    expect(files).toEqual([]);
  });

  it('never reads outside its folder, whatever key it is given', () => {
    const storage = new FolderStorage(root);
    expect(() => storage.open('../../etc/passwd')).toThrow(FileMissing);
  });
});
