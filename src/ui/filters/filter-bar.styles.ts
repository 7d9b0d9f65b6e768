import { css } from '../css.ts';

/**
 * A list page's filter bar (`Filters`, `FilterField`…): fields side by side that wrap, the
 * keyword first and wider; two to a row on a phone, the keyword alone on its row. An element that
 * shows a filter bar puts this sheet in its styles.
 */
export const filterBarStyles = css`
  .lp-filters {
    display: flex;
    flex-wrap: wrap;
    align-items: flex-end;
    gap: var(--lp-space-2) var(--lp-space-3);
    margin: var(--lp-space-3) 0;
  }
  .lp-filter {
    display: flex;
    flex: 1 1 150px;
    flex-direction: column;
    gap: var(--lp-space-1);
    min-width: 0;
    max-width: 220px;
    color: var(--lp-color-text-muted);
    font-size: var(--lp-font-size-sm);
  }
  .lp-filter:first-child {
    flex-basis: 280px;
    max-width: 400px;
  }
  .lp-filters__error {
    flex-basis: 100%;
    margin: 0;
    color: var(--lp-color-danger);
    font-size: var(--lp-font-size-sm);
  }
  .lp-filter--action {
    flex: none;
  }
  .lp-filters__fold {
    display: none;
  }
  @media (max-width: 600px) {
    .lp-filter {
      flex-basis: calc(50% - 6px);
      max-width: none;
    }
    /* the keyword and the fold button share the first row; the other fields follow when open */
    .lp-filter:first-child {
      flex: 1 1 calc(100% - 120px);
      order: -2;
      max-width: none;
    }
    .lp-filters__fold {
      display: inline-flex;
      order: -1;
    }
    .lp-filters:not(.lp-filters--open) > .lp-filter:not(:first-child) {
      display: none;
    }
  }
`;
