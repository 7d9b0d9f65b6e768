import * as v from 'valibot';
import { Id, IntIn, RequiredText } from '../fields.ts';
import { fill, langOf, msg } from '../messages.ts';

/**
 * API clients (`api-client/*`): the sponsor's systems that call the portal with OAuth 2.0
 * client-credentials tokens (`POST /api/oauth/token`, docs/api.md "API clients"), made by the
 * customer's administrators. The secret is in the answer of `create` and `rotate` only.
 */

/** What a client may be granted: each names the calls it opens (server/areas/api-clients/scopes.ts). */
export const API_CLIENT_SCOPES = [
  'orders:read',
  'orders:write',
  'inventory:read',
  'excursions:read',
  'webhooks:manage',
] as const;
export type ApiClientScope = (typeof API_CLIENT_SCOPES)[number];

/** Scopes that exist but are never granted to a client: an excursion's decision is a person's signature. */
export const NEVER_GRANTED_SCOPES = ['excursions:decide'] as const;

/** The most clients a customer has at once (revoked ones not counted). */
export const API_CLIENTS_MAX = 25;
/** The most source addresses (or blocks) one client names. */
export const API_CLIENT_ADDRESSES_MAX = 20;
/** Calls a minute a client may make: the default, and the bounds an administrator may set. */
export const API_CLIENT_RATE_DEFAULT = 600;
export const API_CLIENT_RATE_MIN = 1;
export const API_CLIENT_RATE_MAX = 6000;
/** How long the old secret may still hold after a rotation, in hours (0: not at all). */
export const ROTATION_GRACE_HOURS = [0, 1, 24, 168] as const;

const isScope = (value: string): value is ApiClientScope =>
  (API_CLIENT_SCOPES as readonly string[]).includes(value);

/**
 * This area's own schema messages, in both languages (kept here rather than in the shared
 * catalogue of messages.ts, which every form's bundle carries).
 */
const said =
  (zh: string, en: string) =>
  (issue: { readonly input: unknown; readonly lang?: string | undefined }): string =>
    fill(langOf(issue.lang) === 'en' ? en : zh, { value: String(issue.input).slice(0, 40) });

const NEVER_GRANTED = said(
  '{value} 从不授予接口客户端：偏差处置是本人的电子签名',
  '{value} is never granted to an API client: a decision is a person’s electronic signature',
);
const NO_SCOPE = said('没有这个权限范围：{value}', 'There is no scope {value}');
const scopeMessage = (issue: { readonly input: unknown; readonly lang?: string | undefined }) =>
  ((NEVER_GRANTED_SCOPES as readonly string[]).includes(String(issue.input)) ? NEVER_GRANTED : NO_SCOPE)(
    issue,
  );

/** One scope of a client: a grantable one (`excursions:decide` is refused by name). */
export const ScopeSchema = v.pipe(
  v.string(msg('string')),
  v.check(isScope, scopeMessage),
  v.transform((s) => s as ApiClientScope),
);

const IPV4 = /^(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;
const IPV6_CHARS = /^[0-9a-fA-F:.]{2,45}$/;

/** Whether `text` is an IPv6 address (the URL parser's rule, in the browser and on the server alike). */
function isIpv6(text: string): boolean {
  if (!IPV6_CHARS.test(text) || !text.includes(':')) return false;
  try {
    new URL(`http://[${text}]/`);
    return true;
  } catch {
    return false;
  }
}

/** An IP address or a CIDR block (`203.0.113.7`, `10.0.0.0/8`, `2001:db8::/32`). */
export function isAddressBlock(text: string): boolean {
  const [address = '', prefix, extra] = text.split('/');
  if (extra !== undefined) return false;
  const bits = IPV4.test(address) ? 32 : isIpv6(address) ? 128 : 0;
  if (bits === 0) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= bits);
}

export const AddressBlockSchema = v.pipe(
  v.string(msg('string')),
  v.trim(),
  v.maxLength(50, msg('maxLength', { max: 50 })),
  v.check(
    isAddressBlock,
    said(
      '请填写 IP 地址或 CIDR 网段（如 203.0.113.7、10.0.0.0/8、2001:db8::/32）',
      'Enter an IP address or a CIDR block (203.0.113.7, 10.0.0.0/8, 2001:db8::/32)',
    ),
  ),
);

