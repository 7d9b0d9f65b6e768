import { randomUUID } from 'node:crypto';
import SCIMMY from 'scimmy';
import type { DB } from '../../db/database.ts';
import type { AuditChange } from '../audit/tables.ts';
import { type Actor, auditedTransaction } from '../audit/trail.ts';
import { endUserSessions, forgetUserSessions } from './sessions.ts';
import { domainOf } from './single-sign-on.ts';
import type {} from './sso-tables.ts';

/**
 * SCIM 2.0 provisioning of a customer's people by its identity provider (RFC 7643/7644; issue 34,
 * docs/decisions/single-sign-on.md "Provisioning"). SCIMMY parses and formats the protocol (the
 * User schema, filters, PATCH operations, list and error messages); this file is what a User
 * resource is here: one portal account of the customer whose single sign-on the token belongs to.
 *
 * - Created: an account of the e-mail `userName` (a domain of the customer's), linked when one
 *   exists whose every customer the configuration grants, as a just-in-time sign-in would.
 *   Otherwise a new account without a password, in the granted customers.
 * - `active: false` (PATCH or PUT) or DELETE ends the account: no sign-in of any kind
 *   (`users.deactivated_at`), its single sign-on identities deactivated, its sessions ended
 *   (598). `active: true` again restores it. DELETE forgets the resource; the account and its
 *   records stay (Part 11), deactivated.
 * - Every change is one audit entry on the person's record, by the actor SCIM_ACTOR.
 */

/** What a SCIM call acts for: the customer whose provisioning token it carries. */
export interface ScimContext {
  db: DB;
  cuId: number;
  grants: readonly number[];
  jitSgId: number;
  now: Date;
}

export const SCIM_ACTOR: Actor = { kind: 'system', id: null, name: 'SCIM provisioning' };

/** The page size when the client names none, and the most one page carries. */
export const MAX_RESULTS = 200;

type ScimError = InstanceType<typeof SCIMMY.Types.Error>;
type UserResource = InstanceType<typeof SCIMMY.Resources.User>;
const scimError = (status: number, scimType: string | null, detail: string): ScimError =>
  new SCIMMY.Types.Error(status, scimType as string, detail);

/**
 * An error of ours (the database's…) inside a handler: SCIMMY turns anything that is not its own
 * error into a 404 "not found", which would hide an outage. It travels as a 500 carrying the cause
 * (scim-endpoint.ts answers it, 503 for an unavailable database, without the details).
 */
export class ScimFault extends SCIMMY.Types.Error {
  constructor(readonly fault: unknown) {
    super(500, null as unknown as string, 'The request could not be completed');
  }
}

function guarded<A extends unknown[], R>(work: (...args: A) => Promise<R>) {
  return async (...args: A): Promise<R> => {
    try {
      return await work(...args);
    } catch (error) {
      if (error instanceof SCIMMY.Types.Error) throw error;
      throw new ScimFault(error);
    }
  };
}

interface ScimName {
  givenName?: string;
  familyName?: string;
  formatted?: string;
}
interface ScimEmail {
  value?: string;
  primary?: boolean;
}
/** The User attributes the portal keeps (others a provider sends are taken and not kept). */
interface ScimUserIn {
  userName?: string;
  externalId?: string;
  displayName?: string;
  name?: ScimName;
  emails?: ScimEmail[];
  active?: boolean;
}

const text = (value: unknown, max: number) => (typeof value === 'string' ? value.trim().slice(0, max) : '');

/** The account's e-mail: the primary `emails` value, else the first, else `userName`. */
function emailOf(user: ScimUserIn): string {
  const emails = Array.isArray(user.emails) ? user.emails : [];
  const chosen = emails.find((e) => e?.primary === true) ?? emails[0];
  return text(chosen?.value, 254).toLowerCase() || text(user.userName, 254).toLowerCase();
}

/** The printed name: `displayName`, the formatted or given and family name, else the e-mail. */
function nameOf(user: ScimUserIn, email: string): string {
  const given = text(user.name?.givenName, 64);
  const family = text(user.name?.familyName, 64);
  const name = text(user.displayName, 64) || text(user.name?.formatted, 64) || `${given} ${family}`.trim();
  return (name || email).slice(0, 64);
}

type Row = Awaited<ReturnType<typeof rowsOf>>[number];

