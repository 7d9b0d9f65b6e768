import { scimPathItems } from '../areas/accounts/scim-openapi.ts';
import type { JsonSchema } from '@valibot/to-json-schema';
import { Code } from '../../src/contract/codes.ts';
import { type Auth, codesOf, type Operation, type RateLimit } from '../../src/contract/operation.ts';
import { FieldErrorsSchema, RetryAfter } from '../../src/contract/refusals.ts';
import { SECOND_FACTOR_METHODS } from '../../src/contract/second-factor/schemas.ts';
import { meaningOf } from './codes.ts';
import { inputSchema, namedSchemas, outputSchema } from './json-schema.ts';
import { TAGS } from './tags.ts';
import { oauthTokenPathItem } from '../areas/api-clients/openapi.ts';
import { type ApiClientScope, scopeOf } from '../areas/api-clients/scopes.ts';

type Json = Record<string, unknown>;

export interface DocumentInfo {
  title: string;
  version: string;
  description: string;
  contact?: { name?: string; url?: string; email?: string };
}

/**
 * What a call answers, as the server answers it (server/http/route.ts, server/app.ts):
 *
 * - Every outcome of a call, a refusal included, is **HTTP 200** with the envelope
 *   `{code, message, data}`: `code` 0 with the answer, or a refusal's code (400, 404, 409, 422,
 *   429, 463, 598, 599 …) with its `data`. The 200 answer of each operation is therefore a `oneOf`
 *   of one envelope per code it can give, each with its `code` as a `const`, so a generated client
 *   narrows `data` by `code` (a 598's `data` is `null`, not the success answer).
 * - Transport faults change the HTTP status and still carry an envelope with the same number as
 *   code: 408 and 413 (a POST's body too slow or too large), 429 (too many requests in progress from
 *   the address), 500 (a fault), 503 (the database away). They are the operation's other answers.
 */

/** Codes that never come with HTTP 200: their own HTTP status carries them (TRANSPORT). */
const HTTP_CODES = new Set<number>([Code.requestTimeout, Code.tooLarge]);

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/** The `data` of a refusal that every call's declaration implies (an operation's `refusals` add theirs). */
const DEFAULT_DATA: Partial<Record<number, Json>> = {
  [Code.invalid]: { anyOf: [ref('FieldErrors'), { type: 'null' }] },
  [Code.locked]: ref('RetryAfter'),
  [Code.secondFactorRequired]: {
    type: 'object',
    // every method a signer may have: the authenticator's code, a recovery code, a passkey
    properties: { methods: { type: 'array', items: { type: 'string', enum: [...SECOND_FACTOR_METHODS] } } },
    required: ['methods'],
  },
};

function envelope(code: number, data: unknown, title: string): Json {
  return {
    title,
    description: code === 0 ? 'success' : `${code}: ${meaningOf(code)}`,
    type: 'object',
    properties: {
      code: { type: 'integer', const: code },
      message: { type: 'string', description: 'a sentence for people, in the caller’s language' },
      data,
    },
    required: ['code', 'message', 'data'],
    additionalProperties: false,
  };
}

/** The refusal envelopes the document names once (`Refusal<code>`), with their data. */
function refusalSchema(code: number): Json {
  return envelope(code, DEFAULT_DATA[code] ?? { type: 'null' }, `Refusal${code}`);
}

/** The envelope of one of an operation's refusals: its own data, or the shared schema. */
function refusalOf(op: Operation, code: number, used: Set<number>): Json {
  const own = op.refusals?.[code];
  if (own) return envelope(code, outputSchema(own), `Refusal${code}`);
  used.add(code);
  return ref(`Refusal${code}`);
}

/**
 * The envelope codes an operation answers with HTTP 200, by number: those its declaration implies,
 * and, for a call that takes a session, an API client's refusals (server/areas/api-clients/bearer.ts):
 * 403 for a call its token's scopes do not grant or from an address it may not use, and 429 past
 * its rate on a call a scope grants.
 */
