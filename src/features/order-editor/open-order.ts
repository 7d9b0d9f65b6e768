import type { CreateOrderAnswer } from '../../contract/order-editor/schemas.ts';
import { t } from '../../i18n/translate.ts';
import { navigate } from '../../stores/navigation.ts';
import { toast } from '../../stores/notices.ts';
import { $views, addView, closeView } from '../../stores/tabs.ts';
import '../../i18n/areas/order-editor.ts';

export const ORDER_CREATE_PATH = '/customer-order/create';
const ORDER_LIST_PATH = '/customer-order/index';

/**
 * After a submit: says so, opens the order's view in its own tab (titled with its number) and
 * closes the editor's tab, so the next "new order" starts empty.
 */
export function openCreatedOrder(answer: CreateOrderAnswer, edited: boolean): void {
  toast(t(edited ? 'orderEditor.saved' : 'orderEditor.submitted', { no: answer.order_no }), 'success');
  const path = `/customer-order/view/${answer.id}`;
  addView({
    path,
    name: path,
    title: answer.order_no,
    meta: { title: answer.order_no, activeMenu: ORDER_LIST_PATH },
  });
  navigate(path);
  if ($views.get().some((v) => v.path === ORDER_CREATE_PATH)) closeView(ORDER_CREATE_PATH);
}

/** Leaves the editor (its form dropped): to the order it edited, else the order list. */
export function leaveEditorFor(orderId: number | null): void {
  navigate(orderId !== null ? `/customer-order/view/${orderId}` : ORDER_LIST_PATH);
  if ($views.get().some((v) => v.path === ORDER_CREATE_PATH)) closeView(ORDER_CREATE_PATH);
}
