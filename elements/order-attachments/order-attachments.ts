import { createElement, type ReactNode } from 'react';
import { OrderAttachments } from '../../src/features/order-attachments/index.ts';
import { define } from '../kit/define.ts';
import { ReactElement } from '../kit/react-element.ts';
import { orderAttachmentsStyles } from './order-attachments.styles.ts';

/**
 * The page a user lands on after login (`/customer-order/attachment`): the customer's orders
 * whose documents are missing, rejected or waiting for review, with a count per state. Each
 * order shows its project, route, the documents its project requires and where each stands (a
 * rejection's reason included), its files to download or, while not approved, delete, and an
 * upload of several files at once with a document type picker and per-file progress.
 *
 * @summary Orders whose documents need attention, with upload, download and delete.
 * @tag lp-order-attachments
 *
 * @attr {string} api-base - Base URL of the API for the page's calls (default: `LP_CONFIG.apiBase`, else `/api`).
 * @attr {'zh-CN' | 'en'} locale - Language of the page's elements (default: the user's saved choice, else zh-CN).
 *
 * @csspart base - The wrapper of the element's content.
 *
 * @cssproperty --lp-color-primary - Theme colour (default #0095A2).
 */
export class LpOrderAttachments extends ReactElement {
  static override styles = orderAttachmentsStyles;

  protected render(): ReactNode {
    return createElement(OrderAttachments);
  }
}

define('lp-order-attachments', LpOrderAttachments);

declare global {
  interface HTMLElementTagNameMap {
    'lp-order-attachments': LpOrderAttachments;
  }
}
