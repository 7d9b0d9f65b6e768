import { createElement, type ReactNode } from 'react';
import {
  createDraftListStore,
  type DraftListStore,
  OrderDrafts,
} from '../../src/features/order-drafts/index.ts';
import { define } from '../kit/define.ts';
import { dispatch } from '../kit/events.ts';
import { ReactElement } from '../kit/react-element.ts';
import { orderDraftsStyles } from './order-drafts.styles.ts';
import { DRAFT_LIST_ADDRESS } from '../../src/features/order-drafts/index.ts';
import { startFromAddress } from '../../src/ui/use-list-address.ts';

/**
 * The draft box: the user's unsubmitted order forms in the current customer, last saved first,
 * server paged and searchable, with their last-saved time; a draft opens in the order editor's
 * tab, several are deleted at once after a confirmation. Forms typed offline and kept only in
 * this browser are listed first, and drafts this browser holds newer changes of are marked.
 * The count feeds the menu's badge.
 *
 * @summary The order draft box: list, open and delete drafts.
 * @tag lp-order-drafts
 *
 * @attr {string} api-base - Base URL of the API for the page's calls (default: `LP_CONFIG.apiBase`, else `/api`).
 * @attr {'zh-CN' | 'en'} locale - Language of the page's elements (default: the user's saved choice, else zh-CN).
 * @attr {boolean} no-address-sync - Do not read or write the list's search, sort and page in the address bar (an embed beside other content).
 *
 * @event {CustomEvent<{ id: number | null; path: string }>} lp-draft-open - When the user opens a draft (the portal then shows the editor at `path`).
 * @event {CustomEvent<{ ids: number[] }>} lp-drafts-delete - After drafts were deleted.
 *
 * @csspart base - The wrapper of the element's content.
 * @cssproperty --lp-color-primary - Theme colour (default #0095A2).
 */
export class LpOrderDrafts extends ReactElement {
  static override properties = { noAddressSync: 'boolean' } as const;
  declare noAddressSync: boolean;
  static override styles = orderDraftsStyles;

  #list: DraftListStore | null = null;

  /**
   * The draft list (made on first render).
   * @internal (tests and the host read it; not for pages)
   */
  get list(): DraftListStore {
    if (!this.#list) {
      this.#list = createDraftListStore();
      // a reload or a shared link shows the list the address names
      if (!this.noAddressSync) startFromAddress(this, this.#list, DRAFT_LIST_ADDRESS);
    }
    return this.#list;
  }

  protected render(): ReactNode {
    return createElement(OrderDrafts, {
      syncAddress: !this.noAddressSync,
      list: this.list,
      onOpen: (draft: { id: number | null; path: string }) => dispatch(this, 'lp-draft-open', draft),
      onDeleted: (ids: number[]) => dispatch(this, 'lp-drafts-delete', { ids }),
    });
  }
}

define('lp-order-drafts', LpOrderDrafts);

declare global {
  interface HTMLElementTagNameMap {
    'lp-order-drafts': LpOrderDrafts;
  }
  interface GlobalEventHandlersEventMap {
    'lp-draft-open': CustomEvent<{ id: number | null; path: string }>;
    'lp-drafts-delete': CustomEvent<{ ids: number[] }>;
  }
}
