import { createHash } from 'node:crypto';
import * as oidc from 'openid-client';
import { Code } from '../../../src/contract/codes.ts';
import type { LoginResponse } from '../../../src/contract/accounts/schemas.ts';
import {
  DOMAIN,
  type DomainCheckResult,
  type SsoConfig,
  type SsoConfigUpdate,
} from '../../../src/contract/single-sign-on/schemas.ts';
import { REAUTH_STATE_PREFIX } from '../../../src/contract/sso-reauth/state.ts';
import { addressKey } from '../../core/address-key.ts';
import { ApiError, forbidden, invalidField, notFound } from '../../core/errors.ts';
import type { ServerMessage } from '../../core/messages.ts';
import type { DB } from '../../db/database.ts';
import type { AuditChange } from '../audit/tables.ts';
import { auditedTransaction, sessionActor } from '../audit/trail.ts';
import { startingCustomer } from './customers.ts';
import type { DeviceSeen } from './devices.ts';
import { openText, sealText } from './second-factor-seal.ts';
import { sealKey } from './second-factor.ts';
import { endUserSessions, forgetUserSessions, startSession, toPassFlag } from './sessions.ts';
import { newDomainToken, proofRecord, readDomainProof } from './sso-domain-proof.ts';
import type {} from './sso-tables.ts';
import { scimTokenState } from './scim-tokens.ts';
import { requiresSecondFactor } from './second-factor-policy.ts';
import { hashToken, newToken } from './tokens.ts';

/**
 * Single sign-on with OpenID Connect per customer (issue 34, docs/decisions/single-sign-on.md).
 * A customer's administrator registers the provider (issuer, client id and secret, sealed), the
 * e-mail domains it signs in, and the customers a just-in-time user gets. The flow is the
 * authorization code flow with PKCE (S256), state and nonce (openid-client checks the answer: the
 * state, the issuer, the ID token's signature, audience, nonce, lifetime and, when asked,
 * `auth_time`); the state is also bound to an HttpOnly cookie of the browser that began it and to
 * its client address, lasts FLOW_TTL_MS and is used once.
 */

/** A flow lasts this long between its start and its callback. */
export const FLOW_TTL_MS = 10 * 60_000;
/** A re-authentication's signing proof lasts this long, and signs once. */
export const PROOF_TTL_MS = 5 * 60_000;
/** The cookie that binds a flow to the browser that began it. */
export const FLOW_COOKIE = 'lp_sso';
/** How long a provider's discovered metadata is kept (a key rotation is read from its JWKS anyway). */
const DISCOVERY_TTL_MS = 10 * 60_000;

/** Who configures: an administrator signed in to the customer they administer. */
export interface SsoAdministrator {
  uid: number;
  name: string;
  cuId: number;
}

/**
 * What the flows need of the server: its key, its address, whether it runs in production, and the
 * DNS servers a domain's proof is read from (none: the system's).
 */
export interface SsoSettings {
  key: Buffer | null;
  publicUrl: string;
  production: boolean;
  dnsServers: readonly string[];
}

const sha = (text: string) => createHash('sha256').update(text).digest('base64url');
const boundTo = (cuId: number) => `sso-client-secret:${cuId}`;

/** The address the provider sends the browser back to: the login page, which finishes the flow. */
export const redirectUri = (publicUrl: string) => `${publicUrl}/login`;
/** Where the provider posts its logout tokens (sso-logout.ts). */
export const backchannelLogoutUri = (publicUrl: string) =>
  `${publicUrl}/api/user/sso-backchannel-logout.html`;

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** An issuer as the configuration takes it: https, or http on the loopback outside production. */
export function checkIssuer(issuer: string, production: boolean): string {
  let url: URL | null = null;
  try {
    url = new URL(issuer);
  } catch {}
  const ok =
    url !== null &&
    !url.search &&
    !url.hash &&
    !url.username &&
    (url.protocol === 'https:' || (url.protocol === 'http:' && !production && LOOPBACK.has(url.hostname)));
  if (!ok)
    throw invalidField(
      'issuer',
      'The identity provider must be an https:// address (http:// only on this computer, outside production)',
    );
  return issuer;
}

/** An e-mail's domain, lower case ('' when it is none). */
export function domainOf(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '';
  const domain = email
    .slice(at + 1)
    .trim()
    .toLowerCase();
  return DOMAIN.test(domain) ? domain : '';
}

/**
 * The return address of a flow: a path of this portal only (`/orders?x=1`), else '/'. What the
 * browser is sent to after the sign-in is this path on the portal's own origin, never an address
 * somebody put into `?to=` (`//evil.example`, `https://evil.example`, `/\evil.example`, `javascript:`).
 */
