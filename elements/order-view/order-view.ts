import type { ReactNode } from 'react';
import { createElement } from 'react';
import type { OrderStatus } from '../../src/contract/orders/domain.ts';
import { PRINT_MAX } from '../../src/contract/orders/limits.ts';
import { downloadAttachment } from '../../src/api/files.ts';
import { OrderView } from '../../src/features/order-view/index.ts';
import { define } from '../kit/define.ts';
import { dispatch } from '../kit/events.ts';
import { ReactElement } from '../kit/react-element.ts';
import { orderViewStyles } from './order-view.styles.ts';

/**
 * One order of the current customer: its number, status, progress, temperature and documents
 * state, and the actions the server allows now (cancel, approve or reject, request a change or
 * cancellation, print, email, copy to a new order); its parties (masked as the server sends them,
 * saying why), goods, boxes, history, temperature chart, track, attachments, remarks and merged
 * orders; and a waybill print view (Code 128 order number, QR of the tracking link, A4).
 * Another customer's order reads "does not exist or is not yours".
 *
 * @summary Shows one order with its actions, sections and waybill.
 * @tag lp-order-view
 *
 * @attr {string} api-base - Base URL of the API for the page's calls (default: `LP_CONFIG.apiBase`, else `/api`).
 * @attr {'zh-CN' | 'en'} locale - Language of the page's elements (default: the user's saved choice, else zh-CN).
 * @attr {number} order-id - The order's id (`/customer-order/view/{id}`).
 * @attr {boolean} print - Opens on the waybill print view (`?print=1`).
 * @attr {string} print-with - With `print`: the ids of other orders printed in the same document, comma-separated (`?print=1&with=2,3`, the list's bulk print): one waybill per page, one Print, each print recorded.
 *
 * @event {CustomEvent<{ title: string }>} lp-page-title - When the order is shown, and when the language changes: a title for the page's tab ("Order LP…").
 * @event {CustomEvent<{ id: number; status: string }>} lp-order-change - After the user cancelled, approved, rejected or asked to change the order.
 *
 * @csspart base - The wrapper of the element's content.
 * @cssproperty --lp-color-primary - Theme colour (default #0095A2).
 */
export class LpOrderView extends ReactElement {
  static override properties = { orderId: 'number', print: 'boolean', printWith: 'string' } as const;
  static override styles = orderViewStyles;

  declare orderId: number | null;
  declare print: boolean;
  declare printWith: string | null;

  protected render(): ReactNode {
    const id = this.orderId;
    return createElement(OrderView, {
      key: String(id),
      orderId: id !== null && Number.isInteger(id) && id > 0 ? id : null,
      print: this.print,
      printWith: printIds(this.printWith, id),
      onTitle: (title) => dispatch(this, 'lp-page-title', { title }),
      onChanged: (change) => dispatch(this, 'lp-order-change', change),
      onDownload: (attachment) => void downloadAttachment(attachment.file_id).catch(() => undefined),
    });
  }
}

/** The ids of `print-with`: positive, distinct, not the order's own, at most PRINT_MAX − 1. */
function printIds(text: string | null, own: number | null): number[] {
  const ids = (text ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter((part) => /^[1-9]\d{0,9}$/.test(part))
    .map(Number)
    .filter((id) => id !== own && id <= 2_147_483_647);
  return [...new Set(ids)].slice(0, PRINT_MAX - 1);
}

define('lp-order-view', LpOrderView);

declare global {
  interface HTMLElementTagNameMap {
    'lp-order-view': LpOrderView;
  }
  interface GlobalEventHandlersEventMap {
    'lp-page-title': CustomEvent<{ title: string }>;
    'lp-order-change': CustomEvent<{ id: number; status: OrderStatus }>;
  }
}
