import { API_CLIENT_SCOPES } from '../../../src/contract/api-clients/schemas.ts';
import { TOKEN_TTL_MS } from './tokens.ts';

/**
 * `POST /api/oauth/token` as the OpenAPI document describes it (server/openapi/document.ts puts
 * it among the paths outside the envelope): OAuth 2.0 client credentials, answers and errors as
 * RFC 6749 §5.1 and §5.2 have them (token-endpoint.ts).
 */
const oauthError = (
  description: string,
  codes: readonly string[],
  headers: Record<string, unknown> = {},
) => ({
  description,
  headers: { 'Cache-Control': { schema: { type: 'string', const: 'no-store' } }, ...headers },
  content: {
    'application/json': {
      schema: {
        type: 'object',
        properties: {
          error: { type: 'string', enum: codes },
          error_description: { type: 'string' },
        },
        required: ['error', 'error_description'],
        additionalProperties: false,
      },
    },
  },
});

export function oauthTokenPathItem(): Record<string, unknown> {
  return {
    post: {
      operationId: 'oauthToken',
      summary: 'An API client’s access token (OAuth 2.0 client credentials, RFC 6749 §4.4)',
      description:
        'The client authenticates with HTTP Basic (`client_id:client_secret`, client_secret_basic) or with `client_id` and `client_secret` in the form (client_secret_post), never both. The token is good for 15 minutes, for the scopes asked (`scope`, space-separated; by default all the client holds), from the client’s allowed addresses only; send it as `Authorization: Bearer <token>`. Not the portal’s envelope: answers and errors are OAuth’s. Limits: 60 requests a minute per address, 10 failed authentications per address in 15 minutes, 20 tokens a minute per client and address (429 with Retry-After).',
      tags: ['api-clients'],
      // the client authenticates itself here (Basic or the form), with no token of the API's schemes
      security: [],
      requestBody: {
        required: true,
        content: {
          'application/x-www-form-urlencoded': {
            schema: {
              type: 'object',
              properties: {
                grant_type: { type: 'string', const: 'client_credentials' },
                scope: {
                  type: 'string',
                  description: `space-separated, among ${API_CLIENT_SCOPES.join(', ')}`,
                },
                client_id: { type: 'string', description: 'client_secret_post only' },
                client_secret: { type: 'string', description: 'client_secret_post only' },
              },
              required: ['grant_type'],
            },
          },
        },
      },
      responses: {
        '200': {
          description: 'the token',
          headers: { 'Cache-Control': { schema: { type: 'string', const: 'no-store' } } },
          content: {
            'application/json': {
              schema: {
                type: 'object',
                properties: {
                  access_token: { type: 'string', pattern: '^lpat_' },
                  token_type: { type: 'string', const: 'Bearer' },
                  expires_in: { type: 'integer', const: TOKEN_TTL_MS / 1000 },
                  scope: { type: 'string' },
                },
                required: ['access_token', 'token_type', 'expires_in', 'scope'],
                additionalProperties: false,
              },
            },
          },
        },
        '400': oauthError('the request is malformed, or the grant or scope is refused', [
          'invalid_request',
          'invalid_grant',
          'invalid_scope',
          'unsupported_grant_type',
        ]),
        '401': oauthError('the client is unknown, revoked, or its secret is wrong', ['invalid_client'], {
          'WWW-Authenticate': { schema: { type: 'string' } },
        }),
        '429': oauthError(
          'too many requests or failed authentications from this address',
          ['too_many_requests'],
          {
            'Retry-After': { schema: { type: 'integer' } },
          },
        ),
      },
    },
  };
}
