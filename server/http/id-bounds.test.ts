import * as v from 'valibot';
import { beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../src/contract/codes.ts';
import type { Operation } from '../../src/contract/operation.ts';
import { contractOperations } from '../testing/contract.ts';
import { createUser, loginAs } from '../testing/fixtures.ts';
import { CALL_SECRET, callOperation } from '../testing/operation-call.ts';
import { type TestApp, testApp, testDatabase } from '../testing/test-app.ts';

/**
 * Every id an input names is bounded to its column's range (1 … 2,147,483,647, `integer`) by the
 * contract's one `Id` rule: an id out of range, negative, fractional or in exponent notation is a
 * 422 on that field, never a query the database refuses (a 500). The id fields are found by
 * walking every operation's input schema, not listed here.
 */
const BAD = [2147483648, -1, 1.5, '1e3'] as const;

/** A field path: names, and `[]` for the items of a list. */
type Path = string[];

interface IdField {
  op: Operation;
  path: Path;
}

const ID_NAME = /^(id|ids)$|_ids?$/;

/** The schema inside optional / nullable wrappers. */
function unwrap(schema: v.GenericSchema): v.GenericSchema {
  let s = schema as v.GenericSchema & { wrapped?: v.GenericSchema };
  while (s.wrapped) s = s.wrapped as typeof s;
  return s;
}

/** A field named as an id that takes a whole number and no other text: a record id. */
function isIdSchema(schema: v.GenericSchema): boolean {
  let s = unwrap(schema) as v.GenericSchema & { item?: v.GenericSchema };
  if (s.type === 'array' && s.item) s = unwrap(s.item) as typeof s;
  return v.safeParse(s, 1).success && !v.safeParse(s, 'x').success;
}

/** The paths of the id fields in `schema` (objects, lists of objects, unions of objects). */
function idPaths(schema: v.GenericSchema, at: Path = []): Path[] {
  const s = unwrap(schema) as v.GenericSchema & {
    entries?: Record<string, v.GenericSchema>;
    item?: v.GenericSchema;
    options?: v.GenericSchema[];
  };
  const out: Path[] = [];
  if (s.options) for (const option of s.options) out.push(...idPaths(option, at));
  if (s.item) out.push(...idPaths(s.item, [...at, '[]']));
  for (const [name, entry] of Object.entries(s.entries ?? {})) {
    if (ID_NAME.test(name) && isIdSchema(entry)) out.push([...at, name]);
    out.push(...idPaths(entry, [...at, name]));
  }
  return out;
}

/** The input that puts `value` at `path` (a list's field in its first item), and the error's key. */
function inputAt(path: Path, value: unknown, isList: boolean): { pairs: [string, unknown][]; key: string } {
  const build = (rest: Path): unknown => {
    if (rest.length === 0) return isList ? [value] : value;
    const [head, ...tail] = rest;
    return head === '[]' ? [build(tail)] : { [head!]: build(tail) };
  };
  const [first, ...rest] = path;
  const key = [...path.map((p) => (p === '[]' ? '0' : p)), ...(isList ? ['0'] : [])].join('.');
  return { pairs: [[first!, build(rest)]], key };
}

let t: TestApp;
let token = '';
let fields: IdField[] = [];

beforeAll(async () => {
  await testDatabase();
  t = await testApp({ integrationSecret: CALL_SECRET });
  token = await loginAs(t, await createUser(t.deps.db));
  fields = (await contractOperations()).flatMap((op) => {
    const seen = new Set<string>();
    return idPaths(op.input)
      .filter((path) => !seen.has(path.join('.')) && seen.add(path.join('.')))
      .map((path) => ({ op, path }));
  });
});

/** Whether the field at `path` of `op` is a list of ids (`ids`, `a_id: []`). */
function isListField(op: Operation, path: Path): boolean {
  let s = op.input as v.GenericSchema;
  for (const part of path) {
    const u = unwrap(s) as v.GenericSchema & {
      entries?: Record<string, v.GenericSchema>;
      item?: v.GenericSchema;
    };
    if (part === '[]') s = u.item!;
    else {
      const options = (u as { options?: v.GenericSchema[] }).options;
      const holder = options?.map((o) => unwrap(o) as typeof u).find((o) => o.entries?.[part]) ?? u;
      s = holder.entries![part]!;
    }
  }
  return unwrap(s).type === 'array';
}

describe('ids in inputs', () => {
  it('2147483648, -1, 1.5 and "1e3" are a 422 on the id’s own field on every operation with an id', async () => {
    const ids = new Set(fields.map((f) => `${f.op.id} ${f.path.join('.')}`));
    // (a few known ones, so that the walk cannot silently find nothing)
    for (const known of [
      'POST provider/answer-modify id',
      'GET customer-order/view id',
      'POST customer-order/create goods.[].in_id',
      'POST customer-order/upload id',
      'POST customer-order/delete-draft-box ids',
    ]) {
      expect(ids, known).toContain(known);
    }
    expect(ids.size).toBeGreaterThan(60);
    const wrong: string[] = [];
    for (const { op, path } of fields) {
      const list = isListField(op, path);
      for (const bad of BAD) {
        const { pairs, key } = inputAt(path, bad, list);
        const res = await callOperation(t, op, pairs, token);
        const named = typeof res.data === 'object' && res.data !== null && key in res.data;
        if (res.status !== 200 || res.code !== Code.invalid || !named) {
          wrong.push(`${op.id} ${key}=${JSON.stringify(bad)}: HTTP ${res.status}, code ${res.code}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  }, 120_000);
});
