import { css } from '../../src/ui/css.ts';
import { filterBarStyles } from '../../src/ui/filters/filter-bar.styles.ts';
import { pageHeaderStyles } from '../../src/ui/page-header/page-header.styles.ts';

/** Own rules of `<lp-audit-log>` (tokens, the UI kit, the page header and the filter bar come first). */
export const auditLogStyles = css`
  :host {
    display: block;
    min-width: 0;
  }
  .audit-log {
    display: flex;
    flex-direction: column;
    gap: var(--lp-space-3);
  }
  ${pageHeaderStyles}
  ${filterBarStyles}
  .audit-log__muted {
    color: var(--lp-color-text-muted);
  }
  .audit-log__list {
    list-style: none;
    margin: 0;
    padding: 0;
    display: flex;
    flex-direction: column;
    border-top: 1px solid var(--lp-color-border);
  }
  .audit-log__entry {
    padding: var(--lp-space-2) 0;
    border-bottom: 1px solid var(--lp-color-border);
    display: flex;
    flex-direction: column;
    gap: 0.25em;
    overflow-wrap: anywhere;
  }
  .audit-log__head {
    display: flex;
    flex-wrap: wrap;
    gap: 0.25em 0.75em;
    align-items: baseline;
  }
  .audit-log__time {
    font-variant-numeric: tabular-nums;
    color: var(--lp-color-text-muted);
  }
  .audit-log__changes {
    margin: 0;
    padding-left: 1.25em;
  }
  .audit-log__signature {
    padding-left: 0.5em;
    border-left: 3px solid var(--lp-color-primary);
  }
  .audit-log__earlier {
    color: var(--lp-color-danger);
  }
  .audit-log__hash {
    font-family: ui-monospace, SFMono-Regular, Menlo, monospace;
    font-size: 0.8em;
    color: var(--lp-color-text-muted);
  }
`;
