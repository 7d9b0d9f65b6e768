import { sql } from 'kysely';
import type { AttentionList, AttentionQuery } from '../../../src/contract/order-files/schemas.ts';
import { ATTENTION_STATES } from '../../../src/contract/order-files/schemas.ts';
import type { DB } from '../../db/database.ts';
import { maskedFields, maskOrder } from '../orders/masking.ts';
import { attachmentsOf } from './attachments.ts';
import { kindStates } from './attachment-state.ts';

type Query = Required<Omit<AttentionQuery, 'currentPage' | 'start' | 'limit'>> & {
  start: number;
  limit: number;
  currentPage?: number | undefined;
};

/**
 * Whether an order (`o`, its project `p`) has a kind in a state, as `kindStates` decides it: a
 * required kind with no file (missing), a file waiting for audit (pending), a kind whose files are
 * all rejected (rejected). An order counts in every state it has.
 */
const HAS = {
  missing: sql<boolean>`exists (select 1 from unnest(coalesce(p.required_attachments, '{}'::text[])) as k(kind)
    where not exists (select 1 from order_attachments a where a.order_id = o.id and a.kind = k.kind))`,
  pending: sql<boolean>`exists (select 1 from order_attachments a where a.order_id = o.id and a.status = 'pending')`,
  rejected: sql<boolean>`exists (select 1 from order_attachments a where a.order_id = o.id and a.status = 'rejected'
    and not exists (select 1 from order_attachments b where b.order_id = o.id and b.kind = a.kind and b.status <> 'rejected'))`,
} as const;

/**
 * The landing page: the customer's orders (not cancelled) whose documents are missing, pending
 * or rejected, newest first, one state or all three (an order with a missing and a rejected
 * document is in both); counts per state follow the keyword. Rows are masked as the order list's.
 */
export async function attentionList(db: DB, cuId: number | null, query: Query): Promise<AttentionList> {
  const counts = { missing: 0, pending: 0, rejected: 0 };
  if (!cuId) return { list: [], total: 0, counts };
  const keyword = query.keyword.toLowerCase();
  const base = db
    .selectFrom('orders as o')
    .leftJoin('projects as p', 'p.pr_id', 'o.pr_id')
    .where('o.cu_id', '=', cuId)
    .where('o.status', '!=', 'cancelled')
    .where('o.attachment_status', 'in', [...ATTENTION_STATES])
    .$if(keyword !== '', (qb) =>
      qb.where(
        sql<boolean>`position(${keyword} in o.search_text) > 0 or position(${keyword} in lower(o.order_no)) > 0`,
      ),
    );
  const totals = await base
    .select([
      sql<string>`count(*) filter (where ${HAS.missing})`.as('missing'),
      sql<string>`count(*) filter (where ${HAS.pending})`.as('pending'),
      sql<string>`count(*) filter (where ${HAS.rejected})`.as('rejected'),
      (eb) => eb.fn.countAll<string>().as('all'),
    ])
    .executeTakeFirstOrThrow();
  counts.missing = Number(totals.missing);
  counts.pending = Number(totals.pending);
  counts.rejected = Number(totals.rejected);
  const picked = query.state === 'all' ? null : query.state;
  const total = picked ? counts[picked] : Number(totals.all);
  const start = query.currentPage ? (query.currentPage - 1) * query.limit : query.start;
  const rows = await base
    .$if(picked !== null, (qb) => qb.where(HAS[picked!]))
    .leftJoin('regions as rf', 'rf.region_id', 'o.from_city_id')
    .leftJoin('regions as rt', 'rt.region_id', 'o.to_city_id')
    .select([
      'o.id',
      'o.order_no',
      'o.status',
      'o.is_dtp',
      'o.to_goodstype',
      'o.from_company',
      'o.to_company',
      'o.attachment_status',
      'p.name as project_name',
      'p.protocol_no',
      'p.required_attachments',
      'rf.name as from_city',
      'rt.name as to_city',
    ])
    .orderBy('o.created_at', 'desc')
    .orderBy('o.id', 'desc')
    .limit(query.limit)
    .offset(start)
    .execute();
  const attachments = await attachmentsOf(
    db,
    rows.map((r) => r.id),
  );
  const list = rows.map((row) => {
    const masked = maskOrder(row);
    const mine = attachments.filter((a) => a.order_id === row.id);
    return {
      id: row.id,
      order_no: row.order_no,
      status: row.status,
      project_name: row.project_name ?? '',
      protocol_no: row.protocol_no ?? '',
      from_company: masked.from_company,
      from_city: row.from_city ?? '',
      to_company: masked.to_company,
      to_city: row.to_city ?? '',
      attachment_status: row.attachment_status,
      kinds: kindStates(row.required_attachments ?? [], mine),
      attachments: mine,
      masked: [...maskedFields(row)],
    };
  });
  return { list, total, counts };
}
