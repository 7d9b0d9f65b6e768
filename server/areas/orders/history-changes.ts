import type { AuditChange } from '../audit/tables.ts';
import type { DB } from '../../db/database.ts';
import type { Row } from '../../db/schema.ts';
import { MASK, maskedFields } from './masking.ts';
import type { Redactor } from './redaction.ts';

/**
 * What the order's history shows of its audit entries: for each act (by its time, which its event
 * shares: both are written in one transaction), the fields it changed or asked to change, old →
 * new, as people read them: a project, site or region by its name, masked fields masked
 * (masking.ts), free text redacted as the event's own text is (redaction.ts). What the event
 * already says is left out: the status, the cancellation reason, what an order was merged into,
 * a document's upload, audit or deletion, a remark's text. An order's creation is not listed field by field (the order shows what it holds).
 */

const SAID_BY_THE_EVENT = new Set(['status', 'cancel_reason', 'merged_into', 'attachment_status']);
/** A document's or a remark's own record: the event names the document, the remarks section shows the text. */
const OWN_RECORD = /^(attachments|remarks)\./;
const NAMED = { pr_id: 'projects', ho_id: 'sites', from_city_id: 'regions', to_city_id: 'regions' } as const;
type Named = keyof typeof NAMED;
const isNamed = (field: string): field is Named => field in NAMED;

/** The names of the projects, sites and regions the changes name, by table and id. */
async function namesOf(db: DB, changes: readonly AuditChange[]): Promise<Map<string, string>> {
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
    .where('action', '!=', 'create')
    .orderBy('seq')
    .execute();
  const shown = entries.map((e) => ({
    ...e,
    changes: e.changes.filter((c) => !SAID_BY_THE_EVENT.has(c.field) && !OWN_RECORD.test(c.field)),
  }));
  const names = await namesOf(
    db,
    shown.flatMap((e) => e.changes),
  );
  const masked = new Set(maskedFields(order));
  const out = new Map<string, AuditChange[]>();
  for (const entry of shown) {
    if (entry.changes.length === 0) continue;
    const author = entry.actor_kind === 'provider' ? 'provider' : 'customer';
    const show = (field: string, value: unknown): unknown => {
      if (value === null || value === undefined || value === '') return value ?? null;
      if (masked.has(field)) return MASK;
      if (isNamed(field) && typeof value === 'number')
        return names.get(`${NAMED[field]}:${value}`) ?? String(value);
      return typeof value === 'string' ? redact.text(value, author) : value;
    };
    const at = new Date(entry.at).toISOString();
    const changes = entry.changes.map((c) => {
      const field = c.field.replace(/^requested\./, '');
      return { field: c.field, old: show(field, c.old), new: show(field, c.new) };
    });
    out.set(at, [...(out.get(at) ?? []), ...changes]);
  }
  return out;
}
