import { css } from '../../ui/css.ts';
import { pageHeaderStyles } from '../../ui/page-header/page-header.styles.ts';
import { filterBarStyles } from '../../ui/filters/filter-bar.styles.ts';

/** Own rules of the inventory elements (tokens, the UI kit and the data table's sheet come first). */
export const inventoryStyles = css`
  :host {
    display: block;
    min-width: 0;
  }
  .inventory {
    display: flex;
    flex-direction: column;
    gap: var(--lp-space-3);
  }
  ${pageHeaderStyles}
  ${filterBarStyles}
  .inv-notice:empty {
    display: none;
  }
  .inv-problem {
    margin: 0 0 var(--lp-space-2);
    padding: var(--lp-space-2) var(--lp-space-3);
    border: 1px solid var(--lp-color-danger);
    border-radius: var(--lp-radius);
    color: var(--lp-color-danger);
  }
  .inv-muted {
    color: var(--lp-color-text-muted);
    font-size: var(--lp-font-size-sm);
  }
  .inv-name {
    display: flex;
    flex-direction: column;
    align-items: flex-start;
  }
  .inv-link {
    padding: 0;
    border: 0;
    background: none;
    color: var(--lp-color-primary-strong);
    font: inherit;
    text-align: start;
    text-decoration: underline;
    cursor: pointer;
  }
  .inv-link:focus-visible {
    outline: 2px solid var(--lp-color-primary);
    outline-offset: 2px;
  }
  .inv-expiry,
  .inv-low {
    display: inline-flex;
    flex-wrap: wrap;
    align-items: center;
    gap: var(--lp-space-1);
  }
  .inv-badge {
    padding: 0 6px;
    border: 1px solid currentColor;
    border-radius: 9px;
    font-size: var(--lp-font-size-sm);
    white-space: nowrap;
  }
  .inv-expiry--expired {
    color: var(--lp-color-danger);
  }
  .inv-expiry--expired .inv-badge::before {
    content: '✕ ';
  }
  .inv-expiry--soon,
  .inv-low {
    color: var(--lp-color-warning);
  }
  .inv-expiry--soon .inv-badge::before,
  .inv-low .inv-badge::before {
    content: '! ';
  }
  .inv-case {
    color: var(--lp-color-primary-strong);
  }
  .inv-movements {
    overflow-x: auto;
  }
  .inv-movements__table {
    width: 100%;
    border-collapse: collapse;
    font-size: var(--lp-font-size-sm);
  }
  .inv-movements__table th,
  .inv-movements__table td {
    padding: var(--lp-space-1) var(--lp-space-2);
    border-bottom: 1px solid var(--lp-color-border);
    text-align: start;
    white-space: nowrap;
  }
  .inv-movements__table .inv-num {
    text-align: end;
    font-variant-numeric: tabular-nums;
  }
  .inv-visually-hidden {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip-path: inset(50%);
    white-space: nowrap;
  }
`;
