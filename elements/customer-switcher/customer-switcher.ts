import type { ReactNode } from 'react';
import { createElement } from 'react';
import { type CustomerChange, CustomerSwitcher } from '../../src/features/customer-switcher/index.ts';
import { define } from '../kit/define.ts';
import { dispatch } from '../kit/events.ts';
import { ReactElement } from '../kit/react-element.ts';
import { customerSwitcherStyles } from './customer-switcher.styles.ts';

/**
 * The current customer account, and a filterable list (customer name or pinyin initials) to
 * switch to another of the user's accounts. With one account only it shows the name.
 *
 * @summary Shows and switches the user's customer account.
 * @tag lp-customer-switcher
 *
 * @attr {string} api-base - Base URL of the API for the page's calls (default: `LP_CONFIG.apiBase`, else `/api`).
 * @attr {'zh-CN' | 'en'} locale - Language of the page's elements (default: the user's saved choice, else zh-CN).
 *
 * @event {CustomEvent<{ identifier: string; cu_name: string }>} lp-customer-change - After a successful switch (the page reloads next).
 *
 * @csspart base - The wrapper of the element's content.
 * @csspart switcher - The switcher (only with several accounts).
 * @csspart name - The customer name (only with one account).
 *
 * @cssproperty --lp-color-primary - Theme colour (default #0095A2).
 */
export class LpCustomerSwitcher extends ReactElement {
  static override styles = customerSwitcherStyles;

  protected render(): ReactNode {
    return createElement(CustomerSwitcher, {
      onSwitched: (change: CustomerChange) => dispatch(this, 'lp-customer-change', change),
    });
  }
}

define('lp-customer-switcher', LpCustomerSwitcher);

declare global {
  interface HTMLElementTagNameMap {
    'lp-customer-switcher': LpCustomerSwitcher;
  }
  interface GlobalEventHandlersEventMap {
    'lp-customer-change': CustomEvent<CustomerChange>;
  }
}
