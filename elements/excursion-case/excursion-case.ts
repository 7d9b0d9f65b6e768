import { createElement, type ReactNode } from 'react';
import { ExcursionCase } from '../../src/features/excursion-case/index.ts';
import { define } from '../kit/define.ts';
import { dispatch } from '../kit/events.ts';
import { ReactElement } from '../kit/react-element.ts';
import { excursionCaseStyles } from './excursion-case.styles.ts';

/**
 * A temperature-excursion case of the session's customer: its number, state, level, budget state,
 * order (a link to its view), project and logger, and its report as a PDF; the logger's readings
 * against the order's range with the episodes out of it marked (uPlot, from the order view's
 * chunk) and said in words, time out of range, peak and mean kinetic temperature; per goods line
 * its batch, quantity, stock and hold, its stability budget per band for this shipment and over
 * the batch's life (over in words, not only red), the minutes outside every band and the batch's
 * earlier cases; the server's proposal; the timeline with comments and their evidence. Who may
 * assigns the case, comments and decides it (release, quarantine, destroy, return to depot) with a
 * reason and an electronic signature (password again and its meaning); a decided case shows the
 * decision with the signature's printed name, meaning and time, and the lines' new hold.
 *
 * @summary One excursion case: readings, budgets, timeline, assignment and signed decision.
 * @tag lp-excursion-case
 *
 * @attr {string} api-base - Base URL of the API for the page's calls (default: `LP_CONFIG.apiBase`, else `/api`).
 * @attr {'zh-CN' | 'en'} locale - Language of the page's elements (default: the user's saved choice, else zh-CN).
 * @attr {number} record-id - The case's id (`/excursion/view/{id}`).
 *
 * @event {CustomEvent<{ title: string }>} lp-page-title - When the case is shown: a title for the page's tab (its number).
 *
 * @csspart base - The wrapper of the element's content.
 * @cssproperty --lp-color-primary - Theme colour (default #0095A2).
 */
export class LpExcursionCase extends ReactElement {
  static override properties = { recordId: 'number' } as const;
  static override styles = excursionCaseStyles;

  declare recordId: number | null;

  protected render(): ReactNode {
    const id = this.recordId;
    return createElement(ExcursionCase, {
      key: String(id),
      caseId: id !== null && Number.isInteger(id) && id > 0 ? id : null,
      onTitle: (title: string) => dispatch(this, 'lp-page-title', { title }),
    });
  }
}

define('lp-excursion-case', LpExcursionCase);

declare global {
  interface HTMLElementTagNameMap {
    'lp-excursion-case': LpExcursionCase;
  }
}
