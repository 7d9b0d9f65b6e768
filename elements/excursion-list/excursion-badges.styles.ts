import { css } from '../../src/ui/css.ts';

/**
 * What both excursion pages show alike: the badges of a case's state, level and budget state (the
 * word says it, the colour only repeats it), links, muted text, and the counts above the list.
 */
export const excursionBadgeStyles = css`
  .exc-muted {
    color: var(--lp-color-text-muted);
  }
  .exc-link {
    color: var(--lp-color-primary-strong);
  }
  .exc-link:focus-visible {
    outline: 2px solid var(--lp-color-primary);
    outline-offset: 2px;
  }
  .exc-case-no {
    font-weight: 600;
    font-variant-numeric: tabular-nums;
  }
  .exc-badge {
    display: inline-block;
    padding: 0 0.5em;
    border: 1px solid currentColor;
    border-radius: 999px;
    font-size: 0.9em;
    line-height: 1.6;
    white-space: nowrap;
    color: var(--lp-color-text-muted);
  }
  .exc-badge--level-high,
  .exc-badge--budget-over,
  .exc-badge--state-open {
    color: var(--lp-color-danger);
  }
  .exc-badge--level-high,
  .exc-badge--budget-over {
    background: color-mix(in srgb, var(--lp-color-danger) 8%, #fff);
    font-weight: 600;
  }
  .exc-badge--level-medium,
  .exc-badge--state-assessment {
    color: var(--lp-color-warning);
  }
  .exc-badge--budget-within,
  .exc-badge--state-decided {
    color: var(--lp-color-success);
  }
  .exc-when {
    display: inline-flex;
    flex-direction: column;
    line-height: 1.3;
  }
  .exc-when time {
    font-size: 0.85em;
    font-variant-numeric: tabular-nums;
  }
`;
