import * as v from 'valibot';
import { Code } from '../codes.ts';
import { operation } from '../operation.ts';
import {
  AnswerRequest,
  SupplierLinkIssued,
  SupplierLinkRequest,
  SupplierLinkSchema,
  TaskQuery,
} from './schemas.ts';

/**
 * The carrier's or supplier's answer page (`/supplier-allback`, public) and the provider's call
 * that makes its links. See schemas.ts. 404: the link is forged, altered or unknown (one answer
 * for all); 409 on an answer: the link was used already, expired, or the task is closed (`data`
 * says which, with what the link shows).
 */
const area = 'supplier';
const MINUTE = 60_000;

export const task = operation({
  area,
  method: 'GET',
  path: 'supplier/task',
  summary:
    "A signed supplier link's task (the order's pickup or delivery, masked) and its decision, if taken",
  auth: 'public',
  input: TaskQuery,
  output: SupplierLinkSchema,
  rateLimits: [{ by: 'ip', limit: 60, windowMs: MINUTE, bucket: 'supplier-read' }],
  codes: [Code.notFound],
});

export const answer = operation({
  area,
  method: 'POST',
  path: 'supplier/answer',
  summary:
    'Confirm the task, propose another time (with a reason) or decline it (with a reason): once per link; an event of the order',
  auth: 'public',
  audit: { records: ['order'] },
  input: AnswerRequest,
  output: SupplierLinkSchema,
  rateLimits: [{ by: 'ip', limit: 20, windowMs: MINUTE, bucket: 'supplier-answer' }],
  codes: [Code.notFound, Code.conflict],
  refusals: { [Code.conflict]: v.nullable(SupplierLinkSchema) },
});

export const supplierLink = operation({
  area,
  method: 'POST',
  path: 'provider/supplier-link',
  summary:
    "Make a signed link that lets a carrier or supplier answer an order's pickup or delivery task (server to server)",
  auth: 'signed',
  audit: { records: ['order'] },
  input: SupplierLinkRequest,
  output: SupplierLinkIssued,
  codes: [Code.notFound, Code.conflict],
});
