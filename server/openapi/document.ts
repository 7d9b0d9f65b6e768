import type { JsonSchema } from '@valibot/to-json-schema';
import type { Operation } from '../../src/contract/operations.ts';
import { inputSchema, namedSchemas, outputSchema } from './json-schema.ts';

type Json = Record<string, unknown>;

export interface DocumentInfo {
  title: string;
  version: string;
  description: string;
}

const ENVELOPE: Json = {
  type: 'object',
  properties: {
    code: { type: 'integer', description: '0 on success, otherwise an error code (docs/api.md)' },
    message: { type: 'string' },
    data: { description: 'the answer; on 422 a `{field: message}` map' },
  },
  required: ['code', 'message', 'data'],
};

const envelopeAnswer = (description: string, data?: JsonSchema): Json => ({
  description,
  content: {
    'application/json': {
      schema: data
        ? { allOf: [{ $ref: '#/components/schemas/Envelope' }, { properties: { data } }] }
        : { $ref: '#/components/schemas/Envelope' },
    },
  },
});

/** Transport faults: they carry an envelope too (contract.md, "Transport"). */
const TRANSPORT: Record<string, Json> = {
  '404': envelopeAnswer('unknown path'),
  '413': envelopeAnswer('body too large'),
  '500': envelopeAnswer('server fault (no details)'),
};

const SECURITY: Record<Operation['auth'], Json[]> = {
  session: [{ XToken: [] }],
  optional: [{}, { XToken: [] }],
  none: [],
  chat: [{ ChatSession: [] }, { ChatSession: [], XToken: [] }],
  signed: [{ Timestamp: [], Signature: [] }],
};

/** The query schema as one OpenAPI parameter per property. */
function queryParameters(schema: JsonSchema): Json[] {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set(schema.required ?? []);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: 'query',
    required: required.has(name),
    schema: property,
  }));
}

function operationObject(op: Operation): Json {
  const out: Json = {
    operationId: `${op.method}/${op.path}`.replace(/[/-](\w)/g, (_, ch: string) => ch.toUpperCase()),
    summary: op.summary,
    ...(op.cors ? { description: 'Open to the partner origins configured in CORS_ORIGINS.' } : {}),
    tags: [op.tag],
    security: SECURITY[op.auth],
    responses: {
      '200': envelopeAnswer(
        `\`data\`: ${op.response}. Envelope codes: 0${op.codes.map((c) => `, ${c}`).join('')}.`,
        op.data ? outputSchema(op.data) : undefined,
      ),
      ...TRANSPORT,
    },
  };
  if (op.query) out.parameters = queryParameters(inputSchema(op.query));
  if (op.body) {
    const type = op.encoding === 'form' ? 'application/x-www-form-urlencoded' : 'application/json';
    out.requestBody = { required: !op.bodyOptional, content: { [type]: { schema: inputSchema(op.body) } } };
  }
  return out;
}

/** The OpenAPI 3.1 document of `operations`, generated from their contract schemas. */
export function openApiDocument(operations: readonly Operation[], info: DocumentInfo): Json {
  const paths: Record<string, Json> = {};
  for (const op of operations) {
    const path = `/api/${op.path}.html`;
    paths[path] = { ...paths[path], [op.method]: operationObject(op) };
  }
  paths['/api/openapi.json'] = {
    get: {
      operationId: 'openapi',
      summary: 'This document',
      tags: ['meta'],
      security: [],
      responses: { '200': { description: 'the OpenAPI document', content: { 'application/json': {} } } },
    },
  };
  return {
    openapi: '3.1.0',
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    info,
    servers: [{ url: '/' }],
    paths,
    components: {
      schemas: { Envelope: ENVELOPE, ...namedSchemas() },
      securitySchemes: {
        XToken: {
          type: 'apiKey',
          in: 'header',
          name: 'X-Token',
          description: 'the access_token of user/login (the browser keeps it in the Admin-Token cookie)',
        },
        ChatSession: {
          type: 'apiKey',
          in: 'header',
          name: 'X-Chat-Session',
          description: 'the chat session that common/get-qa-config hands out',
        },
        Timestamp: {
          type: 'apiKey',
          in: 'header',
          name: 'X-Timestamp',
          description: 'Unix seconds, within 5 minutes of the server clock',
        },
        Signature: {
          type: 'apiKey',
          in: 'header',
          name: 'X-Signature',
          description: 'hex HMAC-SHA256 with the integration secret over "timestamp.rawBody"',
        },
      },
    },
  };
}
