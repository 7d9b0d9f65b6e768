import type { Generated } from 'kysely';
import type { Timestamp } from '../../db/columns.ts';

/** A customer's OpenID provider (single-sign-on.ts); the client secret sealed (second-factor-seal.ts). */
export interface SsoConfigsTable {
  cu_id: number;
  issuer: string;
  client_id: string;
  secret_sealed: string;
  /** The user group of a just-in-time user (the configuring administrator's). */
  jit_sg_id: number;
  updated_by: number | null;
  updated_at: Timestamp;
}

/**
 * A customer's claim of an e-mail domain (lower case). Its provider signs the domain in only once
 * the claim is proven (`verified_at`: the TXT record of `token` was found, sso-domain-proof.ts);
 * several customers may claim a domain while pending, one alone holds it verified.
 */
export interface SsoDomainsTable {
  domain: string;
  cu_id: number;
  /** What the TXT record must say (`lp-portal-verification=<token>`): random, one per claim. */
  token: string;
  verified_at: Timestamp | null;
  checked_at: Timestamp | null;
  /** What the last check found. */
  check_result: 'verified' | 'missing' | 'mismatch' | 'unreachable' | null;
  created_at: Timestamp;
}

/** A customer a just-in-time user of the configuration `cu_id` becomes a member of. */
export interface SsoGrantsTable {
  cu_id: number;
  granted_cu_id: number;
}

/** A provider's person (issuer and subject) linked to an account. */
export interface SsoIdentitiesTable {
  id: Generated<number>;
  cu_id: number;
  issuer: string;
  subject: string;
  uid: number;
  email: string;
  deactivated_at: Timestamp | null;
  last_sign_in_at: Timestamp | null;
  created_at: Timestamp;
}

/** A flow under way: state and binding cookie as SHA-256, PKCE verifier and nonce. */
export interface SsoFlowsTable {
  state_hash: string;
  binding_hash: string;
  cu_id: number;
  kind: 'sign_in' | 'reauth';
  /** The person re-authenticating (`reauth`); null for a sign-in. */
  uid: number | null;
  code_verifier: string;
  nonce: string;
  address: string;
  return_to: string;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_at: Timestamp;
}

/** A re-authentication's signing proof (SHA-256), good once within 5 minutes. */
export interface SsoProofsTable {
  token_hash: string;
  uid: number;
  auth_time: Timestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_at: Timestamp;
}

/** The provider's session (`sid`) a portal session (its token's SHA-256) of a single sign-on began with. */
export interface SsoSessionLinksTable {
  token_hash: string;
  issuer: string;
  sid: string;
  uid: number;
  created_at: Timestamp;
}

/** A logout token taken (its `jti` as SHA-256), kept while a replay of it could still be fresh. */
export interface SsoLogoutTokensTable {
  jti_hash: string;
  expires_at: Timestamp;
}

/** The bearer token (SHA-256) a customer's provider provisions with over SCIM (scim.ts). */
export interface ScimTokensTable {
  cu_id: number;
  token_hash: string;
  created_by: number | null;
  created_at: Timestamp;
  last_used_at: Timestamp | null;
}

/** A SCIM User resource of a customer's provider: one account of the portal. */
export interface ScimUsersTable {
  id: string;
  cu_id: number;
  uid: number;
  user_name: string;
  external_id: string | null;
  display_name: string;
  given_name: string;
  family_name: string;
  active: boolean;
  created_at: Timestamp;
  updated_at: Timestamp;
}

declare module '../../db/schema.ts' {
  interface Database {
    sso_configs: SsoConfigsTable;
    sso_domains: SsoDomainsTable;
    sso_grants: SsoGrantsTable;
    sso_identities: SsoIdentitiesTable;
    sso_flows: SsoFlowsTable;
    sso_proofs: SsoProofsTable;
    sso_session_links: SsoSessionLinksTable;
    sso_logout_tokens: SsoLogoutTokensTable;
    scim_tokens: ScimTokensTable;
    scim_users: ScimUsersTable;
  }
}
