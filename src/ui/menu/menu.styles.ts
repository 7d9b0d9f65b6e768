import { css } from '../css.ts';

export const menuStyles = css`
  .lp-menu:popover-open {
    min-width: 140px;
    padding: var(--lp-space-1) 0;
    border: 1px solid var(--lp-color-border);
    border-radius: var(--lp-radius);
    background: var(--lp-color-bg);
    box-shadow: var(--lp-shadow);
  }
  .lp-menu__item {
    padding: var(--lp-space-item) var(--lp-space-4);
    color: var(--lp-color-text);
    white-space: nowrap;
    cursor: pointer;
  }
  .lp-menu__item:hover,
  .lp-menu__item:focus {
    outline: none;
    background: var(--lp-color-bg-hover);
  }
  .lp-menu__item--danger {
    color: var(--lp-color-danger);
  }
  .lp-menu__item[aria-disabled='true'] {
    color: var(--lp-color-text-muted);
    cursor: not-allowed;
  }
`;
