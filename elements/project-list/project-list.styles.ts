import { css } from '../../src/ui/css.ts';
import { pageHeaderStyles } from '../../src/ui/page-header/page-header.styles.ts';

/** Own rules of `<lp-project-list>` (tokens, the UI kit and the data table's sheet come first). */
export const projectListStyles = css`
  :host {
    display: block;
    min-width: 0;
  }
  .project-list {
    display: flex;
    flex-direction: column;
    gap: var(--lp-space-3);
  }
  ${pageHeaderStyles}
  .project-muted {
    margin: 0;
    color: var(--lp-color-text-muted);
  }
  .project-list__filters {
    display: flex;
    flex-wrap: wrap;
    gap: var(--lp-space-2);
  }
  .project-list__search {
    display: flex;
    flex: 1 1 240px;
    flex-direction: column;
    gap: var(--lp-space-1);
    max-width: 360px;
    color: var(--lp-color-text-muted);
    font-size: var(--lp-font-size-sm);
  }
  .project-link {
    color: var(--lp-color-primary-strong);
    font-weight: 600;
  }
  .project-badge {
    padding: 0 var(--lp-space-2);
    border: 1px solid;
    border-radius: 9px;
    font-size: var(--lp-font-size-sm);
    white-space: nowrap;
    color: var(--lp-color-success);
  }
  .project-badge[data-status='closed'] {
    color: var(--lp-color-text-muted);
  }
  .project-tags {
    display: inline-flex;
    flex-wrap: wrap;
    gap: var(--lp-space-1);
  }
  .project-tag {
    padding: 0 var(--lp-space-2);
    border-radius: 9px;
    background: var(--lp-color-bg-muted);
    font-size: var(--lp-font-size-sm);
    white-space: nowrap;
  }
`;
