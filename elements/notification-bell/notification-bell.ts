import { createElement, Fragment, type ReactNode } from 'react';
import { LiveMark, NotificationBell } from '../../src/features/notification-bell/index.ts';
import { define } from '../kit/define.ts';
import { ReactElement } from '../kit/react-element.ts';
import { notificationBellStyles } from './notification-bell.styles.ts';

/**
 * The notification centre: a bell with the unread count of the user's notifications on the
 * session's customer (an order waiting for their approval, an excursion opened or decided, a
 * document rejected, a change request answered, an order delivered, an export ready). Its panel
 * lists the newest, unread ones marked, each going where to act (and read once followed), with
 * "mark all as read" and the notification settings (what, in the portal or by email, at once or
 * in a daily digest; a customer administrator also sets the customer's defaults). Follows the
 * live stream: a new notification shows without a reload. Beside the bell, the live mark says
 * whether the page's live stream is up ("Live", "Reconnecting…", "Updates paused · the page may be
 * out of date" with "Read again"; nothing on a page without a stream). Works by keyboard and down
 * to 320 px.
 *
 * @summary The bell of the user's notifications, their panel and settings.
 * @tag lp-notification-bell
 *
 * @attr {string} api-base - Base URL of the API for the page's calls (default: `LP_CONFIG.apiBase`, else `/api`).
 * @attr {'zh-CN' | 'en'} locale - Language of the page's elements (default: the user's saved choice, else zh-CN).
 *
 * @csspart base - The wrapper of the element's content (the live mark and the bell).
 * @cssproperty --lp-color-primary - Theme colour (default #0095A2).
 */
export class LpNotificationBell extends ReactElement {
  static override styles = notificationBellStyles;

  protected render(): ReactNode {
    return createElement(Fragment, null, createElement(LiveMark), createElement(NotificationBell));
  }
}

define('lp-notification-bell', LpNotificationBell);

declare global {
  interface HTMLElementTagNameMap {
    'lp-notification-bell': LpNotificationBell;
  }
}
