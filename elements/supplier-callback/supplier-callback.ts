import type { ReactNode } from 'react';
import { createElement } from 'react';
import type { SupplierDecision } from '../../src/contract/supplier/schemas.ts';
import { SupplierCallback } from '../../src/features/supplier-callback/index.ts';
import { define } from '../kit/define.ts';
import { dispatch } from '../kit/events.ts';
import { ReactElement } from '../kit/react-element.ts';
import { supplierCallbackStyles } from './supplier-callback.styles.ts';

/**
 * The page a carrier or supplier opens from a signed link the provider sent them (no sign-in):
 * the order's pickup or delivery task (planned time, temperature class, packing, both sides with
 * the patient's side hidden as the server sends it) and one answer: confirm, propose another time
 * (China time, with a reason) or decline (with a reason). A link already answered shows that
 * answer and says it takes no second one; an expired link shows nothing of the order; a forged or
 * altered link reads "not valid". Works by keyboard and down to 320 px.
 *
 * @summary A carrier's or supplier's answer to an order's pickup or delivery task.
 * @tag lp-supplier-callback
 *
 * @attr {string} api-base - Base URL of the API for the page's calls (default: `LP_CONFIG.apiBase`, else `/api`).
 * @attr {'zh-CN' | 'en'} locale - Language of the page's elements (default: the user's saved choice, else zh-CN).
 * @attr {string} link - The signed link's token (the `link` parameter of `/supplier-allback?link=…`).
 *
 * @event {CustomEvent<{ order_no: string; decision: 'confirm' | 'propose' | 'decline' }>} lp-supplier-answer - After the answer was recorded.
 *
 * @csspart base - The wrapper of the element's content.
 * @cssproperty --lp-color-primary - Theme colour (default #0095A2).
 */
export class LpSupplierCallback extends ReactElement {
  static override properties = { link: 'string' } as const;
  static override styles = supplierCallbackStyles;

  declare link: string | null;

  protected render(): ReactNode {
    const link = this.link?.trim() ?? '';
    return createElement(SupplierCallback, {
      key: link,
      link,
      onAnswered: (answered) => {
        if (answered.task && answered.decision)
          dispatch(this, 'lp-supplier-answer', {
            order_no: answered.task.order_no,
            decision: answered.decision.decision,
          });
      },
    });
  }
}

define('lp-supplier-callback', LpSupplierCallback);

declare global {
  interface HTMLElementTagNameMap {
    'lp-supplier-callback': LpSupplierCallback;
  }
  interface GlobalEventHandlersEventMap {
    'lp-supplier-answer': CustomEvent<{ order_no: string; decision: SupplierDecision }>;
  }
}
