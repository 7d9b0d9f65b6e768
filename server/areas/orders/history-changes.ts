import type { AuditChange } from '../audit/tables.ts';
import type { DB } from '../../db/database.ts';
import type { Row } from '../../db/schema.ts';
import { MASK, maskedFields } from './masking.ts';
import type { Redactor } from './redaction.ts';

/**
 * What the order's history shows of its audit entries: for each act (by its time, which its event
 * shares: both are written in one transaction), the fields it changed or asked to change, old →
 * new, as people read them: a project, site or region by its name, masked fields masked
 * (masking.ts, under any rule the order has had), free text redacted as the event's own text is
 * (redaction.ts) and cleared of any value a masked field has had. Only edits, change requests and
 * accepted changes list their fields (LISTED_ACTIONS). What the event
 * already says is left out: the status, the cancellation reason, what an order was merged into,
 * a document's upload, audit or deletion, a remark's text. An order's creation is not listed field by field (the order shows what it holds).
 */

/** A SHA-256 as the trail writes it (a document's, a signed content's). */
const HASH = /^[0-9a-f]{64}$/;

const SAID_BY_THE_EVENT = new Set(['status', 'cancel_reason', 'merged_into', 'attachment_status', 'request']);
/** A document's or a remark's own record: the event names the document, the remarks section shows the text. */
const OWN_RECORD = /^(attachments|remarks)\./;
const NAMED = { pr_id: 'projects', ho_id: 'sites', from_city_id: 'regions', to_city_id: 'regions' } as const;
type Named = keyof typeof NAMED;
const isNamed = (field: string): field is Named => field in NAMED;

/** The names of the projects, sites and regions the changes name, by table and id. */
export async function namesOf(db: DB, changes: readonly AuditChange[]): Promise<Map<string, string>> {
  const ids = { projects: new Set<number>(), sites: new Set<number>(), regions: new Set<number>() };
  for (const c of changes) {
    const field = c.field.replace(/^requested\./, '');
    if (!isNamed(field)) continue;
    for (const value of [c.old, c.new]) if (typeof value === 'number') ids[NAMED[field]].add(value);
  }
  const names = new Map<string, string>();
  const put = (table: string, rows: Array<{ id: number; name: string }>) => {
    for (const row of rows) names.set(`${table}:${row.id}`, row.name);
  };
  if (ids.projects.size)
    put(
      'projects',
      await db
        .selectFrom('projects')
        .select(['pr_id as id', 'name'])
        .where('pr_id', 'in', [...ids.projects])
        .execute(),
    );
  if (ids.sites.size)
    put(
      'sites',
      await db
        .selectFrom('sites')
        .select(['ho_id as id', 'name'])
        .where('ho_id', 'in', [...ids.sites])
        .execute(),
    );
  if (ids.regions.size)
    put(
      'regions',
      await db
        .selectFrom('regions')
        .select(['region_id as id', 'name'])
        .where('region_id', 'in', [...ids.regions])
        .execute(),
    );
  return names;
}

/** The acts whose fields the history lists (the others' events say what they did). */
const LISTED_ACTIONS = new Set(['edit', 'apply_modify', 'modify_accepted']);

/**
 * The fields hidden in the history: those the masking rule hides under any of the values the
 * rule's fields (`is_dtp`, `to_goodstype`) have had (an edit may have changed them: what was the
 * patient's then stays hidden).
 */
export function everMasked(order: Row<'orders'>, changes: readonly AuditChange[]): Set<string> {
  const values = (field: 'is_dtp' | 'to_goodstype') =>
    [order[field], ...changes.filter((c) => c.field === field).flatMap((c) => [c.old, c.new])].filter(
      (v): v is number => typeof v === 'number',
    );
  const hidden = new Set<string>();
  for (const is_dtp of values('is_dtp'))
    for (const to_goodstype of values('to_goodstype'))
      for (const field of maskedFields({ is_dtp, to_goodstype })) hidden.add(field);
  return hidden;
}

/** The history's changes of each act on the order, by the act's time (ISO 8601). */
export async function historyChanges(
  db: DB,
  order: Row<'orders'>,
  redact: Redactor,
): Promise<Map<string, AuditChange[]>> {
  const entries = await db
    .selectFrom('audit_entries')
    .select(['at', 'action', 'actor_kind', 'changes'])
    .where('cu_id', '=', order.cu_id)
    .where('record_type', '=', 'order')
    .where('record_id', '=', String(order.id))
    .where('action', 'in', [...LISTED_ACTIONS])
    .orderBy('seq')
    .execute();
  const all = entries.flatMap((e) => e.changes);
  const shown = entries.map((e) => ({
    ...e,
    changes: e.changes.filter((c) => !SAID_BY_THE_EVENT.has(c.field) && !OWN_RECORD.test(c.field)),
  }));
  const names = await namesOf(
    db,
    shown.flatMap((e) => e.changes),
  );
  const show = changeShower(order, all, names, redact);
  const out = new Map<string, AuditChange[]>();
  for (const entry of shown) {
    if (entry.changes.length === 0) continue;
    const at = new Date(entry.at).toISOString();
    out.set(at, [...(out.get(at) ?? []), ...show(entry.changes, entry.actor_kind)]);
  }
  return out;
}

/**
 * How an order's audit changes are shown to people (the history, the customer's audit log, the
 * evidence pack): `all` is every change the trail holds of the order (what a masked field has
 * ever been), `names` the names of the projects, sites and regions they name (namesOf). Masked
 * fields read MASK, named ids their names, text (inside values too) redacted as the order's text
 * is and cleared of any value a masked field has had.
 */
export function changeShower(
  order: Row<'orders'>,
  all: readonly AuditChange[],
  names: ReadonlyMap<string, string>,
  redact: Redactor,
): (changes: readonly AuditChange[], actorKind: string) => AuditChange[] {
  const masked = everMasked(order, all);
  // every value a hidden field has had in the trail: text elsewhere that restates one verbatim
  // is hidden too (the redactor knows the order's values of now and its requests' only)
  const secrets = [
    ...new Set(
      all
        .filter((c) => masked.has(c.field.replace(/^requested\./, '')))
        .flatMap((c) => [c.old, c.new])
        .filter((v): v is string => typeof v === 'string' && v.trim().length >= 2),
    ),
  ].sort((a, b) => b.length - a.length);
  const hide = (text: string) => secrets.reduce((t, secret) => t.split(secret).join(MASK), text);
  return (changes, actorKind) => {
    const author = actorKind === 'provider' ? 'provider' : 'customer';
    const text = (value: unknown): unknown => {
      // a SHA-256 restates nothing: never redacted (its hex digits could match a masked value's)
      if (typeof value === 'string') return HASH.test(value) ? value : hide(redact.text(value, author));
      if (Array.isArray(value)) return value.map(text);
      if (value && typeof value === 'object')
        return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, text(v)]));
      return value;
    };
    const show = (field: string, value: unknown): unknown => {
      if (value === null || value === undefined || value === '') return value ?? null;
      if (masked.has(field)) return MASK;
      if (isNamed(field) && typeof value === 'number')
        return names.get(`${NAMED[field]}:${value}`) ?? String(value);
      return text(value);
    };
    return changes.map((c) => {
      // a signature names its signer (no patient) and hashes: shown as recorded
      if (c.field === 'signature') return c;
      const field = c.field.replace(/^requested\./, '');
      return { field: c.field, old: show(field, c.old), new: show(field, c.new) };
    });
  };
}
