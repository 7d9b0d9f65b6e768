import {
  orderList,
  orderListGet,
  orderTemperature,
  orderTrack,
  orderView,
} from '../../../src/contract/orders/operations.ts';
import type { SessionRecord } from '../accounts/sessions.ts';
import { handle } from '../../http/route.ts';
import { loadOrder, orderDetail, type Viewer } from './detail.ts';
import { listOrders } from './list.ts';
import type { OrderFilter } from './list-query.ts';
import { temperatureOf, trackOf } from './temperature.ts';

const viewer = (session: SessionRecord): Viewer => ({ uid: session.uid, cuId: session.cuId });

/** `start` wins; a `currentPage` alone (start 0) means that page of `limit` rows. */
const paged = (query: OrderFilter): OrderFilter =>
  query.start === 0 && query.currentPage !== undefined && query.currentPage > 1
    ? { ...query, start: (query.currentPage - 1) * query.limit }
    : query;

export const routes = [
  handle(orderListGet, ({ input, session, deps }) => listOrders(deps.db, session.cuId, paged(input))),
  handle(orderList, ({ input, session, deps }) => listOrders(deps.db, session.cuId, paged(input))),
  handle(orderView, async ({ input, session, deps }) =>
    orderDetail(deps.db, viewer(session), await loadOrder(deps.db, session.cuId, input.id)),
  ),
  handle(orderTemperature, async ({ input, session, deps }) =>
    temperatureOf(deps.db, await loadOrder(deps.db, session.cuId, input.id)),
  ),
  handle(orderTrack, async ({ input, session, deps }) => {
    const order = await loadOrder(deps.db, session.cuId, input.id);
    return trackOf(deps.db, order.id);
  }),
];
