import { css } from '../../src/ui/css.ts';
import { filterBarStyles } from '../../src/ui/filters/filter-bar.styles.ts';

/** Own rules of `<lp-order-list>` (tokens, the UI kit and the data table's sheet come first). */
export const orderListStyles = css`
  :host {
    display: block;
    min-width: 0;
  }
  .order-list__title {
    margin: 0 0 var(--lp-space-2);
    font-size: 1.25rem;
  }
  .order-list .lp-tabs__list {
    overflow-x: auto;
  }
  .order-tab__count {
    margin-inline-start: var(--lp-space-1);
    padding: 0 6px;
    border-radius: 9px;
    background: var(--lp-color-bg-muted);
    color: var(--lp-color-text-muted);
    font-size: var(--lp-font-size-sm);
  }
  ${filterBarStyles}
  .order-bulk__why {
    flex-basis: 100%;
    margin: 0;
    color: var(--lp-color-text-muted);
    font-size: var(--lp-font-size-sm);
  }
  /* saved views: a select, Save View (its name field in place), Delete */
  .order-views {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: var(--lp-space-2);
    margin-bottom: var(--lp-space-2);
  }
  .order-views--loading {
    min-height: var(--lp-control-height);
  }
  .order-views__pick {
    width: auto;
    min-width: 180px;
    max-width: 100%;
  }
  .order-views__naming {
    display: inline-flex;
    flex-wrap: wrap;
    align-items: center;
    gap: var(--lp-space-2);
  }
  .order-views__name {
    width: 200px;
    max-width: 100%;
  }
  .order-views__error {
    flex-basis: 100%;
    color: var(--lp-color-danger);
    font-size: var(--lp-font-size-sm);
  }
  .order-notice {
    margin-bottom: var(--lp-space-2);
    padding: var(--lp-space-2) var(--lp-space-3);
    border-radius: var(--lp-radius);
    background: var(--lp-color-primary-soft);
  }
  .order-notice:empty {
    display: none;
  }
  .order-notice p {
    margin: 0;
  }
  .order-notice a,
  .order-link {
    margin-inline-end: var(--lp-space-2);
    color: var(--lp-color-primary-strong);
  }
  .order-badge,
  .order-marker {
    --dot: var(--lp-color-border-strong);
    display: inline-flex;
    align-items: center;
    gap: var(--lp-space-1);
    white-space: nowrap;
  }
  .order-badge {
    padding: 0 var(--lp-space-2);
    border: 1px solid;
    border-radius: 9px;
    font-size: var(--lp-font-size-sm);
  }
  [data-status='pending_approval'],
  [data-level='medium'],
  [data-attachments='missing'] {
    --dot: var(--lp-color-warning);
    color: var(--lp-color-warning);
  }
  [data-status='pending_confirm'],
  [data-attachments='pending'] {
    --dot: var(--lp-color-info);
    color: var(--lp-color-info);
  }
  [data-status='not_finished'] {
    color: var(--lp-color-primary-strong);
  }
  [data-status='finished'],
  [data-attachments='approved'] {
    --dot: var(--lp-color-success);
  }
  [data-status='finished'] {
    color: var(--lp-color-success);
  }
  [data-status='cancelled'] {
    color: var(--lp-color-text-muted);
  }
  [data-level='low'] {
    --dot: #b88a00;
  }
  [data-level='high'],
  [data-attachments='rejected'] {
    --dot: var(--lp-color-danger);
    color: var(--lp-color-danger);
  }
  .order-marker__dot {
    width: 8px;
    height: 8px;
    border-radius: 50%;
    background: var(--dot);
  }
  .order-party {
    display: grid;
    line-height: 1.3;
  }
  .order-party > * {
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  .order-party__detail {
    color: var(--lp-color-text-muted);
    font-size: var(--lp-font-size-sm);
  }
  /* The loading rows as tall as the rows to come (a party's two lines, above): nothing below the
     table moves when they arrive. */
  .lp-data-table__skeleton .lp-data-table__bone {
    margin-block: calc((1.3 * (var(--lp-font-size-md) + var(--lp-font-size-sm)) - 12px) / 2);
  }
  /* where it is now: a place name in two lines at most (the whole of it in its title) */
  .order-where {
    display: -webkit-box;
    -webkit-box-orient: vertical;
    -webkit-line-clamp: 2;
    line-clamp: 2;
    overflow: hidden;
    line-height: 1.3;
    white-space: normal;
    overflow-wrap: anywhere;
  }
  .order-eta {
    display: inline-flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 2px var(--lp-space-1);
  }
  .order-eta__time {
    white-space: nowrap;
  }
  /* at risk: in words and with an icon, the colour only repeats them */
  .order-risk {
    display: inline-flex;
    align-items: center;
    gap: 3px;
    padding: 0 var(--lp-space-2);
    border: 1px solid;
    border-radius: 9px;
    font-size: var(--lp-font-size-sm);
    white-space: nowrap;
  }
  .order-risk[data-risk='late'] {
    color: var(--lp-color-danger);
    background: color-mix(in srgb, var(--lp-color-danger) 8%, #fff);
  }
  .order-risk[data-risk='silent'] {
    color: var(--lp-color-warning);
    background: color-mix(in srgb, var(--lp-color-warning) 8%, #fff);
  }
  .order-masked {
    margin-inline-start: var(--lp-space-1);
    color: var(--lp-color-text-muted);
    vertical-align: -1px;
    cursor: help;
  }
  .order-dialog__orders {
    margin: 0 0 var(--lp-space-3);
    overflow-wrap: anywhere;
  }
`;
