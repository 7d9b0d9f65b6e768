import { call } from '../../api/transport.ts';
import { orderApplyInfo, orderApplyModify, orderView } from '../../contract/orders/operations.ts';
import { providerCall } from './server.ts';

/**
 * A modification request of an order the session's customer has `not_finished`, asked as the
 * signed-in user does (`customer-order/apply-modify`) and answered by the provider's signed call
 * (`provider/answer-modify`) now: accepted (`cancel` then cancels the order) or rejected. The
 * request's id. A change asks for a remark the order does not hold yet.
 */
let asked = 0;

export async function answeredModification(
  order: { id: number; order_no: string },
  answer: { kind?: 'change' | 'cancel'; accept: boolean },
): Promise<number> {
  const kind = answer.kind ?? 'change';
  const { version } = await call(orderView, { id: order.id });
  await call(orderApplyModify, {
    id: order.id,
    kind,
    // a remark of its own each time: a request that asks for what the order holds is refused
    ...(kind === 'change' ? { changes: { remark: `患者改期（第 ${++asked} 次）` } } : {}),
    reason: '患者改期',
    version,
  });
  const request = (await call(orderApplyInfo, { id: order.id })).list[0];
  if (!request) throw new Error(`no modification request on ${order.order_no}`);
  const answered = await providerCall('answer-modify', {
    order_no: order.order_no,
    id: request.id,
    accept: answer.accept,
    answer: answer.accept ? '已安排' : '已出库',
  });
  if (answered.code !== 0) throw new Error(`answer-modify: ${answered.message}`);
  return request.id;
}
