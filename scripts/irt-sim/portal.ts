import createClient, { type Client } from 'openapi-fetch';
import type { paths } from '../../server/openapi/typed-client/portal-api.d.ts';

/**
 * The sponsor's view of the portal: a client generated from `/api/openapi.json` (openapi-typescript
 * types, `server/openapi/typed-client/portal-api.d.ts`, made from the document; calls by
 * openapi-fetch), as a sponsor's developers would make one. Each answer's `data` is typed by its
 * `code`, so reading the success needs the `code === 0` check `ok` makes.
 */
export type Portal = Client<paths>;

/** A portal client sending `headers` with every call (a bearer token or a user's X-Token). */
export function portalClient(baseUrl: string, headers: Record<string, string> = {}): Portal {
  return createClient<paths>({
    baseUrl: baseUrl.replace(/\/+$/, ''),
    headers: { 'Accept-Language': 'en', ...headers },
  });
}

/** An envelope that is not a success, or no envelope at all. */
export class Refused extends Error {
  override name = 'Refused';
  constructor(
    readonly call: string,
    readonly code: number | undefined,
    message: string,
    readonly data: unknown = null,
  ) {
    super(`${call}: ${code ?? 'no answer'} ${message}`);
  }
}

type Envelope = { code: number; message: string; data: unknown };

/** The success's data of an openapi-fetch answer, or `Refused` with the code and message. */
export function ok<A extends Envelope>(
  call: string,
  answer: { data?: A; error?: unknown; response: Response },
): Extract<A, { code: 0 }>['data'] {
  const envelope = answer.data;
  if (!envelope) throw new Refused(call, answer.response.status, 'HTTP error');
  if (envelope.code !== 0) throw new Refused(call, envelope.code, envelope.message, envelope.data);
  return (envelope as Extract<A, { code: 0 }>).data;
}

/** What the client credentials grant gave (`POST /api/oauth/token`). */
export interface Token {
  accessToken: string;
  scope: string;
  expiresIn: number;
}

/**
 * OAuth 2.0 client credentials (RFC 6749 §4.4): the client authenticates with HTTP Basic, each
 * part form-urlencoded (§2.3.1), and gets a 15-minute bearer token.
 */
export async function clientToken(baseUrl: string, clientId: string, clientSecret: string): Promise<Token> {
  const basic = Buffer.from(`${encodeURIComponent(clientId)}:${encodeURIComponent(clientSecret)}`).toString(
    'base64',
  );
  const anonymous = portalClient(baseUrl, { Authorization: `Basic ${basic}` });
  const { data, error, response } = await anonymous.POST('/api/oauth/token', {
    body: { grant_type: 'client_credentials' },
    bodySerializer: (body) => new URLSearchParams(body as Record<string, string>).toString(),
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
  });
  if (!data) {
    const why = error && typeof error === 'object' && 'error' in error ? String(error.error) : 'no token';
    throw new Refused('oauth/token', response.status, why);
  }
  return { accessToken: data.access_token, scope: data.scope, expiresIn: data.expires_in };
}
