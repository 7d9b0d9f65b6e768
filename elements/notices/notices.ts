import { atom } from 'nanostores';
import { createElement } from 'react';
import { Notices } from '../../src/features/notices/notices.tsx';
import { followApiOutcomes } from '../../src/stores/api-outcomes.ts';
import type { ToastKind } from '../../src/stores/notices.ts';
import { shared } from '../../src/stores/registry.ts';
import { define } from '../kit/define.ts';
import { dispatch } from '../kit/events.ts';
import { ReactElement } from '../kit/react-element.ts';
import { noticesStyles } from './notices.styles.ts';

/** The connected `<lp-notices>` of the page, whichever bundle defined them; the first one shows. */
const $hosts = shared('lp-notices.hosts', () => atom<readonly HTMLElement[]>([]));

/**
 * Shows the page's toasts and confirm dialogs (raised by the API client and the features) on a
 * page that embeds single elements. Several on one page are harmless: only the first connected
 * one shows anything, so each embed may bring its own.
 *
 * @summary Toasts and confirm dialogs of the page, in the top layer.
 * @tag lp-notices
 *
 * @attr {'top' | 'bottom'} placement - Where toasts appear: top centre (default) or bottom centre.
 * @attr {string} api-base - Base URL of the API for the page's calls (default: `LP_CONFIG.apiBase`, else `/api`).
 * @attr {'zh-CN' | 'en'} locale - Language of the page's elements (default: the user's saved choice, else zh-CN).
 *
 * @event {CustomEvent<{ id: number; kind: 'success' | 'info' | 'warning' | 'error'; message: string }>} lp-toast-dismiss - The user closed a toast.
 * @event {CustomEvent<{ id: number; confirmed: boolean }>} lp-confirm-answer - The user answered a confirm (Esc counts as no).
 *
 * @csspart base - The wrapper of the element's content.
 *
 * @cssproperty --lp-color-primary - Theme colour (default #0095A2).
 * @cssproperty --lp-font-family - Font of toasts and dialogs.
 * @cssproperty --lp-font-size-md - Text size of toasts and dialogs (px).
 */
export class LpNotices extends ReactElement {
  static override properties = { placement: 'string' } as const;
  static override styles = noticesStyles;

  /** Where toasts appear: `top` (default) or `bottom`. */
  declare placement: string | null;

  #unlisten: (() => void) | null = null;
  #unfollow: (() => void) | null = null;

  override connectedCallback(): void {
    $hosts.set([...$hosts.get().filter((h) => h !== this), this]);
    this.#unlisten ??= $hosts.listen(() => this.requestUpdate());
    // A page with notices shows failed calls (spec §8); without one, each element says its own.
    this.#unfollow ??= followApiOutcomes();
    super.connectedCallback();
  }

  override disconnectedCallback(): void {
    this.#unlisten?.();
    this.#unlisten = null;
    this.#unfollow?.();
    this.#unfollow = null;
    $hosts.set($hosts.get().filter((h) => h !== this));
    super.disconnectedCallback();
  }

  protected render() {
    if ($hosts.get()[0] !== this) return null;
    return createElement(Notices, {
      placement: this.placement === 'bottom' ? 'bottom' : 'top',
      onToastDismiss: ({ id, kind, message }) => dispatch(this, 'lp-toast-dismiss', { id, kind, message }),
      onConfirmAnswer: (id, confirmed) => dispatch(this, 'lp-confirm-answer', { id, confirmed }),
    });
  }
}

define('lp-notices', LpNotices);

declare global {
  interface HTMLElementTagNameMap {
    'lp-notices': LpNotices;
  }
  interface GlobalEventHandlersEventMap {
    'lp-toast-dismiss': CustomEvent<{ id: number; kind: ToastKind; message: string }>;
    'lp-confirm-answer': CustomEvent<{ id: number; confirmed: boolean }>;
  }
}
