import * as ops from '../../../src/contract/inventory/operations.ts';
import { Code } from '../../../src/contract/codes.ts';
import type { StockAttention } from '../../../src/contract/inventory/attention.ts';
import type { ExpiryState } from '../../../src/contract/inventory/schemas.ts';
import type { TempClass } from '../../../src/contract/orders/domain.ts';
import { ApiError } from '../../core/errors.ts';
import { handle } from '../../http/route.ts';
import { projectOf } from '../master-data/projects.ts';
import { pageStart } from '../master-data/text-match.ts';
import { exportStock } from './export.ts';
import { packLines } from './packing.ts';
import { setReorderLevels } from './reorder-levels.ts';
import {
  goodsSizes,
  lineDetail,
  linesOf,
  searchLines,
  series,
  stockDepots,
  stockOutPage,
  stockPage,
} from './stock.ts';

/** The inventory reads: the session's customer's stock lines (customer 0, a session without one, owns none). */
const customer = (session: { cuId: number | null }) => session.cuId ?? 0;

type StockInput = {
  start: number;
  limit: number;
  currentPage?: number | undefined;
  keyword: string;
  pr_id?: number | undefined;
  temp_class?: TempClass | undefined;
  depot?: string | undefined;
  expiring_days?: number | undefined;
  in_stock?: '0' | '1' | undefined;
  expiry_state?: ExpiryState | undefined;
  attention?: StockAttention | undefined;
  sort?: string | undefined;
};

const stockFilter = (input: StockInput) => ({
  keyword: input.keyword,
  prId: input.pr_id,
  tempClass: input.temp_class,
  depot: input.depot,
  expiringDays: input.expiring_days,
  inStock: input.in_stock === '1',
  expiryState: input.expiry_state,
  attention: input.attention,
});
const page = (input: StockInput) => ({ start: pageStart(input), limit: input.limit, sort: input.sort });

export const routes = [
  // The provider's systems (signed): reorder levels of any customer's lines.
  handle(ops.reorderLevels, ({ input, deps, now }) => setReorderLevels(deps.db, input.levels, now)),
  handle(ops.stocksList, ({ input, session, deps, now }) =>
    stockPage(
      deps.db,
      customer(session),
      { ...stockFilter(input), goodsType: input.goods_type },
      page(input),
      now,
    ),
  ),
  handle(ops.stocksListDrugs, ({ input, session, deps, now }) =>
    stockPage(deps.db, customer(session), { ...stockFilter(input), goodsType: 1 }, page(input), now),
  ),
  handle(ops.stocksListSamples, ({ input, session, deps, now }) =>
    stockPage(deps.db, customer(session), { ...stockFilter(input), goodsType: 2 }, page(input), now),
  ),
  handle(ops.stockOut, ({ input, session, deps }) =>
    stockOutPage(
      deps.db,
      customer(session),
      { keyword: input.keyword, prId: input.pr_id, dateFrom: input.date_from, dateTo: input.date_to },
      { start: pageStart(input), limit: input.limit },
    ),
  ),
  handle(ops.inventoryDetail, ({ input, session, deps, now }) =>
    lineDetail(deps.db, customer(session), input.in_id, now),
  ),
  handle(ops.searchDrug, ({ input, session, deps, now }) =>
    searchLines(
      deps.db,
      customer(session),
      { keyword: input.keyword, prId: input.pr_id, goodsType: input.goods_type, tempClass: input.temp_class },
      20,
      now,
    ),
  ),
  handle(ops.goodsSize, ({ input, session, deps }) =>
    goodsSizes(deps.db, customer(session), { goodsType: input.goods_type, prId: input.pr_id }),
  ),
  handle(ops.seriesNumber, ({ input, session, deps, now }) =>
    series(deps.db, customer(session), input.code, input.pr_id, now),
  ),
  handle(ops.autoBox, async ({ input, session, deps, now }) => {
    const lines = await linesOf(
      deps.db,
      customer(session),
      input.lines.map((l) => l.in_id),
      now,
    );
    const wrongClass = lines.findIndex((line) => line.temp_class !== input.temp_class);
    if (wrongClass >= 0) {
      const line = lines[wrongClass] as (typeof lines)[number];
      throw new ApiError(Code.invalid, 'Stock line {in_id} is stored at another temperature class', null, {
        params: { in_id: line.in_id },
        fields: {
          [`lines.${wrongClass}.in_id`]: 'Stored at another temperature class',
        },
      });
    }
    const short = input.lines.findIndex((l, i) => l.quantity > (lines[i]?.available ?? 0));
    if (short >= 0) {
      const line = lines[short] as (typeof lines)[number];
      throw new ApiError(Code.invalid, 'Stock line {in_id} has only {available} available', null, {
        params: { in_id: line.in_id, available: line.available },
        fields: { [`lines.${short}.quantity`]: 'More than is available' },
      });
    }
    return packLines(
      input.temp_class,
      lines.map((line, i) => ({ line, quantity: input.lines[i]?.quantity ?? 0 })),
    );
  }),
  handle(ops.orderCheckType, async ({ input, session, deps }) => {
    const { conf } = await projectOf(deps.db, customer(session), input.pr_id);
    const refused: Array<'order_type' | 'goods_type' | 'temp_class' | 'is_dtp'> = [];
    if (!conf.order_types.includes(input.order_type)) refused.push('order_type');
    if (!conf.goods_types.includes(input.goods_type)) refused.push('goods_type');
    if (!conf.temp_classes.includes(input.temp_class)) refused.push('temp_class');
    if (input.is_dtp !== 0 && !conf.dtp_allowed) refused.push('is_dtp');
    return { allowed: refused.length === 0, refused, required_attachments: conf.required_attachments };
  }),
  handle(ops.isRecoverDrug, async ({ input, session, deps, now }) =>
    (await linesOf(deps.db, customer(session), input.in_ids, now)).map((line) => ({
      in_id: line.in_id,
      recoverable: line.recoverable,
    })),
  ),
  handle(ops.stockDepots, ({ input, session, deps }) =>
    stockDepots(deps.db, customer(session), input.goods_type),
  ),
  handle(ops.inventoryExport, ({ input, session, deps, now, lang }) =>
    exportStock(
      deps,
      customer(session),
      { ...stockFilter(input), goodsType: input.goods_type },
      input.sort,
      lang,
      now,
    ),
  ),
];
