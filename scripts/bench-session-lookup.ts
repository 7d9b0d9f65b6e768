// A session lookup on a cache miss, on PGlite: `npx tsx scripts/bench-session-lookup.ts`
// (docs/decisions/sessions.md). One in-memory PGlite as the tests have (migrated, seeded with the
// reference data), USERS users with a session each, some in several customers with policies; then
// CALLS lookups of those tokens in turn with no session cache (every one a miss: the one query of
// `authenticate`, with the person's strictest policy), and as many with the cache (hits after the
// first round). Prints p50 and p95 in ms of each.
import { performance } from 'node:perf_hooks';
import { authenticate, sessionCacheOf, startSession } from '../server/areas/accounts/sessions.ts';
import { createUser } from '../server/testing/fixtures.ts';
import { testDatabase } from '../server/testing/test-app.ts';

const USERS = Number(process.env.USERS ?? 200);
const CALLS = Number(process.env.CALLS ?? 2000);

const { db } = await testDatabase();
const cache = sessionCacheOf(db);
const tokens: string[] = [];
const now = new Date();
for (let i = 0; i < USERS; i++) {
  // every fourth user is in three customers, two of them with a policy of their own
  const user = await createUser(db, { customers: i % 4 === 0 ? 3 : 1 });
  for (const [n, customer] of user.customers.entries())
    if (n > 0 || i % 2 === 0)
      await db
        .insertInto('session_policies')
        .values({
          cu_id: customer.cu_id,
          idle_minutes: 30 + n * 10,
          absolute_minutes: 600 + n * 60,
          max_sessions: 1 + n,
          updated_at: now,
          updated_by: null,
        })
        .execute();
  tokens.push(await startSession(db, user.uid, user.customers[0]!.cu_id, now));
}

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

async function run(label: string, before: () => void): Promise<void> {
  const times: number[] = [];
  for (let i = 0; i < CALLS; i++) {
    before();
    const start = performance.now();
    await authenticate(db, tokens[i % tokens.length], new Date());
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const p50 = quantile(times, 0.5).toFixed(3);
  const p95 = quantile(times, 0.95).toFixed(3);
  console.log(`${label}: ${CALLS} lookups of ${USERS} sessions, p50 ${p50} ms, p95 ${p95} ms`);
}

// warm the query plan and PGlite's buffers
await run('warm-up (misses)', () => cache?.clear());
await run('cache miss', () => cache?.clear());
await run('cache hit', () => {});
process.exit(0);
