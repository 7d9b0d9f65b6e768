import { css } from '../css.ts';

export const paginationStyles = css`
  .lp-pagination {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: var(--lp-space-1);
    font-size: var(--lp-font-size-md);
  }
  .lp-pagination__total {
    margin-right: var(--lp-space-2);
    color: var(--lp-color-text-muted);
  }
  .lp-pagination__button {
    min-width: var(--lp-control-height);
    height: var(--lp-control-height);
    padding: 0 var(--lp-space-2);
    border: 1px solid var(--lp-color-border);
    border-radius: var(--lp-radius);
    background: var(--lp-color-bg);
    color: var(--lp-color-text);
    font: inherit;
    cursor: pointer;
  }
  .lp-pagination__button:hover:not(:disabled) {
    border-color: var(--lp-color-primary);
    color: var(--lp-color-primary-strong);
  }
  .lp-pagination__button[aria-current='page'] {
    border-color: var(--lp-color-primary-strong);
    background: var(--lp-color-primary-strong);
    color: var(--lp-color-on-primary);
  }
  .lp-pagination__button:disabled {
    cursor: not-allowed;
    opacity: 0.5;
  }
  .lp-pagination__gap {
    padding: 0 var(--lp-space-1);
    color: var(--lp-color-text-muted);
  }
  .lp-pagination__size {
    height: var(--lp-control-height);
    margin-left: var(--lp-space-2);
    padding: 0 var(--lp-space-2);
    border: 1px solid var(--lp-color-border);
    border-radius: var(--lp-radius);
    background: var(--lp-color-bg);
    color: var(--lp-color-text);
    font: inherit;
  }
`;
