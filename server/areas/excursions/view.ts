import { caseNo, MKT_CLASSES } from '../../../src/contract/excursions/domain.ts';
import { CASE_READINGS_MAX, type CaseLine, type CaseView } from '../../../src/contract/excursions/schemas.ts';
import { TEMP_LIMITS } from '../../../src/contract/orders/domain.ts';
import { notFound } from '../../core/errors.ts';
import type { DB } from '../../db/database.ts';
import { canApprove } from '../orders/detail.ts';
import { maskOrder } from '../orders/masking.ts';
import { redactorOf } from '../orders/redaction.ts';
import { contentHash } from '../signatures/content.ts';
import { manifestation } from '../signatures/record.ts';
import { thinEvenly } from '../tracking/readings.ts';
import { episodesOf, meanKineticTemperature } from './analysis.ts';
import { budgetUse, loggerReadings } from './budgets.ts';
import { caseContent } from './content.ts';
import { caseRow } from './list.ts';

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
const round1 = (n: number) => Math.round(n * 10) / 10;

/** The case's goods lines with their stock at the destination and each batch's budget over its life. */
export async function caseLines(
  db: DB,
  c: { id: number; cu_id: number; order_id: number; pr_id: number | null },
  tempClass: CaseView['case']['temp_class'],
  readings: Awaited<ReturnType<typeof loggerReadings>>,
): Promise<CaseLine[]> {
  const rows = await db
    .selectFrom('excursion_lines as l')
    .innerJoin('order_goods as g', 'g.id', 'l.goods_id')
    .leftJoin('inventory as i', 'i.in_id', 'l.in_id')
    .select([
      'g.code',
      'g.name',
      'g.batch_no',
      'g.quantity',
      'g.unit',
      'l.in_id',
      'i.depot',
      'i.hold',
      'i.quantity as on_hand',
      'i.pr_id',
    ])
    .where('l.case_id', '=', c.id)
    .orderBy('g.id')
    .execute();
  const out: CaseLine[] = [];
  for (const r of rows) {
    const use = await budgetUse(
      db,
      { cuId: c.cu_id, prId: r.pr_id ?? c.pr_id, code: r.code, batchNo: r.batch_no },
      { orderId: c.order_id, caseId: c.id, tempClass, readings },
    );
    out.push({
      code: r.code,
      name: r.name,
      batch_no: r.batch_no,
      quantity: Number(r.quantity),
      unit: r.unit,
      in_id: r.in_id,
      depot: r.depot ?? '',
      hold: r.hold ?? 'none',
      on_hand: Number(r.on_hand ?? 0),
      budget: use.budget,
      bands: use.bands,
      unbudgeted_minutes: use.unbudgetedMinutes,
      earlier: use.earlier.map((e) => ({
        id: e.id,
        case_no: caseNo(e.id),
        order_no: e.order_no,
        opened_at: new Date(e.opened_at).toISOString(),
        minutes_out: e.minutes_out,
        decision: e.decision,
      })),
    });
  }
  return out;
}

