import { beforeAll, describe, expect, it } from 'vitest';
import type { AuditRecordType, Operation } from '../../../src/contract/operation.ts';
import { contractOperations } from '../../testing/contract.ts';
import { testDns } from '../../testing/sso-fixtures.ts';
import { type TestApp, testApp } from '../../testing/test-app.ts';
import { callOnce, SCENARIO_SECRET, writeScenarios } from '../../testing/write-scenarios.ts';

/**
 * No write escapes (issue 30, docs/decisions/audit-trail.md): every operation whose contract says
 * its success leaves audit entries (`audit: { records }`) is called once, on its success path
 * (server/testing/write-scenarios.ts), and the entries that one call wrote are read back: at least
 * one, all of the declared record types, of one request, by the right actor. A new writing call
 * without a scenario, or a POST that says nothing of the trail, fails here.
 */

const operations = await contractOperations();
const recordsOf = (op: Operation): readonly AuditRecordType[] | undefined =>
  op.audit && 'records' in op.audit ? op.audit.records : undefined;
const recording = operations.filter((op) => recordsOf(op) !== undefined);

let t: TestApp;
beforeAll(async () => {
  // single sign-on's domains are proven on the test DNS server on the loopback (sso-fixtures.ts)
  t = await testApp({ integrationSecret: SCENARIO_SECRET, ssoDnsServers: [(await testDns()).server] });
});

/** The newest entry's id (0 for an empty trail). */
async function lastEntryId(): Promise<number> {
  const row = await t.deps.db
    .selectFrom('audit_entries')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  return Number(row?.id ?? 0);
}

const entriesAfter = (id: number) =>
  t.deps.db
    .selectFrom('audit_entries')
    .select(['id', 'record_type', 'record_id', 'action', 'actor_kind', 'actor_id', 'request_id'])
    .where('id', '>', id)
    .orderBy('id')
    .execute();

describe('no write escapes: every writing operation of the contract leaves an audit entry (issue 30)', () => {
  it('every POST says what its success leaves in the trail', () => {
    const undeclared = operations.filter((op) => op.method === 'POST' && !op.audit).map((op) => op.id);
    expect(undeclared, 'POST operations without an `audit` declaration').toEqual([]);
  });

  it('every operation that records has a scenario, and every scenario is such an operation', () => {
    const ids = new Set(recording.map((op) => op.id));
    const missing = [...ids].filter((id) => !Object.hasOwn(writeScenarios, id));
    const stale = Object.keys(writeScenarios).filter((id) => !ids.has(id));
    expect(missing, 'operations declared with `records` but no scenario in write-scenarios.ts').toEqual([]);
    expect(stale, 'scenarios of no operation declared with `records`').toEqual([]);
  });

  const scenarios = recording.flatMap((op) => {
    const scenario = Object.hasOwn(writeScenarios, op.id) ? writeScenarios[op.id] : undefined;
    return scenario ? [[op.id, op, scenario] as const] : [];
  });

  it.each(scenarios)(
    '%s: its success leaves entries of the declared records, of one request, by its actor',
    async (id, op, scenario) => {
      const records: readonly string[] = recordsOf(op) ?? [];
      const call = await scenario(t);
      const before = await lastEntryId();
      const res = await callOnce(t, op, call);
      expect([res.code, res.message], `${id} answers success`).toEqual([0, expect.any(String)]);

      const entries = await entriesAfter(before);
      expect(entries.length, `${id} leaves at least one audit entry`).toBeGreaterThan(0);
      const requestIds = new Set(entries.map((e) => e.request_id));
      expect([...requestIds], `${id}: the entries of one call share one request id`).toEqual([
        expect.any(String),
      ]);
      const requestId = entries[0]?.request_id ?? '';
      const earlier = await t.deps.db
        .selectFrom('audit_entries')
        .select('id')
        .where('request_id', '=', requestId)
        .where('id', '<=', before)
        .execute();
      expect(earlier, `${id}: the request id is this call's own`).toEqual([]);

      const undeclared = entries.filter((e) => !records.includes(e.record_type));
      expect(undeclared, `${id}: entries of record types it does not declare (${records})`).toEqual([]);
      expect(entries.some((e) => records.includes(e.record_type))).toBe(true);

      const wrongActor = entries.filter((e) =>
        call.actor.kind === 'user'
          ? e.actor_kind !== 'user' || e.actor_id !== call.actor.id
          : e.actor_kind !== call.actor.kind,
      );
      expect(wrongActor, `${id}: entries not by ${JSON.stringify(call.actor)}`).toEqual([]);
    },
  );
});