const rowsOf = (db: DB, cuId: number, id?: string) => {
  let query = db
    .selectFrom('scim_users as s')
    .innerJoin('users as u', 'u.uid', 's.uid')
    .select([
      's.id',
      's.uid',
      's.user_name',
      's.external_id',
      's.display_name',
      's.given_name',
      's.family_name',
      's.active',
      's.created_at',
      's.updated_at',
      'u.email',
      'u.name',
    ])
    .where('s.cu_id', '=', cuId);
  if (id !== undefined) query = query.where('s.id', '=', id);
  return query.orderBy('s.created_at').orderBy('s.id').execute();
};

/** A row as the SCIM User resource it is. */
function resourceOf(row: Row) {
  const iso = (t: Date | string) => new Date(t).toISOString();
  return {
    id: row.id,
    ...(row.external_id ? { externalId: row.external_id } : {}),
    userName: row.user_name,
    displayName: row.display_name || row.name,
    name: {
      ...(row.given_name ? { givenName: row.given_name } : {}),
      ...(row.family_name ? { familyName: row.family_name } : {}),
      formatted: row.name,
    },
    emails: row.email ? [{ value: row.email, type: 'work', primary: true }] : [],
    active: row.active,
    meta: { created: iso(row.created_at), lastModified: iso(row.updated_at) },
  };
}

/**
 * The customer's proven single sign-on domains, of which a provisioned `userName` and e-mail must
 * be: a claim still pending proves nothing, and an address of it could otherwise link (by the
 * just-in-time rule) an account of whoever owns the domain.
 */
async function domainsOf(db: DB, cuId: number): Promise<Set<string>> {
  const rows = await db
    .selectFrom('sso_domains')
    .select('domain')
    .where('cu_id', '=', cuId)
    .where('verified_at', 'is not', null)
    .execute();
  return new Set(rows.map((r) => r.domain));
}

async function checkAddress(
  ctx: ScimContext,
  user: ScimUserIn,
): Promise<{ userName: string; email: string }> {
  const userName = text(user.userName, 254);
  const email = emailOf(user);
  const domains = await domainsOf(ctx.db, ctx.cuId);
  if (!domains.has(domainOf(userName)) || !domains.has(domainOf(email)))
    throw scimError(
      400,
      'invalidValue',
      'userName and the primary e-mail must be addresses of one of the organisation’s single sign-on domains',
    );
  return { userName, email };
}

async function userNameTaken(trx: DB, cuId: number, userName: string, except?: string): Promise<boolean> {
  let query = trx
    .selectFrom('scim_users')
    .select('id')
    .where('cu_id', '=', cuId)
    .where((eb) => eb(eb.fn('lower', ['user_name']), '=', userName.toLowerCase()));
  if (except) query = query.where('id', '<>', except);
  return (await query.executeTakeFirst()) !== undefined;
}

/** Ends an account (no sign-in, identities deactivated, sessions over) or restores it. */
async function setAccountActive(trx: DB, ctx: ScimContext, uid: number, active: boolean): Promise<void> {
  await trx
    .updateTable('users')
    .set({ deactivated_at: active ? null : ctx.now })
    .where('uid', '=', uid)
    .execute();
  await trx
    .updateTable('sso_identities')
    .set({ deactivated_at: active ? null : ctx.now })
    .where('uid', '=', uid)
    .where('cu_id', '=', ctx.cuId)
    .execute();
  if (!active) await endUserSessions(trx, uid, 'deprovisioned', ctx.now);
}

