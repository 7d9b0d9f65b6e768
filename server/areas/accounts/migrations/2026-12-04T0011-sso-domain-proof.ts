import { type Kysely, sql } from 'kysely';

/**
 * Proof of ownership of a single sign-on domain (docs/decisions/single-sign-on.md, "Domain
 * proof"): each claim of a domain by a customer gets a random token to publish as a DNS TXT
 * record, and is pending until `customer-account/sso-domain-check` finds it (`verified_at`). Only
 * a verified domain routes the login page and makes accounts just in time. Several customers may
 * claim a domain while pending (the primary key becomes domain and customer); one alone holds it
 * verified (the partial unique index). Claims saved before this are pending: a claim made without
 * a proof is what this closes, so none is carried over as proven.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table sso_domains drop constraint sso_domains_pkey;
    alter table sso_domains
      add column token text,
      add column verified_at timestamptz,
      add column checked_at timestamptz,
      add column check_result text
        check (check_result in ('verified', 'missing', 'mismatch', 'unreachable')),
      add column created_at timestamptz;
    update sso_domains
      set token = replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', ''),
          created_at = now();
    alter table sso_domains
      alter column token set not null,
      alter column created_at set not null,
      add primary key (domain, cu_id);
    create unique index sso_domains_verified on sso_domains (domain) where verified_at is not null;
    create index sso_domains_customer on sso_domains (cu_id);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // one claim of each domain stays: the verified one, else the oldest customer's
  await sql`
    delete from sso_domains a
      using sso_domains b
      where a.domain = b.domain
        and a.cu_id <> b.cu_id
        and (
          (b.verified_at is not null and a.verified_at is null)
          or ((a.verified_at is null) = (b.verified_at is null) and b.cu_id < a.cu_id)
        );
    drop index sso_domains_customer;
    drop index sso_domains_verified;
    alter table sso_domains drop constraint sso_domains_pkey;
    alter table sso_domains
      drop column token,
      drop column verified_at,
      drop column checked_at,
      drop column check_result,
      drop column created_at,
      add primary key (domain);
  `.execute(db);
}
