import { css } from '../../src/ui/css.ts';

/** Own rules of `<lp-city-list>` (tokens and the UI kit come first). */
export const cityListStyles = css`
  :host {
    display: block;
    min-width: 0;
  }
  .city-list {
    display: flex;
    flex-direction: column;
    gap: var(--lp-space-3);
  }
  .city-list__title {
    margin: 0;
    font-size: 1.25rem;
  }
  .city-list__intro,
  .city-list__hint,
  .city-list__status {
    margin: 0;
    color: var(--lp-color-text-muted);
  }
  .city-list__status:empty {
    display: none;
  }
  .city-list__hint {
    font-size: var(--lp-font-size-sm);
  }
  .city-list__search {
    display: flex;
    flex-direction: column;
    gap: var(--lp-space-1);
    max-width: 420px;
    color: var(--lp-color-text-muted);
    font-size: var(--lp-font-size-sm);
  }
  .city-list__search-row {
    display: flex;
    gap: var(--lp-space-2);
    align-items: center;
  }
  .city-list__search-row input {
    flex: 1 1 auto;
    min-width: 0;
  }
  .city-list__failed {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: var(--lp-space-2);
    color: var(--lp-color-danger);
  }
  .city-list__failed p {
    margin: 0;
  }
  .city-tree {
    margin: 0;
    padding: var(--lp-space-1) 0;
    list-style: none;
    border: 1px solid var(--lp-color-border);
    border-radius: var(--lp-radius);
  }
  .city-tree__item {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: var(--lp-space-1) var(--lp-space-2);
    min-height: 36px;
    padding-block: var(--lp-space-1);
    padding-inline-end: var(--lp-space-2);
    cursor: pointer;
  }
  .city-tree__item:hover {
    background: var(--lp-color-bg-hover);
  }
  .city-tree__item:focus-visible {
    outline: 2px solid var(--lp-color-primary);
    outline-offset: -2px;
  }
  .city-tree__item[aria-selected='true'] {
    background: var(--lp-color-bg-muted);
  }
  .city-tree__toggle {
    display: inline-block;
    width: 12px;
    flex: none;
    text-align: center;
  }
  .city-tree__toggle[data-open='false']::before {
    content: '▸';
  }
  .city-tree__toggle[data-open='true']::before {
    content: '▾';
  }
  .city-tree__name {
    font-weight: 500;
  }
  mark.city-tree__name {
    padding: 0 2px;
    background: #fff3bf;
    color: inherit;
  }
  .city-tree__alt,
  .city-tree__usage,
  .city-tree__loading {
    color: var(--lp-color-text-muted);
    font-size: var(--lp-font-size-sm);
  }
  .city-tree__served,
  .city-tree__unserved {
    padding: 0 var(--lp-space-2);
    border: 1px solid currentColor;
    border-radius: 9px;
    font-size: var(--lp-font-size-sm);
    white-space: nowrap;
  }
  .city-tree__served {
    color: var(--lp-color-success);
  }
  .city-tree__unserved {
    color: var(--lp-color-danger);
  }
`;
