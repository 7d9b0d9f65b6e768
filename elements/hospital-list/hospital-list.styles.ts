import { css } from '../../src/ui/css.ts';
import { pageHeaderStyles } from '../../src/ui/page-header/page-header.styles.ts';
import { filterBarStyles } from '../../src/ui/filters/filter-bar.styles.ts';

/** Own rules of `<lp-hospital-list>` (tokens, the UI kit and the data table's sheet come first). */
export const hospitalListStyles = css`
  :host {
    display: block;
    min-width: 0;
  }
  .hospital-list {
    display: flex;
    flex-direction: column;
    gap: var(--lp-space-3);
  }
  ${pageHeaderStyles}
  ${filterBarStyles}
  .site-name {
    padding: 0;
    border: 0;
    background: none;
    color: var(--lp-color-primary-strong);
    font: inherit;
    text-align: start;
    text-decoration: underline;
    cursor: pointer;
  }
  .site-name:focus-visible,
  .site-link:focus-visible {
    outline: 2px solid var(--lp-color-primary);
    outline-offset: 2px;
  }
  .site-link {
    color: var(--lp-color-primary-strong);
  }
  .site-muted {
    color: var(--lp-color-text-muted);
  }
  .site-projects,
  .site-detail__projects {
    display: flex;
    flex-wrap: wrap;
    gap: var(--lp-space-1) var(--lp-space-2);
    margin: 0;
    padding: 0;
    list-style: none;
  }
  .site-detail__projects {
    flex-direction: column;
  }
  .site-detail {
    display: grid;
    grid-template-columns: max-content 1fr;
    gap: var(--lp-space-1) var(--lp-space-3);
    margin: 0;
  }
  .site-detail dt {
    color: var(--lp-color-text-muted);
  }
  .site-detail dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
  .site-detail__heading {
    margin: var(--lp-space-3) 0 var(--lp-space-2);
    font-size: 1rem;
  }
`;
