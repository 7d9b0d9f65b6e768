import { css } from '../../src/ui/css.ts';

/** Own rules of `<lp-home-overview>` (tokens and the UI kit come first). */
export const homeOverviewStyles = css`
  :host {
    display: block;
    min-width: 0;
  }
  /* a screen high until the first numbers show (the portal keeps the same place before the
     element loads): nothing below it moves within the first screen as it fills in */
  :host(:not([data-settled])) {
    min-height: 100vh;
  }
  .ho {
    display: flex;
    flex-direction: column;
    gap: var(--lp-space-3);
  }
  .ho-head {
    display: flex;
    flex-wrap: wrap;
    align-items: baseline;
    justify-content: space-between;
    gap: var(--lp-space-2);
  }
  .ho-head__title {
    margin: 0;
    font-size: var(--lp-font-size-lg);
  }
  .ho-head__as-of {
    display: flex;
    align-items: center;
    gap: var(--lp-space-2);
    margin: 0;
    color: var(--lp-color-text-muted);
    font-size: var(--lp-font-size-sm);
  }
  .ho-grid {
    display: grid;
    grid-template-columns: repeat(auto-fill, minmax(min(100%, 340px), 1fr));
    gap: var(--lp-space-3);
    align-items: start;
  }
  .ho-block--status,
  .ho-block--weekly {
    grid-column: 1 / -1;
  }
  .ho-block,
  .ho-empty {
    display: flex;
    flex-direction: column;
    gap: var(--lp-space-2);
    min-width: 0;
    padding: var(--lp-space-3);
    border: 1px solid var(--lp-color-border);
    border-radius: var(--lp-radius-lg);
    background: var(--lp-color-bg);
  }
  .ho-block__title,
  .ho-empty__title {
    margin: 0;
    font-size: var(--lp-font-size-md);
    font-weight: 600;
  }
  .ho-subtitle {
    margin: var(--lp-space-1) 0 0;
    font-size: var(--lp-font-size-sm);
    font-weight: 600;
  }
  .ho-empty {
    grid-column: 1 / -1;
    align-items: flex-start;
  }
  .ho-empty__action {
    text-decoration: none;
  }
  .ho-muted {
    margin: 0;
    color: var(--lp-color-text-muted);
    font-size: var(--lp-font-size-sm);
  }
  .ho-counts {
    display: grid;
    grid-template-columns: repeat(auto-fill, minmax(112px, 1fr));
    gap: var(--lp-space-2);
    margin: 0;
    padding: 0;
    list-style: none;
  }
  .ho-counts--cold {
    grid-template-columns: repeat(auto-fill, minmax(104px, 1fr));
  }
  .ho-count {
    display: flex;
    flex-direction: column;
    gap: 2px;
    margin: 0;
    padding: var(--lp-space-2) var(--lp-space-3);
    border-radius: var(--lp-radius);
    border-left: 4px solid var(--lp-color-primary);
    background: var(--lp-color-bg-muted);
    color: var(--lp-color-text);
    text-decoration: none;
  }
  a.ho-count:hover {
    background: var(--lp-color-primary-soft);
  }
  .ho-count__n {
    order: -1;
    font-size: 1.5rem;
    font-weight: 600;
    line-height: 1.2;
    font-variant-numeric: tabular-nums;
  }
  .ho-count__label {
    color: var(--lp-color-text-muted);
    font-size: var(--lp-font-size-sm);
  }
  .ho-count--zero .ho-count__n {
    color: var(--lp-color-text-muted);
  }
  .ho-count--pending_approval,
  .ho-count--warning,
  .ho-count--low,
  .ho-count--due {
    border-left-color: var(--lp-color-warning);
  }
  .ho-count--medium {
    border-left-color: #e8590c;
  }
  .ho-count--danger,
  .ho-count--high,
  .ho-count--late {
    border-left-color: var(--lp-color-danger);
  }
  .ho-count--finished {
    border-left-color: var(--lp-color-success);
  }
  .ho-count--cancelled {
    border-left-color: var(--lp-color-border-strong);
  }
  .ho-actions,
  .ho-items,
  .ho-excursions,
  .ho-legend {
    display: flex;
    flex-direction: column;
    gap: var(--lp-space-2);
    margin: 0;
    padding: 0;
    list-style: none;
  }
  .ho-action {
    display: flex;
    flex-direction: column;
    gap: var(--lp-space-1);
  }
  .ho-pair {
    display: grid;
    grid-template-columns: 1fr 1fr;
    gap: var(--lp-space-2);
  }
  .ho-items {
    gap: var(--lp-space-1);
    padding-left: var(--lp-space-3);
  }
  .ho-item {
    display: flex;
    flex-wrap: wrap;
    align-items: baseline;
    gap: 0 var(--lp-space-2);
    min-width: 0;
  }
  .ho-item__link {
    color: var(--lp-color-primary-strong);
    font-variant-numeric: tabular-nums;
  }
  .ho-split {
    display: flex;
    flex-wrap: wrap;
    gap: 0 var(--lp-space-3);
    margin: 0;
    padding: 0 0 0 var(--lp-space-3);
    list-style: none;
    font-size: var(--lp-font-size-sm);
  }
  .ho-item__meta {
    min-width: 0;
    color: var(--lp-color-text-muted);
    font-size: var(--lp-font-size-sm);
    overflow-wrap: anywhere;
  }
  .ho-tag {
    padding: 0 var(--lp-space-1);
    border-radius: var(--lp-radius);
    background: var(--lp-color-bg-muted);
    font-size: var(--lp-font-size-sm);
  }
  .ho-tag--high,
  .ho-tag--rejected {
    color: var(--lp-color-danger);
  }
  .ho-tag--accepted {
    color: var(--lp-color-success);
  }
  .ho-excursion {
    display: flex;
    flex-direction: column;
    gap: 2px;
    padding: var(--lp-space-2);
    border-radius: var(--lp-radius);
    background: var(--lp-color-bg-muted);
  }
  .ho-excursion__head {
    display: flex;
    flex-wrap: wrap;
    align-items: baseline;
    gap: var(--lp-space-2);
    margin: 0;
  }
  .ho-excursion .ho-item__meta {
    margin: 0;
  }
  .ho-spark,
  .ho-weekly__chart {
    width: 100%;
    overflow: hidden;
  }
  .ho-weekly__tools {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    justify-content: space-between;
    gap: var(--lp-space-2);
  }
  .ho-legend {
    flex-direction: row;
    flex-wrap: wrap;
    gap: var(--lp-space-1) var(--lp-space-3);
    font-size: var(--lp-font-size-sm);
  }
  .ho-legend li {
    display: inline-flex;
    align-items: center;
    gap: var(--lp-space-1);
  }
  .ho-swatch {
    display: inline-block;
    width: 10px;
    height: 10px;
    border-radius: 2px;
  }
  .ho-swatch--pending_approval {
    background: #f08c00;
  }
  .ho-swatch--pending_confirm {
    background: #1971c2;
  }
  .ho-swatch--not_finished {
    background: #0b7285;
  }
  .ho-swatch--finished {
    background: #2b8a3e;
  }
  .ho-swatch--cancelled {
    background: #868e96;
  }
  .ho-table-wrap {
    overflow-x: auto;
  }
  .ho-table {
    width: 100%;
    border-collapse: collapse;
    font-size: var(--lp-font-size-sm);
    font-variant-numeric: tabular-nums;
  }
  .ho-table th,
  .ho-table td {
    padding: var(--lp-space-1) var(--lp-space-2);
    border-bottom: 1px solid var(--lp-color-border);
    text-align: right;
    white-space: nowrap;
  }
  .ho-table th:first-child {
    text-align: left;
  }
  .ho-skeleton {
    min-height: 160px;
  }
  .ho-block--status.ho-skeleton {
    min-height: 120px;
  }
  .ho-skeleton__line {
    display: block;
    height: 14px;
    border-radius: var(--lp-radius);
    background: var(--lp-color-bg-muted);
  }
  .ho-skeleton__line--title {
    width: 40%;
    height: 18px;
  }
  .ho-skeleton__line--short {
    width: 60%;
  }
  @media (prefers-reduced-motion: no-preference) {
    .ho-skeleton__line {
      animation: ho-pulse 1.4s ease-in-out infinite;
    }
  }
  @keyframes ho-pulse {
    50% {
      opacity: 0.5;
    }
  }
`;
