import { sql } from 'kysely';
import type {
  AttentionList,
  AttentionQuery,
  AttentionState,
} from '../../../src/contract/order-attachments/schemas.ts';
import type { DB } from '../../db/database.ts';
import { maskedFields, maskOrder } from '../orders/masking.ts';
import { detailCounts } from '../orders/order-counts.ts';
import { attachmentsOf } from './attachments.ts';
import { kindStates } from './attachment-state.ts';
import { cityOf } from '../master-data/region-names.ts';

type Query = Required<Omit<AttentionQuery, 'currentPage' | 'start' | 'limit'>> & {
  start: number;
  limit: number;
  currentPage?: number | undefined;
};

/**
 * The landing page: the customer's orders (not cancelled) whose documents are missing, pending
 * or rejected, newest first, one state or all three. An order is in the state of its
 * `attachment_status` (a required kind missing, else a kind rejected, else a file pending: one
 * state per order, as the order list's document filter and the home page's overview count it;
 * docs/decisions/document-states.md); its row still shows every kind's own state. Counts per
 * state follow the keyword; without one they are the kept counts (`detailCounts`). Rows are
 * masked as the order list's.
 */
export async function attentionList(db: DB, cuId: number | null, query: Query): Promise<AttentionList> {
  const counts = { missing: 0, pending: 0, rejected: 0 };
  if (!cuId) return { list: [], total: 0, counts };
  const keyword = query.keyword.toLowerCase();
  // the predicate of the partial index `orders_documents` (migration 2026-11-30T0001), word for word
  const base = db
    .selectFrom('orders as o')
    .leftJoin('projects as p', 'p.pr_id', 'o.pr_id')
    .where('o.cu_id', '=', cuId)
    .where(
      sql<boolean>`o.status <> 'cancelled' and o.attachment_status in ('missing', 'pending', 'rejected')`,
    )
    .$if(keyword !== '', (qb) =>
      qb.where(
        sql<boolean>`position(${keyword} in o.search_text) > 0 or position(${keyword} in lower(o.order_no)) > 0`,
      ),
    );
  if (keyword === '') Object.assign(counts, (await detailCounts(db, cuId)).documents);
  else {
    const perState = await base
      .select(['o.attachment_status', (eb) => eb.fn.countAll<string>().as('n')])
      .groupBy('o.attachment_status')
      .execute();
    for (const row of perState) counts[row.attachment_status as AttentionState] = Number(row.n);
  }
  const picked = query.state === 'all' ? null : query.state;
  const total = picked ? counts[picked] : counts.missing + counts.pending + counts.rejected;
  const start = query.currentPage ? (query.currentPage - 1) * query.limit : query.start;
  const rows = await base
    .$if(picked !== null, (qb) => qb.where('o.attachment_status', '=', picked!))
    .leftJoin('regions as rf', 'rf.region_id', 'o.from_city_id')
    .leftJoin('regions as rfp', 'rfp.region_id', 'rf.parent_id')
    .leftJoin('regions as rt', 'rt.region_id', 'o.to_city_id')
    .leftJoin('regions as rtp', 'rtp.region_id', 'rt.parent_id')
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
      cityOf('rf', 'rfp').as('from_city'),
      cityOf('rt', 'rtp').as('to_city'),
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