/** POST /Users: an account linked or made for the provider's person. */
async function create(ctx: ScimContext, user: ScimUserIn) {
  const { userName, email } = await checkAddress(ctx, user);
  const active = user.active !== false;
  const name = nameOf(user, email);
  const id = randomUUID();
  const uid = await auditedTransaction(ctx.db, ctx.now, async (trx, audit) => {
    if (await userNameTaken(trx, ctx.cuId, userName))
      throw scimError(409, 'uniqueness', 'A user with this userName is provisioned already');
    const existing = await trx
      .selectFrom('users')
      .select(['uid', 'email'])
      .where((eb) =>
        eb.or([eb(eb.fn('lower', ['email']), '=', email), eb(eb.fn('lower', ['ur_account']), '=', email)]),
      )
      .orderBy('uid')
      .forUpdate()
      .executeTakeFirst();
    let uid: number;
    const changes: AuditChange[] = [
      { field: 'scim_user', old: null, new: userName },
      { field: 'active', old: null, new: active },
    ];
    if (existing) {
      const theirs = await trx
        .selectFrom('user_customers')
        .select('cu_id')
        .where('uid', '=', existing.uid)
        .execute();
      if (theirs.length === 0 || theirs.some((c) => !ctx.grants.includes(c.cu_id)))
        throw scimError(
          409,
          'uniqueness',
          'An account with this e-mail address belongs to customers the organisation does not grant',
        );
      const provisioned = await trx
        .selectFrom('scim_users')
        .select('id')
        .where('cu_id', '=', ctx.cuId)
        .where('uid', '=', existing.uid)
        .executeTakeFirst();
      if (provisioned)
        throw scimError(409, 'uniqueness', 'The account of this e-mail address is provisioned already');
      uid = existing.uid;
      if (existing.email === null)
        await trx.updateTable('users').set({ email }).where('uid', '=', uid).execute();
      audit.record({
        cuId: ctx.cuId,
        recordType: 'user',
        recordId: uid,
        action: 'scim_linked',
        actor: SCIM_ACTOR,
        changes,
      });
    } else {
      if (ctx.grants.length === 0)
        throw scimError(400, 'invalidValue', 'The single sign-on configuration grants no customer');
      const made = await trx
        .insertInto('users')
        .values({
          ur_account: email,
          name,
          sg_id: ctx.jitSgId,
          // no password: this account signs in with its organisation only
          password_hash: '',
          email,
          default_cu_id: ctx.grants[0] ?? null,
        })
        .returning('uid')
        .executeTakeFirstOrThrow();
      uid = made.uid;
      await trx
        .insertInto('user_customers')
        .values(ctx.grants.map((cu_id, position) => ({ uid, cu_id, position })))
        .execute();
      changes.push({ field: 'customers', old: null, new: [...ctx.grants] });
      audit.record({
        cuId: ctx.cuId,
        recordType: 'user',
        recordId: uid,
        action: 'scim_created',
        actor: SCIM_ACTOR,
        changes,
      });
    }
    await setAccountActive(trx, ctx, uid, active);
    await trx
      .insertInto('scim_users')
      .values({
        id,
        cu_id: ctx.cuId,
        uid,
        user_name: userName,
        external_id: text(user.externalId, 200) || null,
        display_name: text(user.displayName, 64),
        given_name: text(user.name?.givenName, 64),
        family_name: text(user.name?.familyName, 64),
        active,
        created_at: ctx.now,
        updated_at: ctx.now,
      })
      .execute();
    return uid;
  });
  forgetUserSessions(ctx.db, uid);
  return id;
}

/** PUT or PATCH /Users/{id}: the resource as the provider now has it. */
async function update(ctx: ScimContext, id: string, user: ScimUserIn) {
  const { userName, email } = await checkAddress(ctx, user);
  const active = user.active !== false;
  const uid = await auditedTransaction(ctx.db, ctx.now, async (trx, audit) => {
    const before = await trx
      .selectFrom('scim_users as s')
      .innerJoin('users as u', 'u.uid', 's.uid')
      .select(['s.uid', 's.user_name', 's.external_id', 's.active', 'u.email', 'u.name', 'u.ur_account'])
      .where('s.id', '=', id)
      .where('s.cu_id', '=', ctx.cuId)
      .forUpdate()
      .executeTakeFirst();
    if (!before) throw scimError(404, null, `Resource ${id} not found`);
    if (
      userName.toLowerCase() !== before.user_name.toLowerCase() &&
      (await userNameTaken(trx, ctx.cuId, userName, id))
    )
      throw scimError(409, 'uniqueness', 'A user with this userName is provisioned already');
    const name = nameOf(user, email);
    const externalId = text(user.externalId, 200) || null;
    const changes: AuditChange[] = [];
    const change = (field: string, old: unknown, now: unknown) => {
      if (old !== now) changes.push({ field, old, new: now } as AuditChange);
    };
    change('scim_user', before.user_name, userName);
    change('external_id', before.external_id, externalId);
    change('email', before.email, email);
    change('name', before.name, name);
    change('active', before.active, active);
    if (email !== before.email) {
      const clash = await trx
        .selectFrom('users')
        .select('uid')
        .where('uid', '<>', before.uid)
        .where((eb) =>
          eb.or([eb(eb.fn('lower', ['email']), '=', email), eb(eb.fn('lower', ['ur_account']), '=', email)]),
        )
        .executeTakeFirst();
      if (clash) throw scimError(409, 'uniqueness', 'Another account has this e-mail address');
    }
    // The username follows the e-mail when it was the e-mail (a provisioned account's is).
    const account =
      before.ur_account.toLowerCase() === (before.email ?? '').toLowerCase() ? email : before.ur_account;
    await trx
      .updateTable('users')
      .set({ email, name, ur_account: account })
      .where('uid', '=', before.uid)
      .execute();
    await trx
      .updateTable('scim_users')
      .set({
        user_name: userName,
        external_id: externalId,
        display_name: text(user.displayName, 64),
        given_name: text(user.name?.givenName, 64),
        family_name: text(user.name?.familyName, 64),
        active,
        updated_at: ctx.now,
      })
      .where('id', '=', id)
      .execute();
    if (active !== before.active) await setAccountActive(trx, ctx, before.uid, active);
    if (changes.length) {
      const action =
        active === before.active ? 'scim_updated' : active ? 'scim_reactivated' : 'scim_deactivated';
      audit.record({
        cuId: ctx.cuId,
        recordType: 'user',
        recordId: before.uid,
        action,
        actor: SCIM_ACTOR,
        changes,
      });
    }
    return before.uid;
  });
  forgetUserSessions(ctx.db, uid);
}

