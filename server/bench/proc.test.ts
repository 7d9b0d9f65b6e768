import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import {
  childrenOf,
  cpuSecondsOf,
  judgeMemory,
  machineBusySeconds,
  postgresOnPort,
  type RssSample,
  rssOf,
  servingProcesses,
  treeCpuSeconds,
} from './proc.ts';

const MB = 1024 * 1024;
/** Samples every 10 s of `mb` values. */
const every10s = (mb: number[]): RssSample[] => mb.map((m, i) => ({ at: i * 10_000, rss: m * MB }));

describe('judgeMemory', () => {
  it('passes a saw tooth that drops back to the same floor, whichever edge the last samples catch', () => {
    // warm-up to 20 s, then a heap that climbs and is collected back to ~200 MB, ending on a peak
    const [verdict] = judgeMemory(
      new Map([[1, every10s([80, 150, 200, 230, 260, 201, 235, 262, 204, 240, 265, 203, 250, 270])]]),
      { warmupMs: 20_000, limit: 0.1 },
    );
    expect(verdict).toMatchObject({ pid: 1, baseline: 200 * MB, last: 203 * MB, peak: 270 * MB, ok: true });
    expect(verdict?.growth).toBeCloseTo(3 / 200, 5);
  });

  it('fails a process whose floor keeps rising, each process judged on its own', () => {
    const verdicts = judgeMemory(
      new Map([
        [1, every10s([200, 200, 230, 201, 240, 200, 235, 202, 238, 201])],
        [2, every10s([200, 200, 230, 210, 245, 220, 255, 232, 266, 241])],
      ]),
      { warmupMs: 10_000, limit: 0.1 },
    );
    expect(verdicts.map((v) => [v.pid, v.ok])).toEqual([
      [1, true],
      [2, false],
    ]);
    expect(verdicts[1]?.growth).toBeCloseTo(232 / 200 - 1, 5);
  });

  it('fails a process it cannot judge (fewer than three samples after the warm-up)', () => {
    const [verdict] = judgeMemory(new Map([[7, every10s([100, 100, 100, 100])]]), {
      warmupMs: 20_000,
      limit: 0.1,
    });
    expect(verdict?.ok).toBe(false);
  });
});

describe('/proc readings', () => {
  it('finds a child process, its memory and its CPU time, and the parent when it has no children', async () => {
    // a busy child, so that its CPU time shows in the parent's tree
    const child = spawn(
      process.execPath,
      ['-e', 'while (process.cpuUsage().user < 200000); setInterval(() => {}, 1000)'],
      {
        stdio: 'ignore',
      },
    );
    await new Promise((resolve) => child.once('spawn', resolve));
    try {
      const pid = child.pid as number;
      expect(childrenOf(process.pid)).toContain(pid);
      expect(servingProcesses(process.pid)).toContain(pid);
      expect(servingProcesses(pid)).toEqual([pid]);
      // a child running another program (as tsx's esbuild service) does not serve
      const other = spawn('sleep', ['5'], { stdio: 'ignore' });
      await new Promise((resolve) => other.once('spawn', resolve));
      expect(childrenOf(process.pid)).toContain(other.pid);
      expect(servingProcesses(process.pid)).not.toContain(other.pid);
      other.kill();
      expect(rssOf(pid)).toBeGreaterThan(MB);
      expect(cpuSecondsOf(process.pid)).toBeGreaterThan(0);
      const machine = machineBusySeconds();
      const deadline = Date.now() + 5_000;
      while (cpuSecondsOf(pid) < 0.2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      expect(cpuSecondsOf(pid)).toBeGreaterThanOrEqual(0.2);
      // the tree holds the child's time (at least 0.2 s) beside the parent's own
      expect(treeCpuSeconds(process.pid) - cpuSecondsOf(process.pid)).toBeGreaterThan(0.1);
      // the machine was busy at least while the child spun
      expect(machineBusySeconds() - machine).toBeGreaterThan(0.1);
    } finally {
      child.kill();
    }
    expect(rssOf(2 ** 22 + 12_345)).toBeNull();
    expect(postgresOnPort(1)).toBeNull();
  });
});
