export { openCreatedOrder } from './open-order.ts';
export { OrderEditor, type OrderEditorProps } from './order-editor.tsx';