function refusalCodes(op: Operation): number[] {
  const codes = new Set(codesOf(op).filter((code) => !HTTP_CODES.has(code)));
  if (op.auth === 'session' || op.auth === 'account') {
    codes.add(Code.forbidden);
    if (scopeOf(op)) codes.add(Code.tooManyRequests);
  }
  return [...codes].sort((a, b) => a - b);
}

const BODY_TYPES: Record<NonNullable<Operation['encoding']>, string[]> = {
  json: ['application/json'],
  form: ['application/x-www-form-urlencoded', 'multipart/form-data'],
  'json-or-form': ['application/json', 'application/x-www-form-urlencoded'],
  multipart: ['multipart/form-data'],
};

function okAnswer(op: Operation, used: Set<number>): Json {
  const codes = refusalCodes(op);
  const refusals = codes.map((code) => refusalOf(op, code, used));
  const list = codes.map((code) => `\`${code}\` ${meaningOf(code)}`).join('; ');
  if (op.media) {
    return {
      description: `The file itself (\`${op.media}\`); a refusal is an envelope (\`application/json\`, HTTP 200): ${list}.`,
      content: {
        [op.media]: { schema: { type: 'string', contentMediaType: op.media } },
        'application/json': { schema: { oneOf: refusals } },
      },
    };
  }
  return {
    description: `HTTP 200 for every outcome of the call, told apart by the envelope's \`code\`: \`0\` success; ${list}.`,
    content: {
      'application/json': {
        schema: { oneOf: [envelope(0, outputSchema(op.output), 'Success'), ...refusals] },
      },
    },
  };
}

/** The transport faults' answers (`components.responses`), each an envelope with its status as code. */
const TRANSPORT_RESPONSES: Record<string, { code: number; description: string; retryAfter?: number }> = {
  TooSlow: {
    code: Code.requestTimeout,
    description: 'The body arrived too slowly: nothing was done, the connection is closed after the answer.',
  },
  TooLarge: {
    code: Code.tooLarge,
    description:
      'The body is too large (`BODY_LIMIT`, 256 kB by default; 20 MB a file for uploads): nothing was stored, the connection is closed after the answer.',
  },
  Busy: {
    code: Code.tooManyRequests,
    description:
      'Too many requests of this client address are in progress at once (`MAX_REQUESTS_PER_ADDRESS`, 64 a server process): answered before any work, the connection is closed.',
    retryAfter: 1,
  },
  ServerFault: {
    code: Code.serverFault,
    description: 'A server fault; its details are in the server’s log only.',
  },
  Unavailable: {
    code: Code.unavailable,
    description: 'The database cannot be reached for a moment: ask again after `Retry-After` seconds.',
    retryAfter: 2,
  },
};

function transportResponses(): Json {
  const out: Json = {};
  for (const [name, t] of Object.entries(TRANSPORT_RESPONSES)) {
    out[name] = {
      description: t.description,
      ...(t.retryAfter
        ? {
            headers: {
              'Retry-After': {
                description: `seconds to wait before asking again (${t.retryAfter})`,
                schema: { type: 'integer', const: t.retryAfter },
              },
            },
          }
        : {}),
      content: { 'application/json': { schema: ref(`Refusal${t.code}`) } },
    };
  }
  return out;
}

const transport = (name: keyof typeof TRANSPORT_RESPONSES) => ({ $ref: `#/components/responses/${name}` });

/** The HTTP answers besides 200 that any call of this method can get. */
function otherAnswers(method: Operation['method']): Json {
  return {
    ...(method === 'POST' ? { '408': transport('TooSlow'), '413': transport('TooLarge') } : {}),
    '429': transport('Busy'),
    '500': transport('ServerFault'),
    '503': transport('Unavailable'),
  };
}

const SECURITY: Record<Auth, Json[]> = {
  session: [{ XToken: [] }],
  account: [{ XToken: [] }],
  optional: [{}, { XToken: [] }],
  public: [],
  chat: [{ ChatSession: [] }, { ChatSession: [], XToken: [] }],
  signed: [{ Timestamp: [], Signature: [] }],
};

