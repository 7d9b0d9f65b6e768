import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROVIDER_SECRET } from '../../testing/masking-fixtures.ts';
import { migratedPostgres, postgresServerUrl } from '../../testing/pg-database.ts';
import { type TestApp, tempStorage, testApp } from '../../testing/test-app.ts';
import { jsonPack, pdfPack, tracedOrder } from './evidence-fixtures.ts';
import { verifyPack } from './verify-pack.ts';

/**
 * The evidence pack on PostgreSQL (the DATABASE_URL path): its sections read in one REPEATABLE
 * READ, read-only transaction over a pooled connection, and the entries' hashes made again from
 * what PostgreSQL's jsonb and timestamptz give back.
 */
const serverUrl = postgresServerUrl();

let database: Awaited<ReturnType<typeof migratedPostgres>>;
let t: TestApp;
beforeAll(async () => {
  database = await migratedPostgres(serverUrl);
  t = await testApp({ integrationSecret: PROVIDER_SECRET }, { database, storage: tempStorage() });
}, 60_000);
afterAll(async () => {
  await database?.close();
});

describe('the evidence pack on PostgreSQL', () => {
  it('a DTP order’s JSON pack verifies offline, and its PDF is made', async () => {
    const o = await tracedOrder(t, { dtp: true, readings: 50, documents: 2, remarks: 2 });
    const pack = await jsonPack(t, o.token, o.id);
    const report = verifyPack(pack);
    expect(report.broken).toBeNull();
    expect([report.masked, report.rehashed]).toEqual([2, pack.audit.entries.length - 2]);
    const res = await pdfPack(t, o.token, o.id);
    expect([res.status, res.headers.get('content-type')]).toEqual([200, 'application/pdf']);
    expect(
      Buffer.from(await res.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
  }, 60_000);
});
