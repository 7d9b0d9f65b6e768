import { Code } from '../codes.ts';
import { operation } from '../operation.ts';
import {
  IntegrationCodeRequest,
  IntegrationCodeResponse,
  RedeemLinkRequest,
  RedeemLinkResponse,
} from './schemas.ts';

/** Calls from the provider's other systems, signed with the shared secret (docs/api.md). */
export const jumpCode = operation({
  area: 'integration',
  method: 'POST',
  path: 'integration/jump-code',
  summary: 'Issue a one-time login code for user/jump-login or user/new-login (server to server)',
  auth: 'signed',
  audit: { none: 'issues a one-time sign-in code; the sign-in with it is recorded' },
  input: IntegrationCodeRequest,
  output: IntegrationCodeResponse,
  codes: [Code.notFound],
});

export const redeemLink = operation({
  area: 'integration',
  method: 'POST',
  path: 'integration/redeem-link',
  summary:
    'Redeem the one-time code of a link the portal opened (common/open-link): who the user is and which customer they were in (server to server)',
  auth: 'signed',
  audit: { none: "uses a link's one-time code up; the other system records its own sign-in" },
  input: RedeemLinkRequest,
  output: RedeemLinkResponse,
  codes: [Code.notFound],
});
