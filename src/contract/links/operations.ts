import { Code } from '../codes.ts';
import { operation } from '../operation.ts';
import { LinkedSystemListSchema, LinkedSystemsQuery, OpenLinkAnswer, OpenLinkRequest } from './schemas.ts';

/** The provider's other systems a signed-in user may open from the portal (schemas.ts). */
const area = 'links';

export const linkedSystems = operation({
  area,
  method: 'GET',
  path: 'common/linked-systems',
  summary: 'The provider’s other systems the portal can open signed in (configured by LINKED_SYSTEMS)',
  auth: 'session',
  input: LinkedSystemsQuery,
  output: LinkedSystemListSchema,
});

export const openLink = operation({
  area,
  method: 'POST',
  path: 'common/open-link',
  summary:
    'The address that opens another provider system signed in: its sign-in URL with a one-time code (60 s, one use)',
  auth: 'session',
  audit: { none: 'issues a one-time code for another provider system, which records its own sign-in' },
  input: OpenLinkRequest,
  output: OpenLinkAnswer,
  rateLimits: [{ by: 'user', limit: 30, windowMs: 60_000 }],
  codes: [Code.notFound],
});
