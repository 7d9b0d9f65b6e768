import type { JsonSchema } from '@valibot/to-json-schema';
import { type Auth, codesOf, type Operation } from '../../src/contract/operation.ts';
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
  '413': envelopeAnswer('body too large (the connection is closed after this answer)'),
  '500': envelopeAnswer('server fault (no details)'),
};

const SECURITY: Record<Auth, Json[]> = {
  session: [{ XToken: [] }],
  account: [{ XToken: [] }],
  optional: [{}, { XToken: [] }],
  public: [],
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

const AUTH_NOTES: Partial<Record<Auth, string>> = {
  session: 'Needs a session with a current password (463 while a password change is forced).',
  account: 'Needs a session; also usable while a password change is forced.',
};

const BODY_TYPES: Record<NonNullable<Operation['encoding']>, string[]> = {
  json: ['application/json'],
  form: ['application/x-www-form-urlencoded', 'multipart/form-data'],
  'json-or-form': ['application/json', 'application/x-www-form-urlencoded'],
  multipart: ['multipart/form-data'],
};

function answer(op: Operation): Json {
  const codes = codesOf(op);
  if (op.media) {
    return {
      description: `the file itself (an image, a document); failures are envelopes (codes ${codes.join(', ')})`,
      content: { [op.media]: {} },
    };
  }
  return envelopeAnswer(`Envelope codes: 0, ${codes.join(', ')}.`, outputSchema(op.output));
}

function operationObject(op: Operation): Json {
  const notes = [
    AUTH_NOTES[op.auth],
    op.cors ? 'Open to the partner origins configured in CORS_ORIGINS.' : '',
  ]
    .filter(Boolean)
    .join(' ');
  const out: Json = {
    operationId: `${op.method.toLowerCase()}/${op.path}`.replace(/[/-](\w)/g, (_, ch: string) =>
      ch.toUpperCase(),
    ),
    summary: op.summary,
    ...(notes ? { description: notes } : {}),
    tags: [op.area],
    security: SECURITY[op.auth],
    responses: { '200': answer(op), ...TRANSPORT },
  };
  if (op.rateLimits?.length) {
    out['x-rate-limits'] = op.rateLimits.map((r) => ({
      by: r.by === 'field' ? r.field : r.by,
      limit: r.limit,
      window_seconds: r.windowMs / 1000,
      ...(r.bucket ? { shared_with: r.bucket } : {}),
    }));
  }
  if (op.method === 'GET') out.parameters = queryParameters(inputSchema(op.input));
  else {
    const fields = inputSchema(op.input);
    // A multipart call's file is a binary field beside the input's fields.
    const schema =
      op.encoding === 'multipart' && op.upload
        ? {
            ...fields,
            properties: {
              ...((fields.properties as Record<string, Json> | undefined) ?? {}),
              [op.upload.field]: {
                type: 'string',
                format: 'binary',
                description: `at most ${op.upload.maxBytes} bytes`,
              },
            },
            required: [...((fields.required as string[] | undefined) ?? []), op.upload.field],
          }
        : fields;
    const content = Object.fromEntries(BODY_TYPES[op.encoding ?? 'json'].map((type) => [type, { schema }]));
    out.requestBody = { required: !op.bodyOptional, content };
  }
  return out;
}

/** The OpenAPI 3.1 document of `operations`, generated from their contract schemas. */
export function openApiDocument(operations: readonly Operation[], info: DocumentInfo): Json {
  const paths: Record<string, Json> = {};
  for (const op of operations) {
    const path = `/api/${op.path}.html`;
    paths[path] = { ...paths[path], [op.method.toLowerCase()]: operationObject(op) };
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
  const status = (value: string) => ({
    type: 'object',
    properties: { status: { const: value } },
    required: ['status'],
  });
  paths['/api/health.json'] = {
    get: {
      operationId: 'health',
      summary: 'For load balancers: the process serves and its database answers (no envelope)',
      tags: ['meta'],
      security: [],
      responses: {
        '200': { description: 'serving', content: { 'application/json': { schema: status('ok') } } },
        '503': {
          description: 'the database cannot be reached (Retry-After: 2)',
          content: { 'application/json': { schema: status('unavailable') } },
        },
      },
    },
  };
  paths['/api/live/stream'] = {
    get: {
      operationId: 'liveStream',
      summary:
        'The session’s changes as server-sent events (`change` {kind, action, id, order} with the id `customer:place`; `hello`, `reset`, `end`)',
      tags: ['live'],
      security: [],
      parameters: [
        {
          name: 'ticket',
          in: 'query',
          required: true,
          schema: { type: 'string' },
          description: 'from live/ticket',
        },
        {
          name: 'after',
          in: 'query',
          required: false,
          schema: { type: 'string', pattern: '^\\d+:\\d+$' },
          description: 'resume after this place (or the Last-Event-ID header)',
        },
      ],
      responses: {
        '200': { description: 'the stream', content: { 'text/event-stream': {} } },
        '401': { description: 'the ticket is not valid or has expired: ask for a new one' },
        '429': { description: 'too many streams (8 a user per process)' },
      },
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
