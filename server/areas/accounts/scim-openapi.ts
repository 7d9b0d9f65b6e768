/**
 * The SCIM 2.0 service (scim-endpoint.ts) in `/api/openapi.json`: its paths, outside the envelope,
 * answered as RFC 7644 has it (`application/scim+json`; errors are SCIM error messages).
 */
const SCIM = 'application/scim+json';
const resource = { type: 'object', description: 'a SCIM resource (RFC 7643)', additionalProperties: true };
const error = {
  type: 'object',
  description: 'a SCIM error message (RFC 7644 §3.12)',
  properties: {
    schemas: {
      type: 'array',
      items: { type: 'string', const: 'urn:ietf:params:scim:api:messages:2.0:Error' },
    },
    status: { type: 'string' },
    scimType: { type: 'string' },
    detail: { type: 'string' },
  },
  required: ['schemas', 'status', 'detail'],
};
const body = (description: string, schema: unknown = resource) => ({
  description,
  content: { [SCIM]: { schema } },
});
const refusals = {
  '400': body('a bad body, filter or parameter', error),
  '401': body('no provisioning token, or an unknown or revoked one (WWW-Authenticate: Bearer)', error),
  '404': body('no such resource of this customer', error),
  '409': body(
    'the userName or e-mail is provisioned already, or the account belongs to customers not granted',
    error,
  ),
  '429': body('too many requests or failed authentications from this address (Retry-After)', error),
  '503': body('the database is unavailable (Retry-After)', error),
};
const idParam = {
  name: 'id',
  in: 'path',
  required: true,
  description: 'the resource’s id',
  schema: { type: 'string' },
};
const ABOUT: Record<string, string> = {
  filter: 'a SCIM filter (RFC 7644 §3.4.2.2), e.g. `userName eq "ada@example.com"`',
  attributes: 'comma-separated attributes to answer',
  excludedAttributes: 'comma-separated attributes to leave out',
  sortBy: 'the attribute to sort by',
  sortOrder: '`ascending` (default) or `descending`',
  startIndex: 'the first result, from 1',
  count: 'results per page (at most 200, the default)',
};
const listParams = [
  'filter',
  'attributes',
  'excludedAttributes',
  'sortBy',
  'sortOrder',
  'startIndex',
  'count',
].map((name) => ({
  name,
  in: 'query',
  required: false,
  description: ABOUT[name] ?? name,
  schema: name === 'startIndex' || name === 'count' ? { type: 'integer', minimum: 0 } : { type: 'string' },
}));
const DESCRIPTION =
  'SCIM 2.0 provisioning by the customer’s identity provider (docs/decisions/single-sign-on.md). Authenticated by the customer’s provisioning token (`Authorization: Bearer lp_scim_…`, issued by its administrator in the portal). A User is an account of the customer; `active: false` or DELETE ends it (no sign-in, its sessions end).';

const op = (operationId: string, summary: string, extra: Record<string, unknown> = {}) => ({
  operationId,
  summary,
  description: DESCRIPTION,
  tags: ['accounts'],
  security: [{ ScimToken: [] }],
  ...extra,
});

export function scimPathItems(): Record<string, unknown> {
  const base = '/api/scim/v2';
  const ok = (what: string) => ({ '200': body(what), ...refusals });
  const write = { requestBody: { required: true, content: { [SCIM]: { schema: resource } } } };
  return {
    [`${base}/ServiceProviderConfig`]: {
      get: op('scimServiceProviderConfig', 'SCIM: what the service supports', {
        responses: ok('the configuration'),
      }),
    },
    [`${base}/ResourceTypes`]: {
      get: op('scimResourceTypes', 'SCIM: the resource types (User)', { responses: ok('a list response') }),
    },
    [`${base}/ResourceTypes/{id}`]: {
      get: op('scimResourceType', 'SCIM: one resource type', {
        parameters: [idParam],
        responses: ok('the resource type'),
      }),
    },
    [`${base}/Schemas`]: {
      get: op('scimSchemas', 'SCIM: the schemas', { responses: ok('a list response') }),
    },
    [`${base}/Schemas/{id}`]: {
      get: op('scimSchema', 'SCIM: one schema', { parameters: [idParam], responses: ok('the schema') }),
    },
    [`${base}/Users`]: {
      get: op('scimUsers', 'SCIM: the customer’s provisioned users (filter, sort, pages of at most 200)', {
        parameters: listParams,
        responses: ok('a list response'),
      }),
      post: op('scimUserCreate', 'SCIM: provision a person (an account is linked or made)', {
        ...write,
        responses: { '201': body('the user (Location: its address)'), ...refusals },
      }),
    },
    [`${base}/Users/{id}`]: {
      get: op('scimUser', 'SCIM: one provisioned user', { parameters: [idParam], responses: ok('the user') }),
      put: op('scimUserReplace', 'SCIM: replace a user', {
        parameters: [idParam],
        ...write,
        responses: ok('the user'),
      }),
      patch: op('scimUserPatch', 'SCIM: change a user (PatchOp; `active: false` ends the account)', {
        parameters: [idParam],
        ...write,
        responses: { ...ok('the user'), '204': { description: 'changed' } },
      }),
      delete: op('scimUserDelete', 'SCIM: remove a user (the account stays, deactivated)', {
        parameters: [idParam],
        responses: { '204': { description: 'removed' }, ...refusals },
      }),
    },
  };
}
