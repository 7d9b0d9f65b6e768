import { type APIRequestContext, expect } from '@playwright/test';
import type { OrderDetail } from '../../../src/contract/orders/schemas.ts';
import type { StoredAnswer } from '../../../src/contract/provider/schemas.ts';
import { signedCall } from './api.ts';
import { orderList } from './order-editor.ts';

/**
 * A demo order on the road with a logger and goods of the drug or sample stock (the chilled ones
 * first: their drugs keep a stability budget). The demo set is drawn at random, so any class will do.
 */
export async function onTheRoad(request: APIRequestContext, token: string) {
  const { list } = await orderList(request, token, { status: 'not_finished' });
  const chilled = (row: object) => Number((row as { temp_class?: string }).temp_class === 'chilled');
  const rows = [...list].sort((a, b) => chilled(b) - chilled(a));
  for (const row of rows) {
    const res = await request.get(`/api/customer-order/view.html?id=${row.id}`, {
      headers: { 'X-Token': token },
    });
    const view = ((await res.json()) as { data: OrderDetail }).data;
    const logger = view.boxes.find((b) => b.logger_id)?.logger_id;
    const goods = view.goods.find((g) => g.goods_type !== 3);
    if (logger && goods)
      return {
        order_no: view.order_no,
        logger,
        // what the inventory's search finds the line by (samples have no batch)
        keyword: goods.batch_no || goods.name,
        sample: goods.goods_type === 2,
      };
  }
  throw new Error('the demo has no order on the road with a logger and drugs or samples');
}

/** The provider's logger: 40 min at 9–12 °C (out of any class's range), then 5 °C; answers the case it opened. */
export async function warmStretch(request: APIRequestContext, order: { order_no: string; logger: string }) {
  const start = Date.now() - 3 * 3_600_000;
  const readings = [5, 9, 12, 11, 10, 6, 5].map((celsius, i) => ({
    at: new Date(start + i * 10 * 60_000).toISOString(),
    celsius,
  }));
  const answer = await signedCall<StoredAnswer>(request, 'provider/readings', {
    order_no: order.order_no,
    logger_id: order.logger,
    readings,
  });
  expect(answer.code).toBe(0);
  expect(answer.data.case_no).toMatch(/^EXC-\d{6}$/);
  return Number(answer.data.case_no!.slice(4));
}
