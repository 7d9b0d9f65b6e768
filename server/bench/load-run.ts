import os from 'node:os';
import pg from 'pg';
import { openDatabase } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { seedBase } from '../seed/base.ts';
import type { DriveResult, VirtualUser } from './load-driver.ts';
import { type Kind, virtualUser } from './load-mix.ts';
import { type BenchWorld, prepareWorld, type WorldOptions } from './load-world.ts';

/** The pieces `scripts/bench-load.ts` and `scripts/bench-soak.ts` share. */

/**
 * A database `lp_bench` on the cluster of `clusterUrl` whose character type knows Chinese (the
 * throw-away cluster is initialised with the C locale, under which pg_trgm makes no trigrams of
 * Chinese text and a Chinese keyword scans every order; see scripts/bench-orders.ts).
 */
export async function benchDatabase(clusterUrl: string): Promise<string> {
  const client = new pg.Client({ connectionString: clusterUrl });
  await client.connect();
  try {
    await client.query(
      "create database lp_bench template template0 encoding 'UTF8' lc_ctype 'C.utf8' lc_collate 'C'",
    );
  } finally {
    await client.end();
  }
  const url = new URL(clusterUrl);
  url.pathname = '/lp_bench';
  return url.toString();
}

/** Migrates `url`, writes the reference data and the bench's world (load-world.ts). */
export async function prepareBenchData(url: string, options: WorldOptions): Promise<BenchWorld> {
  const database = await openDatabase({ databaseUrl: url });
  try {
    await migrateToLatest(database.db);
    await seedBase(database.db, { servicePhone: '400-000-0000', serviceWebsite: 'https://example.test' });
    return await prepareWorld(database.db, options);
  } finally {
    await database.close();
  }
}

/**
 * Signs every bench user in through the API (a sign-in ends the user's earlier session, so this
 * runs once per server start) and makes `connections` virtual users: connection i is user
 * i mod users (several connections of one user are its tabs).
 */
export async function signIn(
  origin: string,
  world: BenchWorld,
  connections: number,
  mix?: Record<Kind, number>,
): Promise<VirtualUser[]> {
  const tokens: string[] = [];
  for (const user of world.users) {
    const res = await fetch(`${origin}/api/user/login.html`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: user.username, password: user.password }),
    });
    const body = (await res.json()) as { code: number; message: string; data: { access_token: string } };
    if (body.code !== 0)
      throw new Error(`sign-in of ${user.username} answered ${body.code}: ${body.message}`);
    tokens.push(body.data.access_token);
  }
  return Array.from({ length: connections }, (_, i) => {
    const u = i % world.users.length;
    const customer = world.customers[(world.users[u] as BenchWorld['users'][number]).customer];
    if (!customer) throw new Error('a bench user without a customer');
    return virtualUser(world, customer, tokens[u] as string, 1000 + i, mix);
  });
}

/** The machine's load average, for printing beside every figure. */
export const loadAverage = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

const pad = (value: string | number, width: number) => String(value).padStart(width);

/** A run's figures as a table: one row per kind and the total. */
export function formatRun(result: DriveResult): string {
  const errorText = (errors: Record<string, number>) =>
    Object.entries(errors)
      .map(([name, n]) => `${name} ×${n}`)
      .join(', ') || '0';
  const lines = [
    `  ${'kind'.padEnd(8)} ${pad('req/s', 7)} ${pad('p50 ms', 8)} ${pad('p99 ms', 8)} ${pad('max ms', 8)}  errors`,
  ];
  for (const k of result.kinds) {
    lines.push(
      `  ${k.kind.padEnd(8)} ${pad(Math.round(k.requests / result.seconds), 7)} ${pad(k.p50, 8)} ${pad(k.p99, 8)} ${pad(k.max, 8)}  ${errorText(k.errors)}`,
    );
  }
  lines.push(
    `  ${'all'.padEnd(8)} ${pad(result.rps, 7)} ${pad(result.p50, 8)} ${pad(result.p99, 8)} ${pad('', 8)}  ${result.errors}`,
  );
  return lines.join('\n');
}
