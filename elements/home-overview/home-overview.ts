import { createElement, type ReactNode } from 'react';
import {
  createOverviewStore,
  HomeOverview,
  type OverviewStore,
} from '../../src/features/home-overview/index.ts';
import { define } from '../kit/define.ts';
import { ReactElement } from '../kit/react-element.ts';
import { homeOverviewStyles } from './home-overview.styles.ts';

/**
 * The home page's control tower for the current customer: orders by status, what needs the
 * user's action (approvals, documents missing or rejected, answered modification requests, open
 * drafts), the cold chain (excursions by level with each order's last readings, due today, late),
 * orders per week for 12 weeks by status (a chart and a table) and stock running low or expiring
 * within 30 days. Every number opens the page to act on it, filtered as it was counted. It asks
 * again when the window regains focus or the page becomes visible (at most every 30 s) and on a
 * customer switch, which drops the previous customer's numbers at once. Charts load when their
 * block comes into view.
 *
 * @summary The home page's overview of the customer's orders.
 * @tag lp-home-overview
 *
 * @attr {string} api-base - Base URL of the API for the page's calls (default: `LP_CONFIG.apiBase`, else `/api`).
 * @attr {'zh-CN' | 'en'} locale - Language of the page's elements (default: the user's saved choice, else zh-CN).
 *
 * Until its first numbers (or its error) are shown, the element keeps a screen's height, so that
 * what follows it on the page does not move as it fills in; then it has `data-settled`.
 *
 * @csspart base - The wrapper of the element's content.
 * @cssproperty --lp-color-primary - Theme colour (default #0095A2).
 */
export class LpHomeOverview extends ReactElement {
  static override styles = homeOverviewStyles;

  #overview: OverviewStore | null = null;

  /**
   * The overview's store (made on first render).
   * @internal (tests and the host read it; not for pages)
   */
  get overview(): OverviewStore {
    this.#overview ??= createOverviewStore();
    return this.#overview;
  }

  /** Marks the element settled (its first numbers or its error are shown). */
  readonly #settled = () => this.toggleAttribute('data-settled', true);

  protected render(): ReactNode {
    return createElement(HomeOverview, { overview: this.overview, onSettled: this.#settled });
  }
}

define('lp-home-overview', LpHomeOverview);

declare global {
  interface HTMLElementTagNameMap {
    'lp-home-overview': LpHomeOverview;
  }
}