/** `excursion/view`: a case of the session's customer, everything its page and its report show. */
export async function caseView(
  db: DB,
  session: { uid: number; cuId: number; isAdmin: boolean },
  id: number,
): Promise<CaseView> {
  const row = await caseRow(db, session.cuId, id);
  if (!row) throw notFound('No such excursion case');
  const c = await db.selectFrom('excursion_cases').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const order = await db
    .selectFrom('orders')
    .selectAll()
    .where('id', '=', c.order_id)
    .executeTakeFirstOrThrow();
  const shown = maskOrder(order);
  // a DTP patient restated in a document's name or the provider's note is masked as in the order view
  const redact = await redactorOf(db, order);
  const readings = await loggerReadings(db, c.order_id, c.logger_id);
  const limits = TEMP_LIMITS[order.temp_class];
  const episodes = episodesOf(readings, limits);
  const lines = await caseLines(db, c, order.temp_class, readings);
  const [notes, evidence, people, approver] = await Promise.all([
    db
      .selectFrom('excursion_notes as n')
      .leftJoin('files as f', 'f.file_id', 'n.file_id')
      .leftJoin('order_attachments as a', (join) =>
        join.onRef('a.file_id', '=', 'n.file_id').on('a.order_id', '=', c.order_id),
      )
      .select([
        'n.at',
        'n.kind',
        'n.uid',
        'n.author',
        'n.text',
        'n.file_id',
        'f.name as file_name',
        'a.kind as file_kind',
        'a.source as file_source',
      ])
      .where('n.case_id', '=', id)
      .orderBy('n.id')
      .execute(),
    db
      .selectFrom('order_attachments as a')
      .innerJoin('files as f', 'f.file_id', 'a.file_id')
      .select(['f.file_id', 'f.name', 'a.kind', 'a.source', 'a.uploaded_at'])
      .where('a.order_id', '=', c.order_id)
      .orderBy('a.uploaded_at')
      .execute(),
    db
      .selectFrom('user_customers as uc')
      .innerJoin('users as u', 'u.uid', 'uc.uid')
      .select(['u.uid', 'u.name'])
      .where('uc.cu_id', '=', session.cuId)
      .orderBy('u.name')
      .orderBy('u.uid')
      .execute(),
    canApprove(db, session),
  ]);
  let decision: CaseView['decision'] = null;
  if (c.decision !== null && c.decided_at !== null) {
    const signature =
      c.signature_id === null
        ? undefined
        : await db.selectFrom('signatures').selectAll().where('id', '=', c.signature_id).executeTakeFirst();
    decision = {
      decision: c.decision,
      reason: c.decision_reason ?? '',
      by: c.decided_by_name ?? '',
      at: new Date(c.decided_at).toISOString(),
      signature: signature
        ? manifestation(signature, contentHash(caseContent(c, order, episodes, lines)))
        : null,
    };
  }
  const active = c.state === 'open' || c.state === 'assessment';
  return {
    case: row,
    order: {
      id: order.id,
      order_no: order.order_no,
      status: order.status,
      from_company: shown.from_company,
      to_company: shown.to_company,
      pickup_at: iso(order.pickup_at),
      signed_at: iso(order.signed_at),
    },
    limits,
    mkt: MKT_CLASSES.includes(order.temp_class)
      ? round1(meanKineticTemperature(readings) ?? Number.NaN)
      : null,
    readings: thinEvenly(readings, CASE_READINGS_MAX).map((r) => ({
      at: r.at.toISOString(),
      celsius: r.celsius,
    })),
    episodes: episodes.map((e) => ({
      from: e.from.toISOString(),
      to: e.to.toISOString(),
      minutes: e.minutes,
      min: e.min,
      max: e.max,
      level: e.level,
    })),
    lines,
    proposal: active && c.budget === 'within' ? 'release' : null,
    decision,
    timeline: notes.map((n) => ({
      at: new Date(n.at).toISOString(),
      kind: n.kind,
      author: redact.text(n.author, n.uid === null ? 'provider' : 'customer'),
      text: redact.text(n.text, n.uid === null ? 'provider' : 'customer'),
      file:
        n.file_id === null || n.file_name === null
          ? null
          : {
              id: n.file_id,
              name: redact.fileName(n.file_name, n.file_source ?? 'customer'),
              kind: n.file_kind ?? 'other',
            },
    })),
    evidence: evidence.map((e) => ({
      id: e.file_id,
      name: redact.fileName(e.name, e.source),
      kind: e.kind,
      uploaded_at: new Date(e.uploaded_at).toISOString(),
    })),
    assignees: people,
    may: {
      assign: active,
      comment: c.state !== 'closed',
      decide: c.state === 'assessment' && (session.isAdmin || approver),
    },
  };
}
