import { css } from '../../ui/css.ts';

/** Rules of the persistence status line and the conflict view, for the editor element's sheet. */
export const persistenceStyles = css`
  .persistence-status {
    display: flex;
    flex-direction: column;
    gap: var(--lp-space-1);
    font-size: var(--lp-font-size-sm);
  }
  .persistence-status__elsewhere {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: var(--lp-space-2);
    padding: var(--lp-space-2) var(--lp-space-3);
    border-radius: var(--lp-radius);
    background: var(--lp-color-primary-soft);
  }
  .persistence-status__line,
  .persistence-status__saved {
    margin: 0;
  }
  .persistence-status__line--warning {
    color: var(--lp-color-warning);
  }
  .persistence-status__saved {
    color: var(--lp-color-text-muted);
  }
  .conflict-view__intro,
  .conflict-view__none {
    margin: 0 0 var(--lp-space-2);
  }
  .conflict-view__table {
    width: 100%;
    border-collapse: collapse;
  }
  .conflict-view__table th,
  .conflict-view__table td {
    padding: var(--lp-space-1) var(--lp-space-2);
    border-bottom: 1px solid var(--lp-color-border);
    text-align: start;
    vertical-align: top;
    overflow-wrap: anywhere;
  }
`;