/** Who may call: the declaration's kind, and an API client's bearer token where a scope grants the call. */
function securityOf(op: Operation): Json[] {
  const scope = scopeOf(op);
  return scope ? [...SECURITY[op.auth], { oauth2: [scope] }] : SECURITY[op.auth];
}

const AUTH_TEXT: Record<Auth, string> = {
  public: 'Anyone may call it: no token.',
  optional: 'Anyone may call it; a valid `X-Token` adds the user (an invalid one is ignored, never 598).',
  account:
    'Needs a live session (`X-Token`; 598 or 599 otherwise); also usable while a password change is forced.',
  session:
    'Needs a live session with a current password (`X-Token`; 598 or 599 otherwise, 463 while a password change is forced).',
  chat: 'Needs the chat session of `common/get-qa-config` in `X-Chat-Session` (400 without it); a valid `X-Token` adds the user.',
  signed:
    'Server to server: signed with the integration secret (`X-Timestamp`, `X-Signature` = hex HMAC-SHA256 over `timestamp.rawBody`; 403 otherwise).',
};

function windowText(ms: number): string {
  const units: Array<[number, string]> = [
    [86_400_000, 'day'],
    [3_600_000, 'hour'],
    [60_000, 'minute'],
    [1000, 'second'],
  ];
  for (const [size, name] of units) {
    if (ms % size === 0) {
      const n = ms / size;
      return n === 1 ? `a ${name}` : `in ${n} ${name}s`;
    }
  }
  return `in ${ms} ms`;
}

const BY: Record<RateLimit['by'], (r: RateLimit) => string> = {
  ip: () => 'per client address',
  user: () => 'per user',
  field: (r) => `per value of \`${r.field}\``,
};

function limitsText(limits: readonly RateLimit[]): string {
  const each = limits.map(
    (r) =>
      `${r.limit} ${windowText(r.windowMs)} ${BY[r.by](r)}${r.bucket ? ` (counter \`${r.bucket}\`, shared by the calls that name it)` : ''}`,
  );
  return `Rate limits: ${each.join('; ')}; past them the answer is code 429 (HTTP 200).`;
}

function operationDescription(op: Operation): string {
  const lines = [AUTH_TEXT[op.auth]];
  const scope = scopeOf(op);
  if (scope)
    lines.push(
      `API clients: an access token with the scope \`${scope}\` (\`Authorization: Bearer\`), for the client’s customer, within its rate (429 past it).`,
    );
  if (op.signature)
    lines.push(
      `An electronic signature (21 CFR Part 11): \`signature\` carries the signer’s password again and its meaning (${op.signature.meanings.map((m) => `\`${m}\``).join(', ')}); a wrong password is a 422 on \`signature\` and counts towards the address’s wait (407).`,
    );
  if (op.idempotencyKey)
    lines.push(
      'Idempotent on the caller’s `Idempotency-Key` header (required, 8–128 visible characters): the same key with the same body answers the first call’s answer again and does nothing more; with another body it is a 422; without the header a 400. A user’s key is the user’s, kept 7 days; an API client’s is its customer’s, whichever of its clients sends it, kept 90 days.',
    );
  if (op.rateLimits?.length) lines.push(limitsText(op.rateLimits));
  if (op.cors) lines.push('Open to the partner origins configured in `CORS_ORIGINS` (CORS, no credentials).');
  if (op.background)
    lines.push(
      'A background call: when its event cannot be stored it answers 543, which clients keep silent.',
    );
  if (op.media) lines.push(`Answers the file itself (\`${op.media}\`); a refusal is an envelope.`);
  return lines.join('\n\n');
}

