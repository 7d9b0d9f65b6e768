import * as v from 'valibot';
import { Code } from '../codes.ts';
import { operation, READS } from '../operation.ts';
import {
  AnswerModifyRequest,
  ConfirmRequest,
  MilestoneRequest,
  OpenOrdersAnswer,
  OpenOrdersRequest,
  ProviderOrderState,
  ReadingsRequest,
  SignRequest,
  StoredAnswer,
  TrackRequest,
} from './schemas.ts';

/**
 * The provider's side of an order, server to server, signed with the shared secret like
 * `integration/*` (`X-Timestamp`, `X-Signature`; docs/api.md "Provider API"). 404: no order has
 * that number; 409: the order's status does not allow it (nothing changes, `data` is the order).
 */
const CODES = [Code.notFound, Code.conflict] as const;

export const confirm = operation({
  area: 'provider',
  method: 'POST',
  path: 'provider/confirm',
  summary: 'Confirm an order waiting for confirmation (pending_confirm → not_finished)',
  auth: 'signed',
  audit: { records: ['order'] },
  input: ConfirmRequest,
  output: ProviderOrderState,
  codes: CODES,
  refusals: { [Code.conflict]: v.nullable(ProviderOrderState) },
});

export const milestone = operation({
  area: 'provider',
  method: 'POST',
  path: 'provider/milestone',
  summary: 'Post a milestone of an order in progress (picked up, in transit, out for delivery, delivered)',
  auth: 'signed',
  audit: { records: ['order'] },
  input: MilestoneRequest,
  output: ProviderOrderState,
  codes: CODES,
  refusals: { [Code.conflict]: v.nullable(ProviderOrderState) },
});

export const readings = operation({
  area: 'provider',
  method: 'POST',
  path: 'provider/readings',
  summary:
    "Store a data logger's temperature readings (≤ 5000), recompute the order's excursion, and open the logger's excursion case when they leave the range",
  auth: 'signed',
  audit: { records: ['order', 'excursion', 'inventory'] },
  input: ReadingsRequest,
  output: StoredAnswer,
  codes: CODES,
  refusals: { [Code.conflict]: v.nullable(ProviderOrderState) },
});

export const track = operation({
  area: 'provider',
  method: 'POST',
  path: 'provider/track',
  summary: 'Store track points of an order in progress (≤ 5000)',
  auth: 'signed',
  audit: { records: ['order'] },
  input: TrackRequest,
  output: StoredAnswer,
  codes: CODES,
  refusals: { [Code.conflict]: v.nullable(ProviderOrderState) },
});

export const sign = operation({
  area: 'provider',
  method: 'POST',
  path: 'provider/sign',
  summary: 'Record the signature at delivery (not_finished → finished)',
  auth: 'signed',
  audit: { records: ['order'] },
  input: SignRequest,
  output: ProviderOrderState,
  codes: CODES,
  refusals: { [Code.conflict]: v.nullable(ProviderOrderState) },
});

export const answerModify = operation({
  area: 'provider',
  method: 'POST',
  path: 'provider/answer-modify',
  summary: "Accept or reject a customer's change or cancel request of an order in progress",
  auth: 'signed',
  audit: { records: ['order'] },
  input: AnswerModifyRequest,
  output: ProviderOrderState,
  codes: CODES,
  refusals: { [Code.conflict]: v.nullable(ProviderOrderState) },
});

export const openOrders = operation({
  area: 'provider',
  method: 'POST',
  path: 'provider/open-orders',
  summary:
    'The orders waiting for confirmation or in progress, with their loggers and open modification request',
  auth: 'signed',
  audit: READS,
  input: OpenOrdersRequest,
  output: OpenOrdersAnswer,
  bodyOptional: true,
});
