import { createElement, type ReactNode } from 'react';
import { PasswordDialog, type PasswordDialogMode } from '../../src/features/password-dialog/index.ts';
import { define } from '../kit/define.ts';
import { dispatch } from '../kit/events.ts';
import { ReactElement } from '../kit/react-element.ts';
import { passwordDialogStyles } from './password-dialog.styles.ts';

/**
 * The password dialogs of spec §5. `mode="reset"`: account, old password, new and confirm
 * (`user/update-pass-word`). `mode="edit"`: the signed-in account, mobile, new password with a
 * special symbol and an SMS code with a 60 s countdown (`index/change-passwd`).
 *
 * @summary Reset or change the user's password in a modal dialog.
 * @tag lp-password-dialog
 *
 * @attr {'reset' | 'edit'} mode - Which form (default reset).
 * @attr {boolean} open - The dialog is shown while present (`show()` / `close()` set it).
 * @attr {'false'} closable - `closable="false"`: no close or cancel button and Esc does nothing (forced change). Closable otherwise.
 * @attr {string} account - Prefilled account of the reset form.
 * @attr {string} reason - Why the password must change, shown above the form (a forced change says so).
 * @attr {string} api-base - Base URL of the API for the page's calls (default: `LP_CONFIG.apiBase`, else `/api`).
 * @attr {'zh-CN' | 'en'} locale - Language of the page's elements (default: the user's saved choice, else zh-CN).
 *
 * @event {CustomEvent<{ mode: 'reset' | 'edit' }>} lp-password-change - The password was changed; the server ended the user's sessions, so the page logs out.
 * @event {CustomEvent<{ mode: 'reset' | 'edit' }>} lp-password-cancel - The user closed or cancelled the dialog.
 * @event {CustomEvent<{ mode: 'reset' | 'edit' }>} lp-password-sign-out - A forced change (`closable="false"`) offers "Sign out": the user chose it; the page signs the user out.
 *
 * @csspart base - The wrapper of the element's content.
 *
 * @cssproperty --lp-color-primary - Theme colour (default #0095A2).
 */
export class LpPasswordDialog extends ReactElement {
  static override properties = {
    mode: 'string',
    open: 'boolean',
    closable: 'string',
    account: 'string',
    reason: 'string',
  } as const;
  static override styles = passwordDialogStyles;

  /** `reset` (default) or `edit`. */
  declare mode: string | null;
  /** The dialog is shown while set. */
  declare open: boolean;
  /** Prefilled account of the reset form. */
  declare account: string | null;
  /** Why the password must change, shown above the form. */
  declare reason: string | null;

  /**
   * True unless the attribute reads `closable="false"`: a forced change has no close button and
   * ignores Esc. (A boolean attribute cannot default to true, so false is spelled out.)
   */
  get closable(): boolean {
    return this.getAttribute('closable') !== 'false';
  }
  set closable(value: boolean) {
    if (value) this.removeAttribute('closable');
    else this.setAttribute('closable', 'false');
  }

  /** Opens the dialog. */
  show(): void {
    this.open = true;
  }

  /** Closes the dialog (no event: events follow user actions only). */
  close(): void {
    this.open = false;
  }

  protected render(): ReactNode {
    const mode: PasswordDialogMode = this.mode === 'edit' ? 'edit' : 'reset';
    return createElement(PasswordDialog, {
      mode,
      open: this.open,
      closable: this.closable,
      account: this.account ?? '',
      ...(this.reason ? { reason: this.reason } : {}),
      onSignOut: () => dispatch(this, 'lp-password-sign-out', { mode }),
      onCancel: () => {
        this.open = false;
        dispatch(this, 'lp-password-cancel', { mode });
      },
      onChanged: () => {
        this.open = false;
        dispatch(this, 'lp-password-change', { mode });
      },
    });
  }
}

define('lp-password-dialog', LpPasswordDialog);

declare global {
  interface HTMLElementTagNameMap {
    'lp-password-dialog': LpPasswordDialog;
  }
  interface GlobalEventHandlersEventMap {
    'lp-password-change': CustomEvent<{ mode: PasswordDialogMode }>;
    'lp-password-cancel': CustomEvent<{ mode: PasswordDialogMode }>;
    'lp-password-sign-out': CustomEvent<{ mode: PasswordDialogMode }>;
  }
}
