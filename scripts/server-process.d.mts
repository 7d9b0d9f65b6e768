/** Types of server-process.mjs (the real server as a child process, for benchmarks and tests). */
import type { ChildProcess } from 'node:child_process';

export function freePort(): Promise<number>;
export function startServer(
  port: number,
  dataDir: string,
  env?: Record<string, string>,
  args?: string[],
): { child: ChildProcess; ready: Promise<void>; log: () => string };
export function stopServer(child: ChildProcess): Promise<void>;
