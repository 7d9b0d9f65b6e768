import { createElement, type ReactNode } from 'react';
import { SecondFactorDialog } from '../../src/features/second-factor/index.ts';
import { define } from '../kit/define.ts';
import { dispatch } from '../kit/events.ts';
import { ReactElement } from '../kit/react-element.ts';
import { secondFactorDialogStyles } from './second-factor-dialog.styles.ts';

/**
 * Two-step sign-in (TOTP, RFC 6238) of the signed-in user, from the account menu: asks the
 * password, shows the otpauth QR code and the key as text, confirms with a first code, then shows
 * 10 one-time recovery codes once. When it is on, the password and a code turn it off.
 *
 * @summary Turn two-step sign-in (an authenticator app) on or off in a modal dialog.
 * @tag lp-second-factor-dialog
 *
 * @attr {boolean} open - The dialog is shown while present (`show()` / `close()` set it).
 * @attr {string} api-base - Base URL of the API for the page's calls (default: `LP_CONFIG.apiBase`, else `/api`).
 * @attr {'zh-CN' | 'en'} locale - Language of the page's elements (default: the user's saved choice, else zh-CN).
 *
 * @event {CustomEvent<{ enabled: boolean }>} lp-second-factor-change - The user turned two-step sign-in on (after saving the recovery codes) or off.
 * @event {CustomEvent<Record<string, never>>} lp-second-factor-cancel - The user closed or cancelled the dialog.
 *
 * @csspart base - The wrapper of the element's content.
 *
 * @cssproperty --lp-color-primary - Theme colour (default #0095A2).
 */
export class LpSecondFactorDialog extends ReactElement {
  static override properties = { open: 'boolean' } as const;
  static override styles = secondFactorDialogStyles;

  /** The dialog is shown while set. */
  declare open: boolean;

  /** Opens the dialog. */
  show(): void {
    this.open = true;
  }

  /** Closes the dialog (no event: events follow user actions only). */
  close(): void {
    this.open = false;
  }

  protected render(): ReactNode {
    return createElement(SecondFactorDialog, {
      open: this.open,
      onClose: () => {
        this.open = false;
        dispatch(this, 'lp-second-factor-cancel', {});
      },
      onChanged: (enabled: boolean) => {
        this.open = false;
        dispatch(this, 'lp-second-factor-change', { enabled });
      },
    });
  }
}

define('lp-second-factor-dialog', LpSecondFactorDialog);

declare global {
  interface HTMLElementTagNameMap {
    'lp-second-factor-dialog': LpSecondFactorDialog;
  }
  interface GlobalEventHandlersEventMap {
    'lp-second-factor-change': CustomEvent<{ enabled: boolean }>;
    'lp-second-factor-cancel': CustomEvent<Record<string, never>>;
  }
}
