import { css } from '../css.ts';

export const popoverStyles = css`
  .lp-popover:popover-open {
    max-width: min(360px, calc(100vw - 16px));
    padding: var(--lp-space-3) var(--lp-space-4);
    border: 1px solid var(--lp-color-border);
    border-radius: var(--lp-radius);
    background: var(--lp-color-bg);
    box-shadow: var(--lp-shadow);
    color: var(--lp-color-text);
  }
  .lp-popover:focus {
    outline: none;
  }
`;
