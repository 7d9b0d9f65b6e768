import { createElement, type ReactNode } from 'react';
import {
  CASE_LIST_ADDRESS,
  type CaseListStore,
  createCaseListStore,
  ExcursionList,
} from '../../src/features/excursion-list/index.ts';
import { startFromAddress } from '../../src/ui/use-list-address.ts';
import { define } from '../kit/define.ts';
import { ReactElement } from '../kit/react-element.ts';
import { excursionListStyles } from './excursion-list.styles.ts';

/**
 * The customer's temperature-excursion cases (a case opens by itself when a logger's readings
 * leave the order's range): how many are open, under assessment and over a stability budget, and
 * the cases in the server's order (active first, over budget and severe first, then the newest),
 * each with its case and order number, project, logger, level, budget state, time out of range,
 * peak, when it opened, assignee and decision. Filtered by project, state and age, paged; the
 * filters and page are kept in the address. A case's number opens its page in its own tab.
 *
 * @summary The customer's excursion cases, with counts and filters.
 * @tag lp-excursion-list
 *
 * @attr {string} api-base - Base URL of the API for the page's calls (default: `LP_CONFIG.apiBase`, else `/api`).
 * @attr {'zh-CN' | 'en'} locale - Language of the page's elements (default: the user's saved choice, else zh-CN).
 * @attr {boolean} no-address-sync - Do not read or write the list's filters and page in the address bar (an embed beside other content).
 *
 * @csspart base - The wrapper of the element's content.
 * @cssproperty --lp-color-primary - Theme colour (default #0095A2).
 */
export class LpExcursionList extends ReactElement {
  static override properties = { noAddressSync: 'boolean' } as const;
  declare noAddressSync: boolean;
  static override styles = excursionListStyles;

  #list: CaseListStore | null = null;

  /**
   * The case list (made on first render); a reload or a shared link shows the cases the address names.
   * @internal (tests and the host read it; not for pages)
   */
  get list(): CaseListStore {
    if (!this.#list) {
      this.#list = createCaseListStore();
      if (!this.noAddressSync) startFromAddress(this, this.#list, CASE_LIST_ADDRESS);
    }
    return this.#list;
  }

  protected render(): ReactNode {
    return createElement(ExcursionList, { list: this.list, syncAddress: !this.noAddressSync });
  }
}

define('lp-excursion-list', LpExcursionList);

declare global {
  interface HTMLElementTagNameMap {
    'lp-excursion-list': LpExcursionList;
  }
}
