import * as v from 'valibot';
import { parseConfig } from '../contract/messages.ts';

type AnySchema = v.GenericSchema | v.GenericSchemaAsync;

/** What a schema may hold that leads to the schema of a part of its value. */
interface Nested {
  entries?: Record<string, AnySchema>;
  item?: AnySchema;
  items?: AnySchema[];
  wrapped?: AnySchema;
}

/**
 * The schema of the value at a dot path (`goods.0.quantity`) inside an object schema, looking
 * through pipes, `optional`/`nullable` wrappers, arrays and tuples; undefined when it cannot be
 * told (unions, variants, records).
 */
export function schemaAt(schema: AnySchema, path: string): AnySchema | undefined {
  let at: AnySchema | undefined = schema;
  for (const key of path === '' ? [] : path.split('.')) {
    at = unwrap(at);
    if (!at) return undefined;
    const nested = at as Nested;
    if (nested.entries) at = nested.entries[key];
    else if (nested.item) at = nested.item;
    else if (nested.items) at = nested.items[Number(key)];
    else return undefined;
  }
  return at;
}

function unwrap(schema: AnySchema | undefined): AnySchema | undefined {
  let at = schema;
  while (at && (at as Nested).wrapped) at = (at as Nested).wrapped;
  return at;
}

/**
 * True when the schema refuses both an empty text and no value at all: the field must be filled
 * in (what the required mark beside a label says).
 */
export function isRequiredSchema(schema: AnySchema | undefined): boolean {
  if (!schema || schema.async) return false;
  const sync = schema as v.GenericSchema;
  return !v.is(sync, '') && !v.is(sync, undefined);
}

/** The first issue of each dot path (`''` for the value as a whole), as the server's 422 keys them. */
export function firstIssues(issues: readonly v.BaseIssue<unknown>[]): Map<string, v.BaseIssue<unknown>> {
  const out = new Map<string, v.BaseIssue<unknown>>();
  for (const issue of issues) {
    const path = v.getDotPath(issue) ?? '';
    if (!out.has(path)) out.set(path, issue);
  }
  return out;
}

/** Checks form values against a contract schema; the messages are in `lang` (src/contract/messages.ts). */
export function validate<S extends v.GenericSchema>(schema: S, values: unknown, lang: string) {
  return v.safeParse(schema, values, parseConfig(lang));
}