export function sameOriginPath(to: string | undefined, publicUrl: string): string {
  const raw = (to ?? '').trim();
  if (!raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return '/';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
  if (/[\u0000-\u001f\u007f\\]/.test(raw)) return '/';
  try {
    const base = new URL(publicUrl);
    const url = new URL(raw, base);
    if (url.origin !== base.origin) return '/';
    const path = `${url.pathname}${url.search}${url.hash}`;
    return path === '/login' || path.startsWith('/login?') ? '/' : path;
  } catch {
    return '/';
  }
}

const discovered = new Map<string, { server: oidc.ServerMetadata; at: number }>();

/** The relying party's configuration of a customer's provider, its clock at `now` (the app's clock). */
export async function clientOf(
  settings: SsoSettings,
  row: { cu_id: number; issuer: string; client_id: string; secret_sealed: string },
  now: Date,
): Promise<oidc.Configuration> {
  const secret = openText(sealKey(settings.key), boundTo(row.cu_id), row.secret_sealed);
  const insecure = new URL(row.issuer).protocol === 'http:';
  // the app's clock (tests move it) is the one the ID token's times are checked against
  const metadata = {
    [oidc.clockSkew]: Math.round((now.getTime() - Date.now()) / 1000),
  } as oidc.ClientMetadata;
  const known = discovered.get(row.issuer);
  let config: oidc.Configuration;
  if (known && Date.now() - known.at < DISCOVERY_TTL_MS) {
    config = new oidc.Configuration(known.server, row.client_id, metadata, oidc.ClientSecretBasic(secret));
    if (insecure) oidc.allowInsecureRequests(config);
  } else {
    try {
      config = await oidc.discovery(
        new URL(row.issuer),
        row.client_id,
        metadata,
        oidc.ClientSecretBasic(secret),
        {
          execute: insecure ? [oidc.allowInsecureRequests] : [],
          timeout: 10,
        },
      );
    } catch {
      throw new ApiError(Code.unavailable, 'The identity provider could not be reached: check its address');
    }
    discovered.set(row.issuer, { server: config.serverMetadata(), at: Date.now() });
  }
  return config;
}

// ---------------------------------------------------------------------------------------------
// configuration

/** The customers `uid` administers (a just-in-time user may be granted these only). */
async function administered(db: DB, uid: number) {
  return db
    .selectFrom('user_customers as uc')
    .innerJoin('customers as c', 'c.cu_id', 'uc.cu_id')
    .select(['c.cu_id', 'c.cu_name'])
    .where('uc.uid', '=', uid)
    .where('uc.is_admin', '=', true)
    .orderBy('c.cu_id')
    .execute();
}

/** The customer's single sign-on as its administrators read it (never the secret). */
export async function readSsoConfig(db: DB, admin: SsoAdministrator, publicUrl: string): Promise<SsoConfig> {
  const row = await db
    .selectFrom('sso_configs as s')
    .leftJoin('users as u', 'u.uid', 's.updated_by')
    .select(['s.issuer', 's.client_id', 's.updated_at', 'u.name'])
    .where('s.cu_id', '=', admin.cuId)
    .executeTakeFirst();
  const domains = await db
    .selectFrom('sso_domains')
    .select(['domain', 'token', 'verified_at', 'checked_at', 'check_result'])
    .where('cu_id', '=', admin.cuId)
    .orderBy('domain')
    .execute();
  const grants = await db
    .selectFrom('sso_grants')
    .select('granted_cu_id')
    .where('cu_id', '=', admin.cuId)
    .orderBy('granted_cu_id')
    .execute();
  const identities = await db
    .selectFrom('sso_identities as i')
    .innerJoin('users as u', 'u.uid', 'i.uid')
    .select(['i.id', 'i.email', 'u.name', 'i.deactivated_at', 'i.last_sign_in_at'])
    .where('i.cu_id', '=', admin.cuId)
    .orderBy('i.id')
    .execute();
  return {
    configured: row !== undefined,
    issuer: row?.issuer ?? '',
    client_id: row?.client_id ?? '',
    domains: domains.map((d) => d.domain),
    domain_proofs: domains.map((d) => {
      const record = proofRecord(d.domain, d.token);
      return {
        domain: d.domain,
        state: d.verified_at ? ('verified' as const) : ('pending' as const),
        record_name: record.name,
        record_value: record.value,
        verified_at: d.verified_at ? new Date(d.verified_at).toISOString() : null,
        checked_at: d.checked_at ? new Date(d.checked_at).toISOString() : null,
        check_result: d.check_result,
      };
    }),
    grants: grants.map((g) => g.granted_cu_id),
    grantable: await administered(db, admin.uid),
    redirect_uri: redirectUri(publicUrl),
    backchannel_logout_uri: backchannelLogoutUri(publicUrl),
    updated_at: row ? new Date(row.updated_at).toISOString() : null,
    updated_by: row?.name ?? '',
    identities: identities.map((i) => ({
      id: i.id,
      email: i.email,
      name: i.name,
      active: i.deactivated_at === null,
      last_sign_in_at: i.last_sign_in_at ? new Date(i.last_sign_in_at).toISOString() : null,
    })),
    provisioning: { base_url: `${publicUrl}/api/scim/v2`, ...(await scimTokenState(db, admin.cuId)) },
  };
}

/**
 * Saves the customer's single sign-on: one audit entry `update` of record `sso_config` with each
 * changed field, old and new (the secret only as `client_secret: changed`, never its value).
 * The secret may be left out to keep the one saved; a new configuration needs it. A domain kept
 * keeps its token and proof; a new one is pending with a new token (`checkDomain` proves it); a
 * domain another customer has verified is refused (409), one another customer only claims is not
 * (the proof decides: docs/decisions/single-sign-on.md, "Domain proof").
 */
export async function saveSsoConfig(
  db: DB,
  settings: SsoSettings,
  admin: SsoAdministrator,
  input: SsoConfigUpdate,
  now: Date,
): Promise<void> {
  const issuer = checkIssuer(input.issuer.trim(), settings.production);
  const domains = [...new Set(input.domains.map((d) => d.trim().toLowerCase()))].sort();
  for (const [i, d] of domains.entries())
    if (!DOMAIN.test(d)) throw invalidField(`domains[${i}]`, 'Invalid request');
  const grants = [...new Set(input.grants)].sort((a, b) => a - b);
  const may = new Set((await administered(db, admin.uid)).map((c) => c.cu_id));
  if (grants.some((g) => !may.has(g)))
    throw invalidField('grants', 'Only customers you administer can be granted');
  const key = sealKey(settings.key);
  await auditedTransaction(db, now, async (trx, audit) => {
    const before = await trx
      .selectFrom('sso_configs')
      .select(['issuer', 'client_id', 'secret_sealed'])
      .where('cu_id', '=', admin.cuId)
      .forUpdate()
      .executeTakeFirst();
    const secret = input.client_secret?.trim() ?? '';
    if (!before && !secret) throw invalidField('client_secret', 'The client secret is required');
    const taken = domains.length
      ? await trx
          .selectFrom('sso_domains')
          .select(['domain'])
          .where('domain', 'in', domains)
          .where('cu_id', '<>', admin.cuId)
          .where('verified_at', 'is not', null)
          .executeTakeFirst()
      : undefined;
    if (taken) throw domainTaken(taken.domain);
    const oldDomains = (
      await trx
        .selectFrom('sso_domains')
        .select('domain')
        .where('cu_id', '=', admin.cuId)
        .orderBy('domain')
        .execute()
    ).map((d) => d.domain);
    const oldGrants = (
      await trx
        .selectFrom('sso_grants')
        .select('granted_cu_id')
        .where('cu_id', '=', admin.cuId)
        .orderBy('granted_cu_id')
        .execute()
    ).map((g) => g.granted_cu_id);
    const sg = await trx
      .selectFrom('users')
      .select('sg_id')
      .where('uid', '=', admin.uid)
      .executeTakeFirstOrThrow();
    const values = {
      issuer,
      client_id: input.client_id.trim(),
      secret_sealed: secret ? sealText(key, boundTo(admin.cuId), secret) : (before?.secret_sealed ?? ''),
      jit_sg_id: sg.sg_id,
      updated_by: admin.uid,
      updated_at: now,
    };
    await trx
      .insertInto('sso_configs')
      .values({ cu_id: admin.cuId, ...values })
      .onConflict((oc) => oc.column('cu_id').doUpdateSet(values))
      .execute();
    // kept domains keep their proof; a removed one loses it (claimed again, it starts pending)
    const gone = oldDomains.filter((d) => !domains.includes(d));
    const added = domains.filter((d) => !oldDomains.includes(d));
    if (gone.length)
      await trx
        .deleteFrom('sso_domains')
        .where('cu_id', '=', admin.cuId)
        .where('domain', 'in', gone)
        .execute();
    if (added.length)
      await trx
        .insertInto('sso_domains')
        .values(
          added.map((domain) => ({
            domain,
            cu_id: admin.cuId,
            token: newDomainToken(),
            verified_at: null,
            checked_at: null,
            check_result: null,
            created_at: now,
          })),
        )
        .execute();
    await trx.deleteFrom('sso_grants').where('cu_id', '=', admin.cuId).execute();
    if (grants.length)
      await trx
        .insertInto('sso_grants')
        .values(grants.map((granted_cu_id) => ({ cu_id: admin.cuId, granted_cu_id })))
        .execute();
    const changes: AuditChange[] = [];
    if (before?.issuer !== issuer)
      changes.push({ field: 'issuer', old: before?.issuer ?? null, new: issuer });
    if (before?.client_id !== values.client_id)
      changes.push({ field: 'client_id', old: before?.client_id ?? null, new: values.client_id });
    if (secret) changes.push({ field: 'client_secret', old: before ? 'set' : null, new: 'changed' });
    if (oldDomains.join(',') !== domains.join(','))
      changes.push({ field: 'domains', old: oldDomains, new: domains });
    if (oldGrants.join(',') !== grants.join(','))
      changes.push({ field: 'grants', old: oldGrants, new: grants });
    if (changes.length)
      audit.record({
        cuId: admin.cuId,
        recordType: 'sso_config',
        recordId: admin.cuId,
        action: before ? 'update' : 'create',
        actor: sessionActor(admin),
        changes,
      });
  });
}

/** Removes the customer's single sign-on (its domains, grants, flows; identities stay, for the trail). */
export async function deleteSsoConfig(db: DB, admin: SsoAdministrator, now: Date): Promise<boolean> {
  return auditedTransaction(db, now, async (trx, audit) => {
    const gone = await trx
      .deleteFrom('sso_configs')
      .where('cu_id', '=', admin.cuId)
      .returning(['issuer', 'client_id'])
      .executeTakeFirst();
    if (!gone) return false;
    audit.record({
      cuId: admin.cuId,
      recordType: 'sso_config',
      recordId: admin.cuId,
      action: 'delete',
      actor: sessionActor(admin),
      changes: [
        { field: 'issuer', old: gone.issuer, new: null },
        { field: 'client_id', old: gone.client_id, new: null },
      ],
    });
    return true;
  });
}

/**
 * Deactivates one of the customer's identities: it cannot sign in any more, and its person's
 * sessions end (598 at their next call). Recorded on the person's chain and the customer's.
 */
export async function deactivateIdentity(
  db: DB,
  admin: SsoAdministrator,
  id: number,
  now: Date,
): Promise<void> {
  const uid = await auditedTransaction(db, now, async (trx, audit) => {
    const identity = await trx
      .updateTable('sso_identities')
      .set({ deactivated_at: now })
      .where('id', '=', id)
      .where('cu_id', '=', admin.cuId)
      .where('deactivated_at', 'is', null)
      .returning(['uid', 'email'])
      .executeTakeFirst();
    if (!identity) throw notFound('No such identity');
    await endUserSessions(trx, identity.uid, 'signed_out', now);
    audit.record({
      cuId: admin.cuId,
      recordType: 'user',
      recordId: identity.uid,
      action: 'sso_deactivated',
      actor: sessionActor(admin),
      changes: [{ field: 'sso_identity', old: identity.email, new: null }],
    });
    return identity.uid;
  });
  forgetUserSessions(db, uid);
}

// ---------------------------------------------------------------------------------------------
// the proof of a domain

const NOT_PROVEN: Record<Exclude<DomainCheckResult, 'verified'>, ServerMessage> = {
  missing:
    'No TXT record {name} with the value {value} was found: publish it, and check again when your DNS shows it',
  mismatch: 'The TXT record {name} holds another value: it must be {value}',
  unreachable: 'The DNS could not be asked just now: please check again in a few minutes',
};

/** PostgreSQL's unique violation (two customers proving one domain at once: the index decides). */
const isUniqueViolation = (error: unknown) => (error as { code?: unknown } | null)?.code === '23505';

/**
 * `customer-account/sso-domain-check`: reads the TXT record of the customer's claim of `domain`
 * now (sso-domain-proof.ts) and records what it found, audited on the customer's chain (record
 * `sso_config`, action `update`: the check's result old → new, and the state pending → verified
 * when it proves the claim). Found, the claim is verified, unless another customer verified the
 * domain first (409: one customer alone holds a domain). Not found, 422 says what is wrong; a
 * verified claim stays verified (a DNS hiccup locks no organisation out): only its removal, or the
 * configuration's, ends it.
 */
export async function checkDomain(
  db: DB,
  settings: SsoSettings,
  admin: SsoAdministrator,
  domain: string,
  now: Date,
): Promise<void> {
  const claim = await db
    .selectFrom('sso_domains')
    .select(['token'])
    .where('cu_id', '=', admin.cuId)
    .where('domain', '=', domain)
    .executeTakeFirst();
  if (!claim) throw notFound('This domain is not one of this single sign-on’s domains: save it first');
  const result = await readDomainProof(settings.dnsServers, domain, claim.token);
  let outcome: 'verified' | 'held' | 'gone';
  try {
    outcome = await auditedTransaction(db, now, async (trx, audit) => {
      const row = await trx
        .selectFrom('sso_domains')
        .select(['token', 'verified_at', 'check_result'])
        .where('cu_id', '=', admin.cuId)
        .where('domain', '=', domain)
        .forUpdate()
        .executeTakeFirst();
      // removed, or removed and claimed again (a new token) while the DNS was asked
      if (!row || row.token !== claim.token) return 'gone' as const;
      const held =
        result === 'verified' && !row.verified_at
          ? await trx
              .selectFrom('sso_domains')
              .select('cu_id')
              .where('domain', '=', domain)
              .where('cu_id', '<>', admin.cuId)
              .where('verified_at', 'is not', null)
              .executeTakeFirst()
          : undefined;
      const verify = result === 'verified' && !row.verified_at && !held;
      await trx
        .updateTable('sso_domains')
        .set({ checked_at: now, check_result: result, ...(verify ? { verified_at: now } : {}) })
        .where('cu_id', '=', admin.cuId)
        .where('domain', '=', domain)
        .execute();
      const changes: AuditChange[] = [
        { field: `domains.${domain}.check`, old: row.check_result, new: result },
      ];
      if (verify) changes.push({ field: `domains.${domain}.state`, old: 'pending', new: 'verified' });
      audit.record({
        cuId: admin.cuId,
        recordType: 'sso_config',
        recordId: admin.cuId,
        action: 'update',
        actor: sessionActor(admin),
        changes,
      });
      return held ? ('held' as const) : ('verified' as const);
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    outcome = 'held';
  }
  if (outcome === 'gone')
    throw notFound('This domain is not one of this single sign-on’s domains: save it first');
  if (outcome === 'held') throw domainTaken(domain);
  if (result !== 'verified') {
    const record = proofRecord(domain, claim.token);
    throw new ApiError(Code.invalid, NOT_PROVEN[result], null, { params: record });
  }
}

/** 409: another customer's provider holds the domain (verified). */
const domainTaken = (domain: string) =>
  new ApiError(Code.conflict, 'The domain {domain} already signs in with another customer’s provider', null, {
    params: { domain },
  });

// ---------------------------------------------------------------------------------------------
// the flows

/**
 * The customer whose provider signs in `email`'s domain, with its configuration: only a verified
 * domain's (a pending claim is as if there were none).
 */
async function configForEmail(db: DB, email: string) {
  const domain = domainOf(email);
  if (!domain) return undefined;
  return db
    .selectFrom('sso_domains as d')
    .innerJoin('sso_configs as s', 's.cu_id', 'd.cu_id')
    .select(['s.cu_id', 's.issuer', 's.client_id', 's.secret_sealed', 's.jit_sg_id'])
    .where('d.domain', '=', domain)
    .where('d.verified_at', 'is not', null)
    .executeTakeFirst();
}

/**
 * `user/sso-lookup`: whether the typed e-mail's domain signs in with a provider; nothing else
 * (not which customer, not whether an account exists: a username without `@` is always false).
 */
export async function ssoLookup(db: DB, username: string): Promise<{ sso: boolean }> {
  return { sso: (await configForEmail(db, username)) !== undefined };
}

/** Sets (or clears) the flow's binding cookie. */
export function flowCookie(value: string, secure: boolean): string {
  const maxAge = value ? FLOW_TTL_MS / 1000 : 0;
  return `${FLOW_COOKIE}=${value}; Max-Age=${maxAge}; Path=/api; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** The binding cookie's value in a `Cookie` header, or ''. */
export function flowCookieOf(cookieHeader: string | undefined): string {
  for (const part of (cookieHeader ?? '').split(';')) {
    const [name, value] = part.trim().split('=', 2);
    if (name === FLOW_COOKIE && value && /^[\w-]{43}$/.test(value)) return value;
  }
  return '';
}

async function beginFlow(
  db: DB,
  settings: SsoSettings,
  row: { cu_id: number; issuer: string; client_id: string; secret_sealed: string },
  kind: 'sign_in' | 'reauth',
  uid: number | null,
  to: string | undefined,
  loginHint: string,
  now: Date,
  address: string,
): Promise<{ url: string; binding: string }> {
  const config = await clientOf(settings, row, now);
  const [state, nonce, binding, verifier] = [
    // a re-authentication's window knows its answer by the state (src/contract/sso-reauth)
    kind === 'reauth' ? `${REAUTH_STATE_PREFIX}${oidc.randomState()}` : oidc.randomState(),
    oidc.randomNonce(),
    newToken(),
    oidc.randomPKCECodeVerifier(),
  ];
  await db
    .insertInto('sso_flows')
    .values({
      state_hash: sha(state),
      binding_hash: sha(binding),
      cu_id: row.cu_id,
      kind,
      uid,
      code_verifier: verifier,
      nonce,
      address: addressKey(address),
      return_to: sameOriginPath(to, settings.publicUrl),
      expires_at: new Date(now.getTime() + FLOW_TTL_MS),
      used_at: null,
      created_at: now,
    })
    .execute();
  await db
    .deleteFrom('sso_flows')
    .where('expires_at', '<', new Date(now.getTime() - FLOW_TTL_MS))
    .execute();
  const params: Record<string, string> = {
    redirect_uri: redirectUri(settings.publicUrl),
    scope: 'openid email profile',
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
    nonce,
  };
  if (loginHint) params.login_hint = loginHint;
  // signing needs the person: a new authentication at the provider, whatever session it has
  if (kind === 'reauth') Object.assign(params, { prompt: 'login', max_age: '0' });
  return { url: oidc.buildAuthorizationUrl(config, params).href, binding };
}

/** `user/sso-start`: the provider's address to send the browser to, and the cookie that binds the flow. */
export async function startSignIn(
  db: DB,
  settings: SsoSettings,
  input: { username: string; to?: string | undefined },
  now: Date,
  address: string,
) {
  const row = await configForEmail(db, input.username);
  if (!row) throw notFound('No single sign-on for this address: sign in with your password');
  return beginFlow(db, settings, row, 'sign_in', null, input.to, input.username.trim(), now, address);
}

/** The person's active identity at their organisation's provider (the newest), if any. */
const activeIdentity = (db: DB, uid: number) =>
  db
    .selectFrom('sso_identities as i')
    .innerJoin('sso_configs as s', 's.cu_id', 'i.cu_id')
    .select(['s.cu_id', 's.issuer', 's.client_id', 's.secret_sealed', 'i.email'])
    .where('i.uid', '=', uid)
    .where('i.deactivated_at', 'is', null)
    .orderBy('i.last_sign_in_at', 'desc')
    .executeTakeFirst();

/**
 * Whether the person signs at their organisation (`user/get-user-info`'s `sso`): a signature of
 * theirs re-authenticates there (`user/sso-reauth-start`), as a person without a password must.
 */
export async function signsWithOrganisation(db: DB, uid: number): Promise<boolean> {
  return (await activeIdentity(db, uid)) !== undefined;
}

/** `user/sso-reauth-start`: a re-authentication of the session's person, for a signature. */
export async function startReauth(
  db: DB,
  settings: SsoSettings,
  uid: number,
  to: string | undefined,
  now: Date,
  address: string,
) {
  const identity = await activeIdentity(db, uid);
  if (!identity) throw new ApiError(Code.conflict, 'Single sign-on is not set up for your account');
  return beginFlow(db, settings, identity, 'reauth', uid, to, identity.email, now, address);
}

const expired = () =>
  new ApiError(
    Code.captchaExpired,
    'The sign-in with your organisation has expired or was started elsewhere: please start again',
  );

/**
 * The callback's flow, taken (once): by its state, from the browser (cookie) and the address that
 * began it, within its 10 minutes, of the kind asked. 476 otherwise.
 */
async function takeFlow(
  db: DB,
  query: string,
  binding: string,
  kind: 'sign_in' | 'reauth',
  now: Date,
  address: string,
) {
  const state = new URLSearchParams(query).get('state') ?? '';
  if (!state || !binding) throw expired();
  const flow = await db
    .updateTable('sso_flows')
    .set({ used_at: now })
    .where('state_hash', '=', sha(state))
    .where('binding_hash', '=', sha(binding))
    .where('address', '=', addressKey(address))
    .where('kind', '=', kind)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returningAll()
    .executeTakeFirst();
  if (!flow) throw expired();
  const config = await db
    .selectFrom('sso_configs')
    .selectAll()
    .where('cu_id', '=', flow.cu_id)
    .executeTakeFirst();
  if (!config) throw expired();
  return { flow, config, state };
}

/** What the provider said of the person, checked by openid-client (or a refusal, recorded). */
async function exchange(
  db: DB,
  settings: SsoSettings,
  taken: Awaited<ReturnType<typeof takeFlow>>,
  query: string,
  now: Date,
  address: string,
) {
  const { flow, config, state } = taken;
  const client = await clientOf(settings, config, now);
  const search = new URLSearchParams(query);
  const url = new URL(redirectUri(settings.publicUrl));
  for (const [k, v] of search) url.searchParams.append(k, v);
  try {
    const tokens = await oidc.authorizationCodeGrant(client, url, {
      pkceCodeVerifier: flow.code_verifier,
      expectedState: state,
      expectedNonce: flow.nonce,
      idTokenExpected: true,
      ...(flow.kind === 'reauth' ? { maxAge: 0 } : {}),
    });
    const idToken = tokens.claims();
    if (!idToken) throw new Error('no ID token');
    let claims: Record<string, unknown> & { sub: string } = idToken;
    // many providers keep the e-mail for the userinfo endpoint (its subject must be the token's)
    if (idToken.email === undefined) {
      const info = await oidc.fetchUserInfo(client, tokens.access_token, idToken.sub);
      claims = { ...idToken, email: info.email, email_verified: info.email_verified, name: info.name };
    }
    return { claims, issuer: client.serverMetadata().issuer };
  } catch (error) {
    if (error instanceof ApiError) throw error;
    const reason = error instanceof Error ? `${error.name}: ${error.message}`.slice(0, 200) : 'refused';
    await refused(db, flow.cu_id, flow.uid, reason, now, address);
    throw new ApiError(Code.wrongCredentials, 'Your organisation did not sign you in: please try again');
  }
}

/** A refused sign-in with the provider, recorded on the customer's chain (why, and from where). */
async function refused(
  db: DB,
  cuId: number,
  uid: number | null,
  reason: string,
  now: Date,
  address: string,
): Promise<void> {
  await auditedTransaction(db, now, async (_trx, audit) => {
    audit.record({
      cuId,
      recordType: 'user',
      recordId: uid ?? `sso:${cuId}`,
      action: 'sign_in_failed',
      actor: { kind: 'system', id: null, name: 'single sign-on' },
      changes: [
        { field: 'address', old: null, new: addressKey(address) },
        { field: 'step', old: null, new: 'sso' },
        { field: 'reason', old: null, new: reason },
      ],
    });
  });
}

/**
 * `user/sso-finish`: the login page hands over the provider's answer (the query it came back
 * with). The flow is taken, the code exchanged and the ID token checked; then the person: an
 * identity seen before (unless deactivated), or on a first sign-in the account with the verified
 * e-mail when every customer of it is one the configuration grants, or else a new account (just
 * in time, no password) in the granted customers. Unverified addresses and addresses of a domain
 * the customer has not verified (another's, or one still pending) are refused. The session opens as a password sign-in's does.
 */
export async function finishSignIn(
  db: DB,
  settings: SsoSettings,
  input: { query: string },
  binding: string,
  now: Date,
  address: string,
  device: DeviceSeen | null,
): Promise<LoginResponse & { to: string }> {
  const taken = await takeFlow(db, input.query, binding, 'sign_in', now, address);
  const { flow } = taken;
  const { claims, issuer } = await exchange(db, settings, taken, input.query, now, address);
  const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : '';
  if (claims.email_verified !== true) {
    await refused(db, flow.cu_id, null, 'email not verified', now, address);
    throw new ApiError(Code.wrongCredentials, 'Your organisation has not verified your e-mail address');
  }
  const domain = await db
    .selectFrom('sso_domains')
    .select('cu_id')
    .where('domain', '=', domainOf(email))
    .where('verified_at', 'is not', null)
    .executeTakeFirst();
  if (!email || domain?.cu_id !== flow.cu_id) {
    await refused(db, flow.cu_id, null, 'foreign domain', now, address);
    throw new ApiError(
      Code.wrongCredentials,
      'Your e-mail address is not one of this organisation’s domains',
    );
  }
  const name =
    typeof claims.name === 'string' && claims.name.trim() ? claims.name.trim().slice(0, 64) : email;
  const uid = await auditedTransaction(db, now, async (trx, audit) => {
    const known = await trx
      .selectFrom('sso_identities as i')
      .innerJoin('users as u', 'u.uid', 'i.uid')
      .select(['i.id', 'i.uid', 'i.deactivated_at', 'u.deactivated_at as ended_at'])
      .where('i.issuer', '=', issuer)
      .where('i.subject', '=', claims.sub)
      .forUpdate()
      .executeTakeFirst();
    if (known?.deactivated_at || known?.ended_at) return { refused: 'deactivated' as const };
    if (known) {
      await trx
        .updateTable('sso_identities')
        .set({ last_sign_in_at: now })
        .where('id', '=', known.id)
        .execute();
      return { uid: known.uid };
    }
    const grants = (
      await trx.selectFrom('sso_grants').select('granted_cu_id').where('cu_id', '=', flow.cu_id).execute()
    ).map((g) => g.granted_cu_id);
    const existing = await trx
      .selectFrom('users')
      .select(['uid', 'email', 'deactivated_at'])
      .where((eb) =>
        eb.or([eb(eb.fn('lower', ['email']), '=', email), eb(eb.fn('lower', ['ur_account']), '=', email)]),
      )
      .orderBy('uid')
      .executeTakeFirst();
    if (existing?.deactivated_at) return { refused: 'deactivated' as const };
    let uid: number;
    if (existing) {
      const theirs = await trx
        .selectFrom('user_customers')
        .select('cu_id')
        .where('uid', '=', existing.uid)
        .execute();
      if (theirs.length === 0 || theirs.some((c) => !grants.includes(c.cu_id)))
        return { refused: 'not granted' as const };
      uid = existing.uid;
      const actor = { kind: 'user' as const, id: uid, name: email };
      if (existing.email === null)
        await trx.updateTable('users').set({ email }).where('uid', '=', uid).execute();
      audit.record({
        cuId: 0,
        recordType: 'user',
        recordId: uid,
        action: 'sso_linked',
        actor,
        changes: [{ field: 'sso_identity', old: null, new: `${issuer} ${claims.sub}` }],
      });
    } else {
      if (grants.length === 0) return { refused: 'not granted' as const };
      const made = await trx
        .insertInto('users')
        .values({
          ur_account: email,
          name,
          sg_id: taken.config.jit_sg_id,
          // no password: this account signs in with its organisation only
          password_hash: '',
          email,
          default_cu_id: grants[0] ?? null,
        })
        .returning('uid')
        .executeTakeFirstOrThrow();
      uid = made.uid;
      const actor = { kind: 'user' as const, id: uid, name: email };
      await trx
        .insertInto('user_customers')
        .values(grants.map((cu_id, position) => ({ uid, cu_id, position })))
        .execute();
      audit.record({
        cuId: 0,
        recordType: 'user',
        recordId: uid,
        action: 'sso_created',
        actor,
        changes: [
          { field: 'ur_account', old: null, new: email },
          { field: 'customers', old: null, new: grants },
          { field: 'sso_identity', old: null, new: `${issuer} ${claims.sub}` },
        ],
      });
    }
    await trx
      .insertInto('sso_identities')
      .values({
        cu_id: flow.cu_id,
        issuer,
        subject: claims.sub,
        uid,
        email,
        deactivated_at: null,
        last_sign_in_at: now,
        created_at: now,
      })
      .execute();
    return { uid };
  });
  if ('refused' in uid) {
    await refused(db, flow.cu_id, null, uid.refused ?? 'refused', now, address);
    if (uid.refused === 'deactivated')
      throw new ApiError(
        Code.wrongCredentials,
        'This sign-in of your organisation has been deactivated: ask your administrator',
      );
    throw new ApiError(
      Code.wrongCredentials,
      'An account with this e-mail address belongs to customers your organisation does not grant: ask your administrator',
    );
  }
  if (!multiFactor(claims.amr) && (await requiresSecondFactor(db, uid.uid))) {
    await refused(db, flow.cu_id, uid.uid, 'no second factor at the provider', now, address);
    throw new ApiError(
      Code.wrongCredentials,
      'Your organisation requires two-step sign-in, and your sign-in at the identity provider did not use a second factor: sign in there with one, or ask your administrator',
    );
  }
  const user = await db
    .selectFrom('users')
    .select(['pass_flag', 'is_weak_password'])
    .where('uid', '=', uid.uid)
    .executeTakeFirstOrThrow();
  const customer = await startingCustomer(db, uid.uid);
  const access_token = await startSession(db, uid.uid, customer?.cu_id ?? null, now, 'replaced', device);
  await linkProviderSession(db, { token: access_token, issuer, sid: claims.sid, uid: uid.uid }, now);
  return {
    access_token,
    is_weak_password: false,
    is_white_customer: customer?.is_white ?? false,
    pass_flag: toPassFlag(user.pass_flag),
    to: flow.return_to,
  };
}

/**
 * The ID token's `amr` (RFC 8176) says the provider's sign-in used a second factor: `mfa`, a
 * one-time code, a key held in hardware or software, a text or call, a biometric. A password
 * with a risk check is not two factors, and a provider that sends no `amr` proves none.
 */
const SECOND_FACTORS = new Set([
  'mfa',
  'otp',
  'hwk',
  'swk',
  'sms',
  'tel',
  'fpt',
  'face',
  'iris',
  'retina',
  'vbm',
]);
export function multiFactor(amr: unknown): boolean {
  if (!Array.isArray(amr)) return false;
  const methods = new Set(amr.filter((m): m is string => typeof m === 'string'));
  return [...methods].some((m) => SECOND_FACTORS.has(m));
}

/**
 * Keeps the provider's session (`sid` of the ID token) a single sign-on's portal session began
 * with, for a logout token that names only the `sid`. Links older than a session can live go.
 */
export async function linkProviderSession(
  db: DB,
  link: { token: string; issuer: string; sid: unknown; uid: number },
  now: Date,
): Promise<void> {
  if (typeof link.sid !== 'string' || !link.sid || link.sid.length > 256) return;
  await db
    .insertInto('sso_session_links')
    .values({
      token_hash: hashToken(link.token),
      issuer: link.issuer,
      sid: link.sid,
      uid: link.uid,
      created_at: now,
    })
    .execute();
  await db
    .deleteFrom('sso_session_links')
    .where('created_at', '<', new Date(now.getTime() - 31 * 24 * 3600_000))
    .execute();
}

/**
 * `user/sso-reauth-finish`: the provider's answer to a re-authentication of the session's person
 * (`prompt=login`, `max_age=0`): the ID token's `auth_time` must be new (openid-client, within its
 * 30 s tolerance) and not before the flow began, and its identity the session's person's. Answers
 * a proof that one signature within PROOF_TTL_MS takes (checkSigner, method `sso-reauth`).
 */
export async function finishReauth(
  db: DB,
  settings: SsoSettings,
  uid: number,
  input: { query: string },
  binding: string,
  now: Date,
  address: string,
): Promise<{ proof: string; expires_in: number; to: string }> {
  const taken = await takeFlow(db, input.query, binding, 'reauth', now, address);
  if (taken.flow.uid !== uid) throw expired();
  const { claims, issuer } = await exchange(db, settings, taken, input.query, now, address);
  const authTime = typeof claims.auth_time === 'number' ? claims.auth_time * 1000 : 0;
  if (authTime < new Date(taken.flow.created_at).getTime() - 1000) {
    await refused(db, taken.flow.cu_id, uid, 'stale auth_time', now, address);
    throw new ApiError(
      Code.wrongCredentials,
      'The sign-in at your organisation must be new: please sign in there again',
    );
  }
  const identity = await db
    .selectFrom('sso_identities')
    .select(['uid'])
    .where('issuer', '=', issuer)
    .where('subject', '=', claims.sub)
    .where('deactivated_at', 'is', null)
    .executeTakeFirst();
  if (identity?.uid !== uid) {
    await refused(db, taken.flow.cu_id, uid, 'another person', now, address);
    throw new ApiError(Code.wrongCredentials, 'The person who signed in at your organisation is not you');
  }
  const proof = newToken();
  await db
    .insertInto('sso_proofs')
    .values({
      token_hash: hashToken(proof),
      uid,
      auth_time: new Date(authTime),
      expires_at: new Date(now.getTime() + PROOF_TTL_MS),
      used_at: null,
      created_at: now,
    })
    .execute();
  return { proof, expires_in: PROOF_TTL_MS / 1000, to: taken.flow.return_to };
}

/** Takes a signing proof of `uid` (once, within its 5 minutes): whether it was one. */
export async function takeSigningProof(db: DB, uid: number, proof: string, now: Date): Promise<boolean> {
  const used = await db
    .updateTable('sso_proofs')
    .set({ used_at: now })
    .where('token_hash', '=', hashToken(proof))
    .where('uid', '=', uid)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('uid')
    .executeTakeFirst();
  return used !== undefined;
}

/** The session's customer's administrator (a person, not an API client's token), else 403. */
export function ssoAdministrator(session: {
  uid: number;
  name: string;
  cuId: number | null;
  isAdmin: boolean;
  client?: unknown;
}): SsoAdministrator {
  if (session.cuId === null || !session.isAdmin || session.client)
    throw forbidden('Only an administrator of this customer account may set its single sign-on');
  return { uid: session.uid, name: session.name, cuId: session.cuId };
}
