import { css } from '../../src/ui/css.ts';

/** Own rules of `<lp-order-list>` (tokens, the UI kit and the data table's sheet come first). */
export const orderListStyles = css`
  :host {
    display: block;
    min-width: 0;
    max-width: 100%;
  }
  .order-list {
    min-width: 0;
  }
  .order-list .lp-tabs__list {
    overflow-x: auto;
    scrollbar-width: thin;
  }
  .order-tab__count {
    display: inline-block;
    min-width: 1.5em;
    margin-inline-start: var(--lp-space-1);
    padding: 0 var(--lp-space-1);
    border-radius: 999px;
    background: var(--lp-color-bg-muted);
    color: var(--lp-color-text-muted);
    font-size: var(--lp-font-size-sm);
    text-align: center;
  }
  .order-filters {
    display: flex;
    flex-wrap: wrap;
    align-items: flex-end;
    gap: var(--lp-space-2) var(--lp-space-3);
    margin: var(--lp-space-3) 0;
  }
  .order-filter {
    display: flex;
    flex: 1 1 150px;
    flex-direction: column;
    gap: var(--lp-space-1);
    min-width: 0;
    max-width: 220px;
  }
  .order-filter:first-child {
    flex-basis: 220px;
    max-width: 320px;
  }
  .order-filter--action {
    flex: 0 0 auto;
  }
  .order-filter__label {
    color: var(--lp-color-text-muted);
    font-size: var(--lp-font-size-sm);
  }
  .order-filter__control {
    width: 100%;
    min-width: 0;
  }
  .order-notice:empty {
    display: none;
  }
  .order-notice {
    margin: 0 0 var(--lp-space-2);
    padding: var(--lp-space-2) var(--lp-space-3);
    border: 1px solid var(--lp-color-border);
    border-radius: var(--lp-radius);
    background: var(--lp-color-primary-soft);
  }
  .order-notice p {
    margin: 0;
  }
  .order-notice a {
    color: var(--lp-color-primary-strong);
  }
  .order-notice__link + .order-notice__link {
    margin-inline-start: var(--lp-space-2);
  }
  .order-link {
    color: var(--lp-color-primary-strong);
    font-variant-numeric: tabular-nums;
    font-weight: 500;
  }
  .order-link:focus-visible {
    outline: none;
    box-shadow: var(--lp-focus-ring);
    border-radius: 2px;
  }
  .order-badge {
    display: inline-block;
    padding: 0 var(--lp-space-2);
    border: 1px solid currentColor;
    border-radius: 999px;
    font-size: var(--lp-font-size-sm);
    line-height: 20px;
    white-space: nowrap;
  }
  .order-badge[data-status='pending_approval'] {
    color: var(--lp-color-warning);
  }
  .order-badge[data-status='pending_confirm'] {
    color: var(--lp-color-info);
  }
  .order-badge[data-status='not_finished'] {
    color: var(--lp-color-primary-strong);
  }
  .order-badge[data-status='finished'] {
    color: var(--lp-color-success);
  }
  .order-badge[data-status='cancelled'] {
    color: var(--lp-color-text-muted);
  }
  .order-marker {
    display: inline-flex;
    align-items: center;
    gap: var(--lp-space-1);
    white-space: nowrap;
  }
  .order-marker__dot {
    flex: none;
    width: 8px;
    height: 8px;
    border-radius: 50%;
    background: var(--lp-color-border-strong);
  }
  .order-marker[data-level='low'] .order-marker__dot {
    background: #d4a106;
  }
  .order-marker[data-level='medium'] .order-marker__dot {
    background: #d46b08;
  }
  .order-marker[data-level='high'] {
    color: var(--lp-color-danger);
    font-weight: 600;
  }
  .order-marker[data-level='high'] .order-marker__dot,
  .order-marker[data-attachments='rejected'] .order-marker__dot {
    background: var(--lp-color-danger);
  }
  .order-marker[data-attachments='missing'] .order-marker__dot {
    background: #d46b08;
  }
  .order-marker[data-attachments='pending'] .order-marker__dot {
    background: var(--lp-color-info);
  }
  .order-marker[data-attachments='approved'] .order-marker__dot {
    background: var(--lp-color-success);
  }
  .order-party {
    display: flex;
    flex-direction: column;
    min-width: 0;
    line-height: 1.3;
  }
  .order-party__company,
  .order-party__detail {
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  .order-party__detail {
    color: var(--lp-color-text-muted);
    font-size: var(--lp-font-size-sm);
  }
  .order-masked {
    margin-inline-start: var(--lp-space-1);
    cursor: help;
    font-size: var(--lp-font-size-sm);
  }
  .order-dialog__orders {
    margin: 0 0 var(--lp-space-3);
    color: var(--lp-color-text-muted);
    overflow-wrap: anywhere;
  }
  @media (max-width: 600px) {
    .order-filter,
    .order-filter:first-child {
      flex: 1 1 100%;
      max-width: none;
    }
  }
`;
