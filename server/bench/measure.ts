import { CompiledQuery } from 'kysely';
import * as v from 'valibot';
import { type OrderListQuery as Query, OrderListQuery } from '../../src/contract/orders/schemas.ts';
import type { DB } from '../db/database.ts';
import { listOrders } from '../areas/orders/list.ts';
import {
  countOrders,
  matchCountQuery,
  ORDER_COUNT_CAP,
  orderPage,
  withKeywordNames,
} from '../areas/orders/list-query.ts';
import { summaryAnswers, summaryCountsQuery } from '../areas/orders/order-counts.ts';
import { selectListRows } from '../areas/orders/where-now.ts';

/** One measured case: the first page of the order list with its counts, as `customer-order/index` answers it. */
export interface Scenario {
  name: string;
  query: Query;
  /** Kept apart in the summary: the keyword target is looser. */
  keyword?: boolean;
}

export interface Measured {
  name: string;
  keyword: boolean;
  total: number;
  /** The counts stopped at the cap (`counts_capped`): `total` is a lower bound. */
  capped: boolean;
  p50: number;
  p95: number;
  max: number;
}

/** The nearest-rank percentile of sorted values. */
export const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;

/** Runs `listOrders` (the list call's own function, counting at most `cap`) `runs` times after `warmup` runs. */
export async function measure(
  db: DB,
  cuId: number,
  scenario: Scenario,
  runs: number,
  options: { warmup?: number; cap?: number } = {},
): Promise<Measured> {
  const { warmup = 5, cap = ORDER_COUNT_CAP } = options;
  const parsed = v.parse(OrderListQuery, scenario.query);
  let total = 0;
  let capped = false;
  for (let i = 0; i < warmup; i++) {
    const answer = await listOrders(db, cuId, parsed, undefined, cap);
    total = answer.total;
    capped = answer.counts_capped === true;
  }
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await listOrders(db, cuId, parsed, undefined, cap);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const round = (n: number) => Math.round(n * 100) / 100;
  return {
    name: scenario.name,
    keyword: scenario.keyword ?? false,
    total,
    capped,
    p50: round(percentile(times, 50)),
    p95: round(percentile(times, 95)),
    max: round(times[times.length - 1] ?? 0),
  };
}

/**
 * EXPLAIN ANALYZE of the two statements the list runs: the counts (the kept counts' sums, or the
 * capped count over the matches) and the page in the shape `listOrders` gives it.
 */
export async function explain(
  db: DB,
  cuId: number,
  query: Query,
  cap = ORDER_COUNT_CAP,
): Promise<{ counts: string; page: string }> {
  const parsed = await withKeywordNames(db, cuId, v.parse(OrderListQuery, query));
  const countSql = summaryAnswers(parsed)
    ? summaryCountsQuery(db, cuId, parsed).compile()
    : matchCountQuery(db, cuId, parsed, cap).compile();
  const { counts, capped } = await countOrders(db, cuId, parsed, cap);
  const count = parsed.status === 'all' ? counts.all : counts[parsed.status];
  const pageSql = selectListRows(orderPage(db, cuId, parsed, { count, capped })).compile();
  const run = async (compiled: { sql: string; parameters: readonly unknown[] }) => {
    const result = await db.executeQuery<{ 'QUERY PLAN': string }>(
      CompiledQuery.raw(`explain (analyze, buffers) ${compiled.sql}`, [...compiled.parameters]),
    );
    return result.rows.map((r) => r['QUERY PLAN']).join('\n');
  };
  return { counts: await run(countSql), page: await run(pageSql) };
}