/** A sentence for a parameter from its schema (the contract's schemas carry no descriptions of their own). */
export function describeSchema(schema: JsonSchema): string {
  if (typeof schema.description === 'string') return schema.description;
  const members = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (members) {
    // a number in a query string arrives as its digits: one description for both forms
    const numeric = members.find((m) => m.type === 'number' || m.type === 'integer');
    if (numeric && members.every((m) => m === numeric || m.type === 'string'))
      return withDefault(`${bounded(numeric, 'a number')} (as its digits)`, schema);
    return withDefault(members.map(describeSchema).join(', or '), schema);
  }
  if (Array.isArray(schema.enum))
    return withDefault(`one of ${schema.enum.map((e) => `\`${String(e)}\``).join(', ')}`, schema);
  if (schema.const !== undefined) return `\`${String(schema.const)}\``;
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'integer':
      return withDefault(bounded(schema, 'a whole number'), schema);
    case 'number':
      return withDefault(bounded(schema, 'a number'), schema);
    case 'boolean':
      return withDefault('true or false', schema);
    case 'array':
      return withDefault(
        `a list${schema.maxItems !== undefined ? ` of at most ${schema.maxItems}` : ''}`,
        schema,
      );
    case 'string': {
      const parts = ['text'];
      if (schema.format) parts.push(`(${schema.format})`);
      if (schema.minLength !== undefined && schema.minLength > 0 && schema.maxLength !== undefined)
        parts.push(`of ${schema.minLength} to ${schema.maxLength} characters`);
      else if (schema.maxLength !== undefined) parts.push(`of at most ${schema.maxLength} characters`);
      if (schema.pattern && schema.pattern !== '^[^\\0]*$') parts.push(`matching \`${schema.pattern}\``);
      return withDefault(parts.join(' '), schema);
    }
    default:
      return 'a value';
  }
}

function bounded(schema: JsonSchema, noun: string): string {
  const { minimum, maximum } = schema as { minimum?: number; maximum?: number };
  if (minimum !== undefined && maximum !== undefined) return `${noun} from ${minimum} to ${maximum}`;
  if (minimum !== undefined) return `${noun} of at least ${minimum}`;
  if (maximum !== undefined) return `${noun} of at most ${maximum}`;
  return noun;
}

const withDefault = (text: string, schema: JsonSchema) =>
  schema.default === undefined || schema.default === ''
    ? text
    : `${text}; default \`${String(schema.default)}\``;

/** The query schema as one OpenAPI parameter per property. */
function queryParameters(schema: JsonSchema): Json[] {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set(schema.required ?? []);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: 'query',
    description: describeSchema(property),
    required: required.has(name),
    schema: property,
  }));
}

const IDEMPOTENCY_KEY = {
  name: 'Idempotency-Key',
  in: 'header',
  required: true,
  description:
    'The caller’s key of this request (a UUID made when the form opens; for a system, its own request id): the same key and body again answer the first answer',
  schema: { type: 'string', pattern: '^[\\x21-\\x7e]{8,128}$' },
};

export const operationIdOf = (op: Pick<Operation, 'method' | 'path'>) =>
  `${op.method.toLowerCase()}/${op.path}`.replace(/[/-](\w)/g, (_, ch: string) => ch.toUpperCase());

