import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { liveHeapOf, snapshotBytes } from './heap.ts';

describe('the live heap of a process (bench:soak)', () => {
  it('sums the self sizes of a snapshot’s nodes, whatever the order of their fields', () => {
    const snapshot = {
      snapshot: { meta: { node_fields: ['type', 'name', 'id', 'self_size', 'edge_count'] } },
      nodes: [0, 1, 1, 100, 0, 3, 2, 2, 250, 1, 3, 4, 3, 7, 0],
      strings: [],
    };
    expect(snapshotBytes(JSON.stringify(snapshot))).toBe(357);
    expect(() => snapshotBytes('{"snapshot":{"meta":{"node_fields":["type"]}},"nodes":[]}')).toThrow(
      'no self_size',
    );
  });

  it('reads a process’s heap after a full collection: 20 MB kept counts, 20 MB dropped does not', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-heap-'));
    // a process that keeps 20 MB of doubles and lets another 20 MB go
    const child = spawn(
      process.execPath,
      [
        '--heapsnapshot-signal=SIGUSR2',
        `--diagnostic-dir=${dir}`,
        '-e',
        'const doubles = () => Array.from({ length: 2.5e6 }, (_, i) => i + 0.5); globalThis.kept = doubles(); doubles(); process.stdout.write("ready"); setInterval(() => {}, 1000);',
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    try {
      await new Promise((resolve) => child.stdout.once('data', resolve));
      const bytes = await liveHeapOf(child.pid as number, dir, 60_000);
      expect(bytes).toBeGreaterThan(20e6);
      expect(bytes).toBeLessThan(35e6);
      expect(fs.readdirSync(dir)).toEqual([]);
    } finally {
      child.kill();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 90_000);
});