const unique = <T>(items: readonly T[]) => new Set(items).size === items.length;

const Scopes = v.pipe(
  v.array(ScopeSchema, msg('list')),
  v.minLength(1, msg('minItems', { min: 1 })),
  v.check(unique, msg('repeated')),
);
const AllowedAddresses = v.pipe(
  v.array(AddressBlockSchema, msg('list')),
  v.maxLength(API_CLIENT_ADDRESSES_MAX, msg('maxItems', { max: API_CLIENT_ADDRESSES_MAX })),
  v.check(unique, msg('repeated')),
);
const RatePerMinute = IntIn(API_CLIENT_RATE_MIN, API_CLIENT_RATE_MAX);

export const ApiClientCreate = v.strictObject({
  name: RequiredText(64),
  scopes: Scopes,
  /** Where the client may call from (empty: anywhere). */
  allowed_addresses: v.optional(AllowedAddresses, []),
  /** Calls a minute over all its calls (429 beyond). */
  rate_per_minute: v.optional(RatePerMinute, API_CLIENT_RATE_DEFAULT),
});
export type ApiClientCreate = v.InferInput<typeof ApiClientCreate>;

/**
 * A change of an active client's scopes, allowed source addresses or rate (what is left out stays
 * as it is). Its name stays: the audit trail names the client by it.
 */
export const ApiClientUpdate = v.strictObject({
  id: Id,
  scopes: v.optional(Scopes),
  allowed_addresses: v.optional(AllowedAddresses),
  rate_per_minute: v.optional(RatePerMinute),
});
export type ApiClientUpdate = v.InferInput<typeof ApiClientUpdate>;

export const ApiClientRotate = v.strictObject({
  id: Id,
  /** How long the old secret still holds, in hours (0: it stops now, with its tokens). */
  grace_hours: v.optional(
    v.pipe(
      IntIn(0, 168),
      v.check((h) => (ROTATION_GRACE_HOURS as readonly number[]).includes(h), msg('choice')),
    ),
    0,
  ),
});
export type ApiClientRotate = v.InferInput<typeof ApiClientRotate>;

export const ApiClientId = v.strictObject({ id: Id });

/** A client as the list shows it (never its secret, nor its hash). */
export const ApiClientSchema = v.strictObject({
  id: v.number(),
  /** The OAuth `client_id`. */
  client_id: v.string(),
  name: v.string(),
  scopes: v.array(v.picklist(API_CLIENT_SCOPES)),
  allowed_addresses: v.array(v.string()),
  state: v.picklist(['active', 'revoked']),
  created_at: v.string(),
  /** Who made it (the administrator's printed name; '' once the user is gone). */
  created_by: v.string(),
  rotated_at: v.nullable(v.string()),
  /** Until when the secret before the last rotation still holds (null: it does not). */
  previous_secret_until: v.nullable(v.string()),
  revoked_at: v.nullable(v.string()),
  /** The last token or call (kept to the minute). */
  last_used_at: v.nullable(v.string()),
  /** Calls a minute the client may make. */
  rate_per_minute: v.number(),
});
export type ApiClient = v.InferOutput<typeof ApiClientSchema>;

export const ApiClientListSchema = v.strictObject({
  list: v.array(ApiClientSchema),
  /** The scopes a client may be given. */
  scopes: v.array(v.picklist(API_CLIENT_SCOPES)),
  /** The token endpoint (`POST`, relative to the portal's address). */
  token_url: v.string(),
});
export type ApiClientList = v.InferOutput<typeof ApiClientListSchema>;

/** `create` and `rotate`: the client and its secret, shown this once (only its hash is kept). */
export const ApiClientWithSecretSchema = v.strictObject({
  client: ApiClientSchema,
  client_secret: v.string(),
});
export type ApiClientWithSecret = v.InferOutput<typeof ApiClientWithSecretSchema>;
