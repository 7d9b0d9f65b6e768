import fs from 'node:fs';
import path from 'node:path';

/**
 * The live heap of a serving process, for `npm run bench:soak`: what a heap snapshot holds. Node
 * writes one when a process started with `--heapsnapshot-signal=SIGUSR2 --diagnostic-dir=<dir>`
 * gets SIGUSR2, after a full collection, so its total is the memory the process keeps, without
 * the garbage, the heap's free room and the allocator's that make resident memory (RSS) climb and
 * drop with the request rate.
 */

/** The bytes of every node of a heap snapshot (its `.heapsnapshot` JSON text). */
export function snapshotBytes(text: string): number {
  const snap = JSON.parse(text) as {
    snapshot: { meta: { node_fields: string[] } };
    nodes: number[];
  };
  const fields = snap.snapshot.meta.node_fields;
  const size = fields.indexOf('self_size');
  if (size < 0) throw new Error('not a heap snapshot: its nodes have no self_size');
  let total = 0;
  for (let i = size; i < snap.nodes.length; i += fields.length) total += snap.nodes[i] as number;
  return total;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Asks `pid` for a heap snapshot into `dir` and answers its live heap in bytes (the file is
 * removed). Node writes the file in place: it is read once its size held still for a second.
 */
export async function liveHeapOf(pid: number, dir: string, timeoutMs = 180_000): Promise<number> {
  const before = new Set(fs.readdirSync(dir));
  process.kill(pid, 'SIGUSR2');
  const until = Date.now() + timeoutMs;
  let file: string | undefined;
  let size = -1;
  while (Date.now() < until) {
    await sleep(1000);
    file ??= fs.readdirSync(dir).find((name) => !before.has(name) && name.includes(`.${pid}.`));
    if (!file) continue;
    const now = fs.statSync(path.join(dir, file)).size;
    if (now > 0 && now === size) {
      let bytes: number | undefined;
      try {
        bytes = snapshotBytes(fs.readFileSync(path.join(dir, file), 'utf8'));
      } catch {
        // not whole yet: wait for more
      }
      if (bytes !== undefined) {
        fs.rmSync(path.join(dir, file), { force: true });
        return bytes;
      }
    }
    size = now;
  }
  throw new Error(`process ${pid} wrote no heap snapshot within ${timeoutMs / 1000} s`);
}