function operationObject(op: Operation, used: Set<number>): Json {
  const out: Json = {
    operationId: operationIdOf(op),
    summary: op.summary,
    description: operationDescription(op),
    tags: [op.area],
    security: securityOf(op),
    responses: { '200': okAnswer(op, used), ...otherAnswers(op.method) },
  };
  if (op.rateLimits?.length) {
    out['x-rate-limits'] = op.rateLimits.map((r) => ({
      by: r.by === 'field' ? r.field : r.by,
      limit: r.limit,
      window_seconds: r.windowMs / 1000,
      ...(r.bucket ? { shared_with: r.bucket } : {}),
    }));
  }
  const parameters: Json[] = op.method === 'GET' ? queryParameters(inputSchema(op.input)) : [];
  if (op.idempotencyKey) parameters.push(IDEMPOTENCY_KEY);
  if (parameters.length) out.parameters = parameters;
  if (op.method === 'POST') {
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
                contentMediaType: 'application/octet-stream',
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

const status = (value: string) => ({
  type: 'object',
  properties: { status: { type: 'string', const: value } },
  required: ['status'],
  additionalProperties: false,
});

/** The calls outside the envelope's pipeline: this document, the reference page, health, the live stream. */
function metaPaths(): Record<string, Json> {
  const page = (summary: string, description: string, type: string, operationId: string) => ({
    get: {
      operationId,
      summary,
      description,
      tags: ['meta'],
      security: [],
      responses: {
        '200': { description: summary, content: { [type]: { schema: { type: 'string' } } } },
        '429': transport('Busy'),
        '500': transport('ServerFault'),
      },
    },
  });
  return {
    '/api/openapi.json': {
      get: {
        operationId: 'openapi',
        summary: 'This document',
        description:
          'The OpenAPI 3.1 description of every call, generated from the declarations the server mounts.',
        tags: ['meta'],
        security: [],
        responses: {
          '200': {
            description: 'the OpenAPI document',
            content: { 'application/json': { schema: { type: 'object' } } },
          },
          '429': transport('Busy'),
          '500': transport('ServerFault'),
        },
      },
    },
    '/api/docs': page(
      'The API reference page',
      'This document as a page for people (English or Chinese by `Accept-Language` or `?lang=en|zh-CN`): authentication, webhooks, idempotency, errors, rate limits and every operation.',
      'text/html',
      'docs',
    ),
    '/api/docs.css': page(
      'The reference page’s stylesheet',
      'The stylesheet of `/api/docs`.',
      'text/css',
      'docsCss',
    ),
    // OAuth 2.0 client credentials of API clients, outside the envelope (areas/api-clients)
    '/api/oauth/token': oauthTokenPathItem(),
    // SCIM 2.0 provisioning by customers' identity providers, outside the envelope (accounts/scim*.ts)
    ...scimPathItems(),
    '/api/health.json': {
      get: {
        operationId: 'health',
        summary: 'For load balancers: the process serves and its database answers (no envelope)',
        description: 'No token, no rate limit, never cached; says nothing else about the server.',
        tags: ['meta'],
        security: [],
        responses: {
          '200': { description: 'serving', content: { 'application/json': { schema: status('ok') } } },
          '429': transport('Busy'),
          '503': {
            description: 'the database cannot be reached (Retry-After: 2)',
            headers: {
              'Retry-After': { description: 'seconds to wait (2)', schema: { type: 'integer', const: 2 } },
            },
            content: { 'application/json': { schema: status('unavailable') } },
          },
        },
      },
    },
    '/api/live/stream': {
      get: {
        operationId: 'liveStream',
        summary: 'The session’s changes as server-sent events',
        description:
          '`change` events carry `{kind, action, id, order}` with the event id `customer:place`; `hello` opens, `reset` says that what was missed is too much to tell (read everything again), `end` that the stream is over (`session`: the session ended; `stopping`: the server stops, reconnect). Opened with a ticket of `live/ticket` (or `tracking/live-ticket`), not a token.',
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
          '200': {
            description: 'the stream',
            content: { 'text/event-stream': { schema: { type: 'string' } } },
          },
          '401': {
            description: 'the ticket is not valid or has expired: ask for a new one',
            content: {
              'application/json': {
                schema: envelope(401, { type: 'null' }, 'Refusal401'),
              },
            },
          },
          '429': {
            description:
              'too many streams (8 a user per process), or too many requests in progress from the address',
            content: { 'application/json': { schema: ref('Refusal429') } },
          },
          '500': transport('ServerFault'),
          '503': transport('Unavailable'),
        },
      },
    },
  };
}

const DESCRIPTION = `

**Envelope.** Every answer of a call is JSON \`{code, message, data}\`. Every outcome of a call, a refusal included, comes with **HTTP 200** and is told apart by \`code\`: \`0\` success with the answer in \`data\`; otherwise a refusal whose \`data\` each operation's answer describes (a 422's \`{field: message}\` map, a 409's record as it is now, \`null\` for most). \`message\` is a sentence for people in the caller's language (\`Accept-Language\`: English first → English, otherwise Chinese); clients branch on \`code\`. Transport faults change the HTTP status and still carry an envelope with that number as \`code\`: 408, 413, 429 (with \`Retry-After\`), 500, 503 (with \`Retry-After\`); an unknown path (or a known one with another method) is HTTP 404 with code 404.

**Authentication.** The portal's session token travels in \`X-Token\` (the access_token of \`user/login\`); the provider's systems sign with the integration secret. The reference page (\`/api/docs\`) has examples.`;

/** The scopes an API client may hold (src/contract/api-clients/schemas.ts), each with what it grants. */
export const API_SCOPES: Readonly<Record<ApiClientScope, string>> = {
  'orders:read':
    'read the customer’s orders: the lists, the views and their sections, temperatures and tracks',
  'orders:write':
    'create orders (idempotent on the caller’s Idempotency-Key), cancel, merge, remark on and ask to modify them; read the projects, sites and addresses an order names',
  'inventory:read': 'read the customer’s stock lines, their movements and depots',
  'excursions:read':
    'read the customer’s temperature excursion cases, their reports and the stability budgets',
  'webhooks:manage':
    'manage the customer’s webhook endpoints, their secrets, deliveries, replays and test events',
};

/** The OpenAPI 3.1 document of `operations`, generated from their contract schemas. */
export function openApiDocument(operations: readonly Operation[], info: DocumentInfo): Json {
  const paths: Record<string, Json> = {};
  const used = new Set<number>([Code.tooManyRequests, Code.requestTimeout, Code.tooLarge]);
  used.add(Code.serverFault).add(Code.unavailable);
  for (const op of operations) {
    const path = `/api/${op.path}.html`;
    paths[path] = { ...paths[path], [op.method.toLowerCase()]: operationObject(op, used) };
  }
  Object.assign(paths, metaPaths());
  const areas = [...new Set([...operations.map((op) => op.area), 'meta', 'live'])].sort();
  const refusals = Object.fromEntries(
    [...used].sort((a, b) => a - b).map((c) => [`Refusal${c}`, refusalSchema(c)]),
  );
  return {
    openapi: '3.1.0',
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    info: {
      ...info,
      description: `${info.description}${DESCRIPTION}`,
      contact: info.contact ?? { name: 'The provider’s customer service' },
    },
    servers: [{ url: '/' }],
    tags: areas.map((name) => ({ name, description: TAGS[name]?.description ?? '' })),
    paths,
    components: {
      schemas: {
        ...refusals,
        FieldErrors: {
          ...outputSchema(FieldErrorsSchema),
          description:
            'a message per field, in the caller’s language; dot paths for nested fields (`a_id.0`)',
        },
        RetryAfter: outputSchema(RetryAfter),
        ...namedSchemas(),
      },
      responses: transportResponses(),
      securitySchemes: {
        ScimToken: {
          type: 'http',
          scheme: 'bearer',
          description:
            'A customer’s SCIM provisioning token (`lp_scim_…`), issued by its administrator in the portal: for `/api/scim/v2` only.',
        },
        XToken: {
          type: 'apiKey',
          in: 'header',
          name: 'X-Token',
          description:
            'The portal’s session: the access_token of user/login (the browser keeps it in the Admin-Token cookie; the server never reads cookies). Idle expiry 8 h, absolute 7 days (598); one live session per user (599 after a login elsewhere).',
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
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'lpat_…',
          description:
            'The access token of oauth2 as a plain bearer scheme, for tools that take one: `Authorization: Bearer <token>`, good for 15 minutes, for the client’s customer. The calls that take it are those whose security names oauth2, with the scope each needs; any other call answers such a token 403.',
        },
        oauth2: {
          type: 'oauth2',
          description:
            'API clients of a customer (made by a customer administrator in the portal; the secret is shown once): a token from `POST /api/oauth/token` with `grant_type=client_credentials`, sent as a bearer token.',
          flows: {
            clientCredentials: {
              tokenUrl: '/api/oauth/token',
              scopes: API_SCOPES,
            },
          },
        },
      },
    },
  };
}
