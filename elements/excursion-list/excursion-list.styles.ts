import { css } from '../../src/ui/css.ts';
import { filterBarStyles } from '../../src/ui/filters/filter-bar.styles.ts';
import { pageHeaderStyles } from '../../src/ui/page-header/page-header.styles.ts';
import { excursionBadgeStyles } from './excursion-badges.styles.ts';

/** Own rules of `<lp-excursion-list>` (tokens, the UI kit and the data table's sheet come first). */
export const excursionListStyles = css`
  :host {
    display: block;
    min-width: 0;
  }
  .excursion-list {
    display: flex;
    flex-direction: column;
    gap: var(--lp-space-3);
  }
  ${pageHeaderStyles}
  ${filterBarStyles}
  ${excursionBadgeStyles}
  .exc-counts {
    display: flex;
    flex-wrap: wrap;
    gap: var(--lp-space-2);
    margin: 0;
  }
  .exc-count {
    display: flex;
    flex-direction: column-reverse;
    flex: 0 1 9em;
    min-width: 6em;
    padding: var(--lp-space-2) var(--lp-space-3);
    border: 1px solid var(--lp-color-border);
    border-radius: var(--lp-radius);
    background: var(--lp-color-bg);
  }
  .exc-count dt {
    color: var(--lp-color-text-muted);
  }
  .exc-count dd {
    margin: 0;
    font-size: 1.6em;
    font-weight: 600;
    font-variant-numeric: tabular-nums;
    line-height: 1.2;
  }
  .exc-count--open:not(.exc-count--zero) dd,
  .exc-count--over:not(.exc-count--zero) dd {
    color: var(--lp-color-danger);
  }
  .exc-count--assessment:not(.exc-count--zero) dd {
    color: var(--lp-color-warning);
  }
`;
