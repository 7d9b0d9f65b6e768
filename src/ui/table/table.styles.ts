import { css } from '../css.ts';

export const tableStyles = css`
  .lp-table {
    position: relative;
    overflow: auto;
    border: 1px solid var(--lp-color-border);
    border-radius: var(--lp-radius);
    background: var(--lp-color-bg);
    overscroll-behavior: contain;
  }
  .lp-table:focus-visible {
    box-shadow: var(--lp-focus-ring);
  }
  .lp-table__head {
    position: sticky;
    top: 0;
    z-index: 1;
    min-width: max-content;
  }
  .lp-table__header-row {
    display: grid;
    height: var(--lp-row-height);
    border-bottom: 1px solid var(--lp-color-border);
    background: var(--lp-color-bg-muted);
    font-weight: 600;
  }
  .lp-table__body {
    position: relative;
    min-width: max-content;
  }
  .lp-table__row {
    position: absolute;
    top: 0;
    right: 0;
    left: 0;
    display: grid;
    border-bottom: 1px solid var(--lp-color-bg-muted);
    contain: layout paint;
  }
  .lp-table__row:hover {
    background: var(--lp-color-bg-hover);
  }
  .lp-table__row[data-active] {
    background: var(--lp-color-primary-soft);
    box-shadow: inset 3px 0 0 var(--lp-color-primary);
  }
  .lp-table__cell {
    display: flex;
    align-items: center;
    min-width: 0;
    padding: 0 var(--lp-space-3);
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  .lp-table__cell--center {
    justify-content: center;
  }
  .lp-table__cell--end {
    justify-content: flex-end;
  }
  .lp-table__empty {
    padding: var(--lp-space-5);
  }
`;