/** DELETE /Users/{id}: the resource is gone; the account stays, ended. */
async function remove(ctx: ScimContext, id: string) {
  const uid = await auditedTransaction(ctx.db, ctx.now, async (trx, audit) => {
    const gone = await trx
      .deleteFrom('scim_users')
      .where('id', '=', id)
      .where('cu_id', '=', ctx.cuId)
      .returning(['uid', 'user_name', 'active'])
      .executeTakeFirst();
    if (!gone) throw scimError(404, null, `Resource ${id} not found`);
    await setAccountActive(trx, ctx, gone.uid, false);
    audit.record({
      cuId: ctx.cuId,
      recordType: 'user',
      recordId: gone.uid,
      action: 'scim_deleted',
      actor: SCIM_ACTOR,
      changes: [
        { field: 'scim_user', old: gone.user_name, new: null },
        { field: 'active', old: gone.active, new: false },
      ],
    });
    return gone.uid;
  });
  forgetUserSessions(ctx.db, uid);
}

/** The customer's User resources: one by id (404), or those the filter matches. */
async function read(
  ctx: ScimContext,
  id: string | undefined,
  filter: InstanceType<typeof SCIMMY.Types.Filter> | undefined,
) {
  const rows = await rowsOf(ctx.db, ctx.cuId, id);
  const resources = rows.map(resourceOf);
  if (id !== undefined) {
    const found = resources[0];
    if (!found) throw scimError(404, null, `Resource ${id} not found`);
    return found;
  }
  return filter ? filter.match(resources) : resources;
}

let declared = false;

/** Declares the User resource and the service provider's configuration to SCIMMY, once a process. */
export function declareScim(): void {
  if (declared) return;
  declared = true;
  SCIMMY.Config.set({
    patch: true,
    filter: MAX_RESULTS,
    sort: true,
    bulk: false,
    etag: false,
    changePassword: false,
    authenticationSchemes: [
      {
        type: 'oauthbearertoken',
        name: 'Provisioning token',
        description:
          'The bearer token a customer administrator issues in the portal (Single sign-on → Provisioning)',
        primary: true,
      },
    ],
  });
  // SCIMMY's types ask for its own schema instances; it takes plain objects and coerces them
  // (Schemas.User "out"), which is what these handlers answer.
  const egress = guarded(async (resource: UserResource, ctx: ScimContext) =>
    read(ctx, resource.id, resource.filter),
  );
  const ingress = guarded(async (resource: UserResource, instance: unknown, ctx: ScimContext) => {
    const user = instance as ScimUserIn;
    if (resource.id) await update(ctx, resource.id, user);
    return read(ctx, resource.id ?? (await create(ctx, user)), undefined);
  });
  const degress = guarded(async (resource: UserResource, ctx: ScimContext) => remove(ctx, resource.id ?? ''));
  SCIMMY.Resources.declare(SCIMMY.Resources.User)
    .egress(egress as never)
    .ingress(ingress as never)
    .degress(degress as never);
}
