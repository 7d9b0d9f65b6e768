import { css } from '../../src/ui/css.ts';
import { pageHeaderStyles } from '../../src/ui/page-header/page-header.styles.ts';

/** Own rules of `<lp-order-drafts>` (tokens, the UI kit and the data table's sheet come first). */
export const orderDraftsStyles = css`
  :host {
    display: block;
    min-width: 0;
  }
  .order-drafts {
    display: flex;
    flex-direction: column;
    gap: var(--lp-space-3);
  }
  ${pageHeaderStyles}
  .order-drafts__subtitle {
    margin: 0;
    font-size: 1rem;
  }
  .order-drafts__live {
    margin: 0;
  }
  .order-drafts__live:empty {
    display: none;
  }
  .order-drafts__error {
    margin: 0;
    color: var(--lp-color-danger);
  }
  .order-drafts__local {
    display: flex;
    flex-direction: column;
    gap: var(--lp-space-2);
    padding: var(--lp-space-3);
    border: 1px solid var(--lp-color-warning);
    border-radius: var(--lp-radius);
  }
  .order-drafts__local-list {
    display: flex;
    flex-direction: column;
    gap: var(--lp-space-1);
    margin: 0;
    padding: 0;
    list-style: none;
  }
  .order-drafts__local-item {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: var(--lp-space-1) var(--lp-space-3);
  }
  .order-drafts__filters {
    display: flex;
    flex-wrap: wrap;
    gap: var(--lp-space-2);
  }
  .order-drafts__search {
    display: flex;
    flex: 1 1 240px;
    flex-direction: column;
    gap: var(--lp-space-1);
    max-width: 360px;
    color: var(--lp-color-text-muted);
    font-size: var(--lp-font-size-sm);
  }
  .draft-name {
    display: inline-flex;
    flex-wrap: wrap;
    align-items: center;
    gap: var(--lp-space-1);
  }
  .draft-link {
    color: var(--lp-color-primary-strong);
  }
  .draft-id,
  .draft-muted {
    color: var(--lp-color-text-muted);
  }
  .draft-mark {
    padding: 0 var(--lp-space-2);
    border: 1px solid var(--lp-color-warning);
    border-radius: 9px;
    color: var(--lp-color-warning);
    font-size: var(--lp-font-size-sm);
    white-space: nowrap;
  }
`;
