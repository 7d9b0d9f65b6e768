export { leaveEditorFor, ORDER_CREATE_PATH, openCreatedOrder } from './open-order.ts';
export { OrderEditor, type OrderEditorProps } from './order-editor.tsx';
