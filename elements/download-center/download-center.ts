import type { ReactNode } from 'react';
import { createElement } from 'react';
import { DownloadCenter } from '../../src/features/download-center/index.ts';
import { define } from '../kit/define.ts';
import { dispatch } from '../kit/events.ts';
import { ReactElement } from '../kit/react-element.ts';
import { downloadCenterStyles } from './download-center.styles.ts';

/**
 * The download centre: the user's order exports for the current customer, newest first, with
 * their progress while the server makes them (read again every 2 s meanwhile), a download link
 * when ready, and delete after a confirmation. Works by keyboard and down to 320 px.
 *
 * @summary Lists, downloads and deletes the user's order exports.
 * @tag lp-download-center
 *
 * @attr {string} api-base - Base URL of the API for the page's calls (default: `LP_CONFIG.apiBase`, else `/api`).
 * @attr {'zh-CN' | 'en'} locale - Language of the page's elements (default: the user's saved choice, else zh-CN).
 *
 * @event {CustomEvent<{ id: number; name: string }>} lp-export-delete - After an export was deleted.
 *
 * @csspart base - The wrapper of the element's content.
 *
 * @cssproperty --lp-color-primary - Theme colour (default #0095A2).
 */
export class LpDownloadCenter extends ReactElement {
  static override styles = downloadCenterStyles;

  protected render(): ReactNode {
    return createElement(DownloadCenter, {
      onDeleted: (job: { id: number; name: string }) => dispatch(this, 'lp-export-delete', job),
    });
  }
}

define('lp-download-center', LpDownloadCenter);

declare global {
  interface HTMLElementTagNameMap {
    'lp-download-center': LpDownloadCenter;
  }
  interface GlobalEventHandlersEventMap {
    'lp-export-delete': CustomEvent<{ id: number; name: string }>;
  }
}
