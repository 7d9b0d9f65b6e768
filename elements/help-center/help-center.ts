import { createElement, type ReactNode } from 'react';
import { createHelpCenter, HelpCenter, type HelpCenterStore } from '../../src/features/help-center/index.ts';
import { define } from '../kit/define.ts';
import { ReactElement } from '../kit/react-element.ts';
import { helpCenterStyles } from './help-center.styles.ts';

/**
 * The help centre: the customer-service knowledge base as a page. Topics (they sit above the
 * content on a narrow screen), the questions of a topic, an answer (sanitized rich text) with
 * related questions, search as you type (in Chinese or English), "was this helpful" once per
 * answer, and a way into the page's chat (`<lp-chat-widget>`, when the page has one) with the
 * question shown. The knowledge base answers in the element's language. The address names the
 * topic (`?c=<id>`) or the answer (`?q=<id>`) shown: a reload or a shared link opens it, and
 * back/forward walk through what the user opened.
 *
 * @summary The help centre: topics, answers, search, feedback, and the chat.
 * @tag lp-help-center
 *
 * @attr {string} api-base - Base URL of the API for the page's calls (default: `LP_CONFIG.apiBase`, else `/api`).
 * @attr {'zh-CN' | 'en'} locale - Language of the page's elements (default: the user's saved choice, else zh-CN).
 *
 * @csspart base - The wrapper of the element's content.
 * @cssproperty --lp-color-primary - Theme colour (default #0095A2).
 */
export class LpHelpCenter extends ReactElement {
  static override styles = helpCenterStyles;

  #help: HelpCenterStore | null = null;

  /**
   * The help centre's state and actions (made on first render).
   * @internal (tests and the host read it; not for pages)
   */
  get help(): HelpCenterStore {
    this.#help ??= createHelpCenter();
    return this.#help;
  }

  protected render(): ReactNode {
    return createElement(HelpCenter, { help: this.help });
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    queueMicrotask(() => {
      if (this.isConnected || !this.#help) return;
      this.#help.dispose();
      this.#help = null;
    });
  }
}

define('lp-help-center', LpHelpCenter);

declare global {
  interface HTMLElementTagNameMap {
    'lp-help-center': LpHelpCenter;
  }
}
