import { createElement, type ReactNode } from 'react';
import { SessionsDialog } from '../../src/features/sessions-dialog/index.ts';
import { define } from '../kit/define.ts';
import { dispatch } from '../kit/events.ts';
import { ReactElement } from '../kit/react-element.ts';
import { sessionsDialogStyles } from './sessions-dialog.styles.ts';

/**
 * The signed-in person's own sessions in a modal dialog (issue 34): each with its device (from the
 * browser's User-Agent), where it signed in from (the address with its host part masked by the
 * server), when it signed in and was last seen, this device marked; "Sign out" per other session
 * and "Sign out everywhere else". An administrator of the session's customer also sets the
 * customer's session policy there (idle minutes, lifetime, sessions per person).
 *
 * @summary The person's own sessions, and the customer's session policy for its administrators.
 * @tag lp-sessions-dialog
 *
 * @attr {boolean} open - The dialog is shown while present (`show()` / `close()` set it).
 * @attr {string} api-base - Base URL of the API for the page's calls (default: `LP_CONFIG.apiBase`, else `/api`).
 * @attr {'zh-CN' | 'en'} locale - Language of the page's elements (default: the user's saved choice, else zh-CN).
 *
 * @event {CustomEvent<Record<string, never>>} lp-sessions-close - The user closed the dialog (Esc, ×, Close).
 *
 * @csspart base - The wrapper of the element's content.
 * @cssproperty --lp-color-primary - Theme colour (default #0095A2).
 */
export class LpSessionsDialog extends ReactElement {
  static override properties = { open: 'boolean' } as const;
  static override styles = sessionsDialogStyles;

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
    return createElement(SessionsDialog, {
      open: this.open,
      onClose: () => {
        this.open = false;
        dispatch(this, 'lp-sessions-close', {});
      },
    });
  }
}

define('lp-sessions-dialog', LpSessionsDialog);

declare global {
  interface HTMLElementTagNameMap {
    'lp-sessions-dialog': LpSessionsDialog;
  }
  interface GlobalEventHandlersEventMap {
    'lp-sessions-close': CustomEvent<Record<string, never>>;
  }
}
