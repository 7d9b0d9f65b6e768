import { type JsonSchema, toJsonSchema } from '@valibot/to-json-schema';
import type * as v from 'valibot';

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
