import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import readline from 'node:readline';

/**
 * The checkpoint file as lines (checkpoints.ts): appended one whole line at a time, read from the
 * end by the writer (it needs only the last line, and the file grows without end) and from the
 * start by the verifier, streamed (it never holds the whole file).
 */

/** Bytes read at a time from the end, looking for the last line's start. */
const TAIL_CHUNK = 64 * 1024;

/**
 * The file's last line (without its newline), or null for a missing or empty file. `complete` is
 * false when the file does not end with a newline: a write was cut short (a crash, a full disk).
 */
export async function lastLine(file: string): Promise<{ text: string; complete: boolean } | null> {
  const tail = await tailOf(file);
  return tail && tail.size > 0 ? { text: tail.last.toString('utf8'), complete: tail.complete } : null;
}

/**
 * How many bytes of the file are whole lines (0 for a missing file): a line being appended while
 * the verifier looks is left to the next run, and one cut short was never a checkpoint.
 */
export async function completeLength(file: string): Promise<number> {
  const tail = await tailOf(file);
  if (!tail) return 0;
  return tail.complete ? tail.size : tail.size - tail.last.length;
}

/** The file's size, its last line's bytes (without its newline) and whether a newline ends it. */
async function tailOf(file: string): Promise<{ size: number; last: Buffer; complete: boolean } | null> {
  let handle: fs.FileHandle;
  try {
    handle = await fs.open(file, 'r');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  try {
    const { size } = await handle.stat();
    if (size === 0) return { size, last: Buffer.alloc(0), complete: true };
    let tail = Buffer.alloc(0);
    for (let from = size; ; ) {
      const start = Math.max(0, from - TAIL_CHUNK);
      const chunk = Buffer.alloc(from - start);
      await handle.read(chunk, 0, chunk.length, start);
      tail = Buffer.concat([chunk, tail]);
      from = start;
      const complete = tail[tail.length - 1] === 0x0a;
      const body = complete ? tail.subarray(0, -1) : tail;
      const newline = body.lastIndexOf(0x0a);
      if (newline >= 0 || from === 0) return { size, last: body.subarray(newline + 1), complete };
    }
  } finally {
    await handle.close();
  }
}

/** Appends a line in one write and waits until it is on the disk (a checkpoint is evidence). */
export async function appendLine(file: string, line: string): Promise<void> {
  await fs.mkdir(path.dirname(file), { recursive: true });
  const handle = await fs.open(file, 'a', 0o644);
  try {
    await handle.appendFile(`${line}\n`);
    await handle.datasync();
  } finally {
    await handle.close();
  }
}

/** The lines in the file's first `length` bytes, streamed (numbered from 1). */
export async function* linesOf(
  file: string,
  length: number,
): AsyncGenerator<{ number: number; text: string }> {
  if (length === 0) return;
  const input = createReadStream(file, { start: 0, end: length - 1 });
  const lines = readline.createInterface({ input, crlfDelay: Infinity });
  let number = 0;
  for await (const text of lines) yield { number: ++number, text };
}

/** Whether a file is there. */
export async function exists(file: string): Promise<boolean> {
  try {
    await fs.access(file);
    return true;
  } catch {
    return false;
  }
}
