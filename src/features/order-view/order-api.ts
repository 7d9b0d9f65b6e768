import type { InferOutput } from 'valibot';
import { call } from '../../api/transport.ts';
import { Code } from '../../contract/codes.ts';
import { orderEmail, orderEmailView, printLogAdd } from '../../contract/order-exports/operations.ts';
import { auditAttachment } from '../../contract/order-attachments/operations.ts';
import {
  orderApplyInfo,
  orderApplyModify,
  orderAudit,
  orderCancel,
  orderChildList,
  orderOwner,
  orderRemark,
  orderTemperature,
  orderTrack,
  orderView,
} from '../../contract/orders/operations.ts';
import type { SignatureInput } from '../../contract/signatures/schemas.ts';
import type {
  ApplyInfoSchema,
  ApplyModifyRequest,
  ChildListSchema,
  EmailViewSchema,
  OrderDetail,
  OrderOwnerSchema,
  Remark,
  Temperature,
  Track,
} from '../../contract/orders/schemas.ts';

/**
 * The order view's calls. Reads keep 404 quiet (the view says "not yours" itself); writes keep
 * 409 and 422 quiet (their dialogs say what went wrong); everything else follows the catalogue.
 */
const READ = { silentCodes: [Code.notFound] } as const;
const WRITE = { silentCodes: [Code.notFound, Code.conflict, Code.invalid] } as const;
/** A signed write: its dialog also says a locked account (407) itself. */
const SIGN = { silentCodes: [...WRITE.silentCodes, Code.locked] } as const;

export type ApplyInfo = InferOutput<typeof ApplyInfoSchema>;
export type Modification = ApplyInfo['list'][number];
export type ChildList = InferOutput<typeof ChildListSchema>;
export type EmailView = InferOutput<typeof EmailViewSchema>;
export type OrderOwner = InferOutput<typeof OrderOwnerSchema>;

export const loadOrder = (id: number, signal?: AbortSignal): Promise<OrderDetail> =>
  call(
    orderView,
    { id },
    { silentCodes: [Code.notFound, Code.badRequest, Code.invalid], ...(signal ? { signal } : {}) },
  );
export const loadTemperature = (id: number): Promise<Temperature> => call(orderTemperature, { id }, READ);
export const loadTrack = (id: number): Promise<Track> => call(orderTrack, { id }, READ);
export const loadApplyInfo = (id: number): Promise<ApplyInfo> => call(orderApplyInfo, { id }, READ);
export const loadChildList = (id: number): Promise<ChildList> => call(orderChildList, { id }, READ);
/** Which of the user's accounts holds an order the view could not open (404 quiet: none of them). */
export const loadOrderOwner = (id: number): Promise<OrderOwner> =>
  call(orderOwner, { id }, { silentCodes: [Code.notFound], quiet: true });
export const loadEmailPreview = (id: number): Promise<EmailView> => call(orderEmailView, { id }, READ);

export const cancelOrder = (id: number, reason: string) => call(orderCancel, { ids: [id], reason }, WRITE);
/** An approver passes or rejects the order, signing it (407 on a locked account stays with the dialog). */
export const auditOrder = (
  id: number,
  pass: boolean,
  reason: string,
  version: number,
  signature: SignatureInput,
) => call(orderAudit, { id, pass, reason, version, signature }, SIGN);
export const applyModify = (request: ApplyModifyRequest) => call(orderApplyModify, request, WRITE);
export const addRemark = (id: number, text: string, kind: 'remark' | 'feedback'): Promise<Remark> =>
  call(orderRemark, { id, text, kind }, WRITE);
export const sendEmail = (id: number, to: string[], note: string) =>
  call(orderEmail, { id, to, note }, WRITE);
/** An approver passes or rejects one of the order's documents (`id`: the attachment's). */
export const auditDocument = (id: number, pass: boolean, reason: string, signature: SignatureInput) =>
  call(auditAttachment, { id, pass, reason, signature }, SIGN);
/** Records a print of the waybills of one document (before the browser's print dialog opens). */
export const recordPrint = ([id, ...others]: readonly number[]) =>
  call(printLogAdd, { id: id as number, with_ids: others, kind: 'waybill' }, WRITE);
