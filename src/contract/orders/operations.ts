import { operation } from '../operation.ts';
import { Code } from '../codes.ts';
import {
  OrderDetailSchema,
  OrderIdQuery,
  OrderListQuery,
  OrderListSchema,
  TemperatureSchema,
  TrackSchema,
} from './schemas.ts';

/**
 * The order list and view (`customer-order/*`, `common/get-order-*`): always the session's
 * customer's orders; another customer's id answers 404. The server masks every answer (spec §3).
 */
const area = 'orders';

export const orderListGet = operation({
  area,
  method: 'GET',
  path: 'customer-order/index',
  summary:
    'A page of the customer’s orders with the counts per status (the counts follow every filter but the status)',
  auth: 'session',
  input: OrderListQuery,
  output: OrderListSchema,
});

export const orderList = operation({
  area,
  method: 'POST',
  path: 'customer-order/index',
  summary: 'The same as the GET, with the query as a JSON body',
  auth: 'session',
  input: OrderListQuery,
  output: OrderListSchema,
  bodyOptional: true,
});

export const orderView = operation({
  area,
  method: 'GET',
  path: 'customer-order/view',
  summary: 'One order with its goods, boxes, events, attachments, remarks and the actions allowed now',
  auth: 'session',
  input: OrderIdQuery,
  output: OrderDetailSchema,
  codes: [Code.notFound],
});

export const orderTemperature = operation({
  area,
  method: 'GET',
  path: 'common/get-car-temp',
  summary: 'The order’s temperature readings, its class’s limits and the excursions found',
  auth: 'session',
  input: OrderIdQuery,
  output: TemperatureSchema,
  codes: [Code.notFound],
});

export const orderTrack = operation({
  area,
  method: 'GET',
  path: 'common/get-play-track-url',
  summary: 'The track points of the order’s route, oldest first',
  auth: 'session',
  input: OrderIdQuery,
  output: TrackSchema,
  codes: [Code.notFound],
});
