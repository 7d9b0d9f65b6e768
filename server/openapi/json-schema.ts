import { type JsonSchema, toJsonSchema } from '@valibot/to-json-schema';
import type * as v from 'valibot';
import { RouteRecordSchema } from '../../src/contract/menu/schemas.ts';

/**
 * A contract schema as JSON Schema 2020-12 (the dialect of OpenAPI 3.1), describing what a
 * client sends. Rules that JSON Schema cannot express (trimming, the password policy's checks)
 * are left out; the server still enforces them and answers 422.
 */
export function inputSchema(schema: v.GenericSchema): JsonSchema {
  const json = toJsonSchema(schema, { target: 'draft-2020-12', typeMode: 'input', errorMode: 'ignore' });
  delete json.$schema;
  return json;
}

/**
 * Named schemas that recursive contract schemas refer to (`children` of a route record); they
 * become `components.schemas` of the document.
 */
export const NAMED: Record<string, v.GenericSchema> = { RouteRecord: RouteRecordSchema };

/** A schema of answer data, its references pointing into `components.schemas`. */
export function outputSchema(schema: v.GenericSchema): JsonSchema {
  const json = toJsonSchema(schema, {
    target: 'draft-2020-12',
    typeMode: 'output',
    errorMode: 'ignore',
    definitions: NAMED,
  });
  delete json.$schema;
  delete json.$defs;
  return retarget(json);
}

/** The named schemas themselves, for `components.schemas`. */
export function namedSchemas(): Record<string, JsonSchema> {
  const out: Record<string, JsonSchema> = {};
  for (const [name, schema] of Object.entries(NAMED)) {
    const json = toJsonSchema(schema, { target: 'draft-2020-12', errorMode: 'ignore', definitions: NAMED });
    out[name] = retarget((json.$defs?.[name] ?? json) as JsonSchema);
  }
  return out;
}

const retarget = (json: JsonSchema): JsonSchema =>
  JSON.parse(JSON.stringify(json).replaceAll('"#/$defs/', '"#/components/schemas/')) as JsonSchema;
