import { css } from '../css.ts';

export const tabsStyles = css`
  .lp-tabs__list {
    display: flex;
    gap: var(--lp-space-1);
    border-bottom: 1px solid var(--lp-color-border);
    overflow-x: auto;
  }
  .lp-tabs__tab {
    position: relative;
    padding: var(--lp-space-2) var(--lp-space-3);
    border: 0;
    background: transparent;
    color: var(--lp-color-text-muted);
    font: inherit;
    font-size: var(--lp-font-size-md);
    white-space: nowrap;
    cursor: pointer;
  }
  .lp-tabs__tab:hover {
    color: var(--lp-color-text);
  }
  .lp-tabs__tab[aria-selected='true'] {
    color: var(--lp-color-primary-strong);
    font-weight: 600;
  }
  .lp-tabs__tab[aria-selected='true']::after {
    content: '';
    position: absolute;
    right: var(--lp-space-2);
    bottom: -1px;
    left: var(--lp-space-2);
    height: 2px;
    background: var(--lp-color-primary);
  }
  .lp-tabs__tab:disabled {
    cursor: not-allowed;
    opacity: 0.5;
  }
  .lp-tabs__panel {
    padding: var(--lp-space-4) 0;
  }
`;
