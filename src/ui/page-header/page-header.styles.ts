import { css } from '../css.ts';

/** The head of a list page (`PageHeader`): an element that shows one puts this sheet in its styles. */
export const pageHeaderStyles = css`
  .lp-page-header {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    justify-content: space-between;
    gap: var(--lp-space-2);
  }
  .lp-page-title {
    margin: 0;
    font-size: 1.25rem;
  }
  .lp-page-actions {
    display: flex;
    flex-wrap: wrap;
    gap: var(--lp-space-2);
  }
  .lp-page-intro {
    margin: 0;
    color: var(--lp-color-text-muted);
  }
`;
