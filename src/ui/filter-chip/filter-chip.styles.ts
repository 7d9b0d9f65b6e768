import { css } from '../css.ts';

/** The filter chip (filter-chip.tsx): a pill in the primary colour, wrapping on a narrow screen. */
export const filterChipStyles = css`
  .lp-filter-chip-line {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: var(--lp-space-1) var(--lp-space-2);
    margin: 0 0 var(--lp-space-2);
    color: var(--lp-color-text-muted);
    font-size: var(--lp-font-size-sm);
  }
  .lp-filter-chip {
    display: inline-flex;
    align-items: center;
    gap: var(--lp-space-2);
    max-width: 100%;
    min-height: 32px;
    padding: 4px 8px 4px 12px;
    border: 1px solid var(--lp-color-primary);
    border-radius: 16px;
    background: var(--lp-color-primary-soft);
    color: var(--lp-color-primary-strong);
    font: inherit;
    text-align: start;
    overflow-wrap: anywhere;
    cursor: pointer;
  }
  .lp-filter-chip:hover {
    border-color: var(--lp-color-primary-strong);
  }
  .lp-filter-chip:focus-visible {
    outline: 2px solid var(--lp-color-primary);
    outline-offset: 2px;
  }
  .lp-filter-chip__x {
    flex: none;
    font-size: 1.2em;
    line-height: 1;
  }
`;
