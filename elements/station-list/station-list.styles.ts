import { css } from '../../src/ui/css.ts';

/** Own rules of `<lp-station-list>` (tokens and the UI kit come first). */
export const stationListStyles = css`
  :host {
    display: block;
    min-width: 0;
    container-type: inline-size;
  }
  .station-list {
    display: flex;
    flex-direction: column;
    gap: var(--lp-space-4);
  }
  .station-list__filters {
    display: grid;
    grid-template-columns: repeat(auto-fit, minmax(min(100%, 150px), 1fr));
    gap: var(--lp-space-3);
    align-items: end;
  }
  .station-list__filter {
    display: flex;
    flex-direction: column;
    gap: var(--lp-space-1);
    min-width: 0;
    font-size: var(--lp-font-size-sm);
    color: var(--lp-color-text-muted);
  }
  .station-list__filter--wide {
    grid-column: 1 / -1;
  }
  .station-list__hint {
    font-size: var(--lp-font-size-sm);
  }
  .station-list__filter .lp-input {
    width: 100%;
    min-width: 0;
    box-sizing: border-box;
  }
  .station-list__summary {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: var(--lp-space-2) var(--lp-space-3);
    min-height: var(--lp-control-height-sm);
  }
  .station-list__count,
  .station-list__muted {
    margin: 0;
    color: var(--lp-color-text-muted);
  }
  .station-list__city {
    display: flex;
    flex-direction: column;
    gap: var(--lp-space-2);
  }
  .station-list__city-title {
    margin: 0;
    font-size: var(--lp-font-size-lg);
    font-weight: 600;
  }
  .station-list__cards {
    display: grid;
    grid-template-columns: repeat(auto-fill, minmax(min(100%, 300px), 1fr));
    gap: var(--lp-space-3);
    margin: 0;
    padding: 0;
    list-style: none;
  }
  .station-list__cards > li {
    display: flex;
    min-width: 0;
  }
  .station-card {
    display: flex;
    flex-direction: column;
    gap: var(--lp-space-2);
    flex: 1 1 auto;
    min-width: 0;
    padding: var(--lp-space-3) var(--lp-space-4);
    border: 1px solid var(--lp-color-border);
    border-radius: var(--lp-radius-lg);
    background: var(--lp-color-bg);
  }
  .station-card__header {
    display: flex;
    align-items: flex-start;
    justify-content: space-between;
    gap: var(--lp-space-2);
  }
  .station-card__name {
    margin: 0;
    font-size: var(--lp-font-size-md);
    font-weight: 600;
    overflow-wrap: anywhere;
  }
  .station-card__kind {
    flex: none;
    padding: 0 var(--lp-space-2);
    border-radius: var(--lp-radius);
    font-size: var(--lp-font-size-sm);
    line-height: 1.6;
    background: var(--lp-color-primary-soft);
    color: var(--lp-color-primary-strong);
  }
  .station-card__kind--depot {
    background: var(--lp-color-bg-muted);
    color: var(--lp-color-text);
  }
  .station-card__facts {
    display: grid;
    grid-template-columns: max-content minmax(0, 1fr);
    gap: var(--lp-space-1) var(--lp-space-3);
    margin: 0;
    font-size: var(--lp-font-size-sm);
  }
  .station-card__facts > div {
    display: contents;
  }
  .station-card__facts dt {
    color: var(--lp-color-text-muted);
  }
  .station-card__facts dd {
    margin: 0;
    min-width: 0;
    overflow-wrap: anywhere;
  }
  .station-card__facts a {
    color: var(--lp-color-primary-strong);
  }
  .station-card__facts a:focus-visible {
    outline: none;
    box-shadow: var(--lp-focus-ring);
    border-radius: 2px;
  }
  .station-card__line {
    display: block;
  }
  .station-card__temps {
    display: flex;
    flex-wrap: wrap;
    gap: var(--lp-space-1);
    margin: 0;
    padding: 0;
    list-style: none;
  }
  .station-temp {
    padding: 0 var(--lp-space-2);
    border: 1px solid var(--lp-color-border);
    border-radius: var(--lp-radius);
    white-space: nowrap;
  }
  /* a narrow element (a phone of 320–360 px): terms above their values */
  @container (max-width: 340px) {
    .station-card {
      padding: var(--lp-space-3);
    }
    .station-card__facts {
      grid-template-columns: minmax(0, 1fr);
      gap: 0;
    }
    .station-card__facts dd {
      margin-bottom: var(--lp-space-2);
    }
  }
`;
