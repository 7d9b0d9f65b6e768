import { createElement, type ReactNode } from 'react';
import { ProjectView } from '../../src/features/project-view/index.ts';
import { define } from '../kit/define.ts';
import { dispatch } from '../kit/events.ts';
import { ReactElement } from '../kit/react-element.ts';
import { projectViewStyles } from './project-view.styles.ts';

/**
 * One project of the current customer: protocol number, name, phase, sponsor, status and tags;
 * its orders per status; its order configuration (allowed goods types, temperature classes and
 * order types, required documents, DTP, delivery time limit); its sites with department,
 * investigator and city; and a page of its orders (parties as the server masks them), each
 * opening the order's tab, with a link to the order list filtered to the project. Another
 * customer's project reads "does not exist or does not belong to the current customer account".
 *
 * @summary Shows one project with its configuration, sites and orders.
 * @tag lp-project-view
 *
 * @attr {string} api-base - Base URL of the API for the page's calls (default: `LP_CONFIG.apiBase`, else `/api`).
 * @attr {'zh-CN' | 'en'} locale - Language of the page's elements (default: the user's saved choice, else zh-CN).
 * @attr {number} record-id - The project's id (`/customer-project/view/{id}`).
 *
 * @event {CustomEvent<{ title: string }>} lp-page-title - When the project is shown: a title for the page's tab (its protocol number).
 * @event {CustomEvent<{ id: number; order_no: string }>} lp-order-open - When the user opens one of the project's orders (the portal then shows it in its own tab).
 *
 * @csspart base - The wrapper of the element's content.
 * @cssproperty --lp-color-primary - Theme colour (default #0095A2).
 */
export class LpProjectView extends ReactElement {
  static override properties = { recordId: 'number' } as const;
  static override styles = projectViewStyles;

  declare recordId: number | null;

  protected render(): ReactNode {
    const id = this.recordId;
    return createElement(ProjectView, {
      key: String(id),
      projectId: id !== null && Number.isInteger(id) && id > 0 ? id : null,
      onTitle: (title: string) => dispatch(this, 'lp-page-title', { title }),
      onOpenOrder: (order: { id: number; order_no: string }) => dispatch(this, 'lp-order-open', order),
    });
  }
}

define('lp-project-view', LpProjectView);

declare global {
  interface HTMLElementTagNameMap {
    'lp-project-view': LpProjectView;
  }
}
