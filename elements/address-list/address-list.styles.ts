import { css } from '../../src/ui/css.ts';
import { pageHeaderStyles } from '../../src/ui/page-header/page-header.styles.ts';

/** Own rules of `<lp-address-list>` (tokens, the UI kit and the data table's sheet come first). */
export const addressListStyles = css`
  :host {
    display: block;
    min-width: 0;
  }
  .addr,
  .addr-form,
  .addr-stale {
    display: flex;
    flex-direction: column;
    gap: var(--lp-space-3);
  }
  ${pageHeaderStyles}
  .addr-actions,
  .addr-form__actions {
    display: flex;
    flex-wrap: wrap;
    gap: var(--lp-space-2);
  }
  .addr-form__actions {
    justify-content: flex-end;
  }
  .addr__live,
  .addr-error,
  .addr-stale p {
    margin: 0;
  }
  .addr__live:empty {
    display: none;
  }
  .addr-error {
    color: var(--lp-color-danger);
  }
  .addr-muted {
    color: var(--lp-color-text-muted);
  }
  .addr__filters {
    display: flex;
    flex-wrap: wrap;
    gap: var(--lp-space-2);
    margin-block: var(--lp-space-3);
  }
  .addr__search {
    display: flex;
    flex: 1 1 240px;
    flex-direction: column;
    gap: var(--lp-space-1);
    max-width: 420px;
    color: var(--lp-color-text-muted);
    font-size: var(--lp-font-size-sm);
  }
  .addr-form__grid,
  .addr-region__row {
    display: grid;
    grid-template-columns: repeat(auto-fit, minmax(180px, 1fr));
    gap: var(--lp-space-2) var(--lp-space-3);
  }
  .addr-region {
    min-width: 0;
    margin: 0;
    padding: 0;
    border: 0;
  }
  .addr-region__legend {
    margin-bottom: var(--lp-space-1);
    padding: 0;
    font-weight: 600;
  }
  .addr-current {
    display: block;
    margin-top: var(--lp-space-2);
    font-weight: 600;
  }
  .addr-stale__table {
    width: 100%;
    border-collapse: collapse;
    font-size: var(--lp-font-size-sm);
  }
  .addr-stale__table th,
  .addr-stale__table td {
    padding: var(--lp-space-1) var(--lp-space-2);
    border-bottom: 1px solid var(--lp-color-border);
    text-align: start;
    overflow-wrap: anywhere;
  }
  .addr-stale__diff td {
    background: var(--lp-color-warning-soft, #fff7e6);
    font-weight: 600;
  }
`;
