import fs from 'node:fs';
import path from 'node:path';

/**
 * What Linux's /proc says about the server's processes, for `npm run bench:soak` (memory) and
 * `bench:load` (CPU time): the workers are the children of the process started (node:cluster
 * forks them); a server without workers is its own only process.
 */

/** Resident memory of `pid` in bytes (VmRSS), or null when it is gone. */
export function rssOf(pid: number): number | null {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = /^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1];
    return kb === undefined ? null : Number(kb) * 1024;
  } catch {
    return null;
  }
}

/** The direct children of `pid` (scans /proc: `task/*\/children` needs a kernel option). */
export function childrenOf(pid: number): number[] {
  const children: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      // the command name (2nd field) may hold spaces and parentheses: fields follow the last ')'
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[1]) === pid) children.push(Number(entry));
    } catch {
      // the process ended while we looked
    }
  }
  return children.sort((a, b) => a - b);
}

/** The program `pid` runs (/proc/<pid>/exe), or null when it is gone. */
function programOf(pid: number): string | null {
  try {
    return fs.readlinkSync(`/proc/${pid}/exe`);
  } catch {
    return null;
  }
}

/**
 * The processes that serve: the children of `pid` that run the same program (node:cluster's
 * workers; not helpers such as tsx's esbuild service) when it has any, else `pid` itself.
 */
export function servingProcesses(pid: number): number[] {
  const program = programOf(pid);
  const workers = childrenOf(pid).filter((child) => program !== null && programOf(child) === program);
  return workers.length ? workers : [pid];
}

/** CPU seconds (user + system) `pid` has used so far, or 0 when it is gone. */
export function cpuSecondsOf(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime are fields 14 and 15 of stat (12 and 13 after the name and state)
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/** CPU seconds `pid` and all its descendants have used so far (a server with its workers). */
export function treeCpuSeconds(pid: number): number {
  return cpuSecondsOf(pid) + childrenOf(pid).reduce((sum, child) => sum + treeCpuSeconds(child), 0);
}

/** The PostgreSQL server process listening on `port` (its command line has `-p <port>`), or null. */
export function postgresOnPort(port: number): number | null {
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const argv = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
      const p = argv.indexOf('-p');
      if (p > 0 && argv[p + 1] === String(port) && path.basename(argv[0] ?? '') === 'postgres')
        return Number(entry);
    } catch {
      // the process ended while we looked
    }
  }
  return null;
}

/** CPU seconds the whole machine has been busy (every core; /proc/stat, idle and iowait left out). */
export function machineBusySeconds(): number {
  const cpu = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '';
  const [user, nice, system, , , irq, softirq, steal] = cpu.trim().split(/\s+/).slice(1).map(Number);
  return ((user ?? 0) + (nice ?? 0) + (system ?? 0) + (irq ?? 0) + (softirq ?? 0) + (steal ?? 0)) / 100;
}

export interface RssSample {
  /** Milliseconds since the start of the run. */
  at: number;
  /** Bytes. */
  rss: number;
}

export interface MemoryVerdict {
  pid: number;
  /** The lowest sample of the first third after the warm-up (bytes). */
  baseline: number;
  /** The lowest sample of the last third (bytes). */
  last: number;
  /** The highest sample after the warm-up (bytes). */
  peak: number;
  /** last / baseline − 1. */
  growth: number;
  ok: boolean;
}

/**
 * Judges each process's memory after the warm-up by its floor: the lowest sample of the first
 * third against the lowest of the last third. A garbage-collected heap climbs and drops in a saw
 * tooth (a sample may land on either edge), while memory that is kept for good raises the level
 * it drops back to. At most `limit` (0.1: 10 %) growth passes. A process with fewer than three
 * samples after the warm-up cannot be judged and fails.
 */
export function judgeMemory(
  series: ReadonlyMap<number, readonly RssSample[]>,
  options: { warmupMs: number; limit: number },
): MemoryVerdict[] {
  return [...series.entries()].map(([pid, samples]) => {
    const after = samples.filter((s) => s.at >= options.warmupMs).map((s) => s.rss);
    const third = Math.floor(after.length / 3);
    const baseline = Math.min(...after.slice(0, third));
    const last = Math.min(...after.slice(-third));
    const peak = Math.max(0, ...after);
    const growth = third >= 1 && baseline > 0 ? last / baseline - 1 : Number.POSITIVE_INFINITY;
    return {
      pid,
      baseline: third ? baseline : 0,
      last: third ? last : 0,
      peak,
      growth,
      ok: growth <= options.limit,
    };
  });
}
