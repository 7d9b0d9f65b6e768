import { css } from '../css.ts';

/** Styles of the data table and its column settings (adopted by the table itself, see useRootSheet). */
export const dataTableStyles = css`
  .lp-data-table {
    display: flex;
    flex-direction: column;
    gap: var(--lp-space-2);
    min-width: 0;
    max-width: 100%;
  }
  .lp-data-table__toolbar {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: var(--lp-space-2);
    min-height: var(--lp-control-height);
  }
  .lp-data-table__count {
    color: var(--lp-color-text-muted);
  }
  .lp-data-table__count:empty {
    display: none;
  }
  .lp-data-table__actions {
    display: flex;
    flex: 1 1 auto;
    flex-wrap: wrap;
    gap: var(--lp-space-2);
  }
  .lp-data-table__scroll {
    position: relative;
    overflow: auto;
    container-type: inline-size;
    border: 1px solid var(--lp-color-border);
    border-radius: var(--lp-radius);
    background: var(--lp-color-bg);
    overscroll-behavior-x: contain;
  }
  .lp-data-table__table {
    min-width: 100%;
    table-layout: fixed;
    border-collapse: separate;
    border-spacing: 0;
  }
  .lp-data-table__table th {
    position: sticky;
    top: 0;
    z-index: 1;
    height: var(--lp-row-height);
    padding: 0 var(--lp-space-3);
    border-bottom: 1px solid var(--lp-color-border);
    background: var(--lp-color-bg-muted);
    font-weight: 600;
    text-align: start;
    white-space: nowrap;
    overflow: hidden;
    text-overflow: ellipsis;
  }
  .lp-data-table__table td {
    height: var(--lp-row-height);
    padding: var(--lp-space-1) var(--lp-space-3);
    border-bottom: 1px solid var(--lp-color-bg-muted);
    white-space: nowrap;
    overflow: hidden;
    text-overflow: ellipsis;
  }
  .lp-data-table__table th.lp-data-table__select,
  .lp-data-table__table td.lp-data-table__select {
    /* the checkboxes stay in view when the table scrolls sideways */
    position: sticky;
    left: 0;
    padding: 0;
    background: inherit;
    text-align: center;
  }
  .lp-data-table__table td.lp-data-table__select {
    z-index: 1;
  }
  /* a pinned column (the order number) stays in view beside the checkboxes */
  .lp-data-table__table .lp-data-table__cell--pinned {
    position: sticky;
    background: inherit;
    box-shadow: inset -1px 0 0 var(--lp-color-border);
  }
  .lp-data-table__table td.lp-data-table__cell--pinned {
    z-index: 1;
  }
  .lp-data-table__table th.lp-data-table__cell--pinned {
    z-index: 2;
    background: var(--lp-color-bg-muted);
  }
  .lp-data-table__table th.lp-data-table__select {
    z-index: 2;
    background: var(--lp-color-bg-muted);
  }
  .lp-data-table__select input {
    width: 16px;
    height: 16px;
    margin: 0;
    accent-color: var(--lp-color-primary-strong);
    vertical-align: middle;
  }
  .lp-data-table__cell--center {
    text-align: center;
  }
  .lp-data-table__table .lp-data-table__cell--end {
    text-align: end;
  }
  .lp-data-table__sort {
    display: inline-flex;
    align-items: center;
    gap: var(--lp-space-1);
    max-width: 100%;
    padding: 0;
    border: 0;
    border-radius: var(--lp-radius);
    background: none;
    color: inherit;
    font: inherit;
    cursor: pointer;
  }
  .lp-data-table__sort > span:first-child {
    overflow: hidden;
    text-overflow: ellipsis;
  }
  .lp-data-table__sort:hover {
    color: var(--lp-color-primary-strong);
  }
  .lp-data-table__sort-icon::before {
    content: '↕';
    color: var(--lp-color-text-muted);
    font-weight: 400;
  }
  .lp-data-table__sort-icon[data-dir='asc']::before {
    content: '↑';
    color: var(--lp-color-primary-strong);
  }
  .lp-data-table__sort-icon[data-dir='desc']::before {
    content: '↓';
    color: var(--lp-color-primary-strong);
  }
  .lp-data-table__row {
    background: var(--lp-color-bg);
  }
  .lp-data-table__row:hover {
    background: var(--lp-color-bg-hover);
  }
  .lp-data-table__row[data-selected] {
    background: var(--lp-color-primary-soft);
  }
  .lp-data-table__table[aria-busy='true'] tbody {
    opacity: 0.55;
    transition: opacity 0.2s 0.15s;
  }
  .lp-data-table__bone {
    display: block;
    height: 12px;
    max-width: 8em;
    border-radius: 6px;
    background: var(--lp-color-bg-muted);
  }
  .lp-data-table__skeleton:hover {
    background: var(--lp-color-bg);
  }
  .lp-data-table__table td:has(> .lp-data-table__state) {
    padding: 0;
    white-space: normal;
    /* not a scroll container of its own (overflow: hidden would be one): the message sticks to
       the table's scroll box, in view however far the table was scrolled sideways */
    overflow: visible;
  }
  .lp-data-table__state {
    position: sticky;
    left: 0;
    width: 100cqi;
  }
  /* a phone: rows as cards (the cards option), cells one under another with their column title */
  @container (max-width: 600px) {
    .lp-data-table--cards .lp-data-table__table {
      width: 100% !important;
      min-width: 0;
      table-layout: auto;
    }
    .lp-data-table--cards .lp-data-table__table colgroup,
    .lp-data-table--cards .lp-data-table__table thead th:not(.lp-data-table__select) {
      display: none;
    }
    .lp-data-table--cards .lp-data-table__table thead tr,
    .lp-data-table--cards .lp-data-table__table thead th.lp-data-table__select {
      display: block;
      height: auto;
      padding: var(--lp-space-1) var(--lp-space-3);
      text-align: start;
    }
    .lp-data-table--cards .lp-data-table__table tbody,
    .lp-data-table--cards .lp-data-table__row,
    .lp-data-table--cards .lp-data-table__row > td {
      display: block;
    }
    .lp-data-table--cards .lp-data-table__row {
      position: relative;
      padding: var(--lp-space-2) var(--lp-space-3);
      border-bottom: 1px solid var(--lp-color-border);
    }
    .lp-data-table--cards .lp-data-table__row:has(> .lp-data-table__select) {
      padding-left: 40px;
    }
    .lp-data-table--cards .lp-data-table__row > td {
      display: grid;
      grid-template-columns: minmax(5.5em, 35%) 1fr;
      gap: var(--lp-space-2);
      height: auto;
      padding: 2px 0;
      border: 0;
      white-space: normal;
      overflow-wrap: anywhere;
      text-align: start;
    }
    .lp-data-table--cards .lp-data-table__row > td > * {
      justify-self: start;
      max-width: 100%;
    }
    .lp-data-table--cards .lp-data-table__row > td::before {
      content: attr(data-label);
      color: var(--lp-color-text-muted);
    }
    .lp-data-table--cards .lp-data-table__row > td.lp-data-table__cell--pinned {
      display: block;
      position: static;
      box-shadow: none;
      font-weight: 600;
    }
    .lp-data-table--cards .lp-data-table__row > td.lp-data-table__cell--pinned::before {
      content: none;
    }
    .lp-data-table--cards .lp-data-table__row > td.lp-data-table__select {
      display: block;
      position: absolute;
      top: var(--lp-space-2);
      left: var(--lp-space-3);
      z-index: 1;
      padding: 2px 0;
    }
    .lp-data-table--cards .lp-data-table__row > td.lp-data-table__select::before {
      content: none;
    }
    .lp-data-table--cards .lp-data-table__cell--off-card {
      display: none !important;
    }
    .lp-data-table--cards .lp-data-table__cell--opens a::after {
      content: '';
      position: absolute;
      inset: 0;
    }
    .lp-data-table--cards td:not(.lp-data-table__cell--opens) :is(a, button, input, select) {
      position: relative;
      z-index: 1;
    }
  }
  .lp-data-table__pagination {
    justify-content: flex-end;
  }
  .lp-column-settings__title {
    margin: 0 0 var(--lp-space-2);
    font-weight: 600;
  }
  .lp-column-settings__list {
    margin: 0 0 var(--lp-space-2);
    padding: 0;
    list-style: none;
  }
  .lp-column-settings__item {
    display: flex;
    align-items: center;
    gap: var(--lp-space-1);
    min-height: var(--lp-control-height);
  }
  .lp-column-settings__label {
    display: flex;
    flex: 1 1 auto;
    align-items: center;
    gap: var(--lp-space-2);
    min-width: 0;
  }
  .lp-column-settings__label input {
    accent-color: var(--lp-color-primary-strong);
  }
  .lp-column-settings__move {
    width: var(--lp-control-height-sm);
    height: var(--lp-control-height-sm);
    padding: 0;
    border: 1px solid var(--lp-color-border);
    border-radius: var(--lp-radius);
    background: var(--lp-color-bg);
    color: var(--lp-color-text);
    font: inherit;
    cursor: pointer;
  }
  .lp-column-settings__move[aria-disabled='true'] {
    cursor: not-allowed;
    opacity: 0.45;
  }
`;
