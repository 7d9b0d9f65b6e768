import { createElement, type ReactNode } from 'react';
import { ForgotPassword } from '../../src/features/forgot-password/index.ts';
import { define } from '../kit/define.ts';
import { dispatch } from '../kit/events.ts';
import { ReactElement } from '../kit/react-element.ts';
import { forgotPasswordStyles } from './forgot-password.styles.ts';

/**
 * Forgot password, from the sign-in page: the person types the account and its registered mobile
 * number and gets a 6-digit code by SMS (the answer is the same whether or not they match), then
 * types the code and a new password twice, with the password policy's checklist. A reset ends
 * every session of the account.
 *
 * @summary Reset a forgotten password by an SMS code to the registered mobile, in a modal dialog.
 * @tag lp-forgot-password
 *
 * @attr {boolean} open - The dialog is shown while present (`show()` / `close()` set it).
 * @attr {string} account - Prefilled account.
 * @attr {string} api-base - Base URL of the API for the page's calls (default: `LP_CONFIG.apiBase`, else `/api`).
 * @attr {'zh-CN' | 'en'} locale - Language of the page's elements (default: the user's saved choice, else zh-CN).
 *
 * @event {CustomEvent<{ username: string }>} lp-password-reset - The password was reset; the person signs in with the new one.
 * @event {CustomEvent<null>} lp-password-reset-cancel - The user closed or cancelled the dialog.
 *
 * @csspart base - The wrapper of the element's content.
 * @cssproperty --lp-color-primary - Theme colour (default #0095A2).
 */
export class LpForgotPassword extends ReactElement {
  static override properties = { open: 'boolean', account: 'string' } as const;
  static override styles = forgotPasswordStyles;

  /** The dialog is shown while set. */
  declare open: boolean;
  /** Prefilled account. */
  declare account: string | null;

  /** Opens the dialog. */
  show(): void {
    this.open = true;
  }

  /** Closes the dialog (no event: events follow user actions only). */
  close(): void {
    this.open = false;
  }

  protected render(): ReactNode {
    return createElement(ForgotPassword, {
      open: this.open,
      account: this.account ?? '',
      onCancel: () => {
        this.open = false;
        dispatch(this, 'lp-password-reset-cancel', null);
      },
      onReset: (username: string) => {
        this.open = false;
        dispatch(this, 'lp-password-reset', { username });
      },
    });
  }
}

define('lp-forgot-password', LpForgotPassword);

declare global {
  interface HTMLElementTagNameMap {
    'lp-forgot-password': LpForgotPassword;
  }
  interface GlobalEventHandlersEventMap {
    'lp-password-reset': CustomEvent<{ username: string }>;
    'lp-password-reset-cancel': CustomEvent<null>;
  }
}
