import { css } from '../css.ts';

/** `ListTable`: an element that shows one puts this sheet in its styles. */
export const listTableStyles = css`
  .lp-list-table {
    container-type: inline-size;
  }
  .lp-list-table__table {
    width: 100%;
    border-collapse: collapse;
  }
  .lp-list-table__table th,
  .lp-list-table__table td {
    text-align: start;
    vertical-align: top;
    padding: var(--lp-space-2);
    border-bottom: 1px solid var(--lp-color-border);
    overflow-wrap: break-word;
  }
  .lp-list-table__table th {
    white-space: nowrap;
    color: var(--lp-color-text-muted);
    font-weight: 600;
  }
  .lp-list-table__label {
    display: none;
  }
  .lp-list-table__actions {
    display: flex;
    flex-wrap: wrap;
    gap: var(--lp-space-1);
  }
  @container (max-width: 719px) {
    .lp-list-table__table,
    .lp-list-table__table tbody,
    .lp-list-table__table tr,
    .lp-list-table__table td {
      display: block;
    }
    .lp-list-table__table thead {
      position: absolute;
      width: 1px;
      height: 1px;
      overflow: hidden;
      clip: rect(0 0 0 0);
    }
    .lp-list-table__table tr {
      padding: var(--lp-space-2) 0;
      border-bottom: 1px solid var(--lp-color-border);
    }
    .lp-list-table__table td {
      display: grid;
      grid-template-columns: minmax(5.5em, 30%) 1fr;
      gap: var(--lp-space-2);
      padding: var(--lp-space-1) 0;
      border: 0;
    }
    .lp-list-table__table td:has(> .lp-list-table__value:empty) {
      display: none;
    }
    .lp-list-table__label {
      display: block;
      color: var(--lp-color-text-muted);
    }
  }
`;
