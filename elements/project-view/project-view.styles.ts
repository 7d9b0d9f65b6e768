import { css } from '../../src/ui/css.ts';

/** Own rules of `<lp-project-view>` (tokens, the UI kit and the data table's sheet come first). */
export const projectViewStyles = css`
  :host {
    display: block;
    min-width: 0;
  }
  .project-view {
    display: flex;
    flex-direction: column;
    gap: var(--lp-space-4);
    min-width: 0;
  }
  .project-view__header {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: var(--lp-space-2) var(--lp-space-3);
  }
  .project-view__header > .project-link {
    flex-basis: 100%;
    font-weight: normal;
  }
  .project-view__title {
    margin: 0;
    font-size: 1.25rem;
    overflow-wrap: anywhere;
  }
  .project-view__name {
    font-weight: normal;
  }
  .project-card {
    display: flex;
    flex-direction: column;
    gap: var(--lp-space-3);
    min-width: 0;
    padding: var(--lp-space-4);
    border: 1px solid var(--lp-color-border);
    border-radius: var(--lp-radius);
    background: var(--lp-color-bg);
  }
  .project-card h2 {
    margin: 0;
    font-size: 1rem;
  }
  .project-card__head {
    display: flex;
    flex-wrap: wrap;
    align-items: baseline;
    justify-content: space-between;
    gap: var(--lp-space-2);
  }
  .project-facts {
    display: grid;
    grid-template-columns: minmax(8rem, max-content) 1fr;
    gap: var(--lp-space-2) var(--lp-space-4);
    margin: 0;
  }
  .project-facts dt {
    color: var(--lp-color-text-muted);
  }
  .project-facts dd {
    margin: 0;
    min-width: 0;
    overflow-wrap: anywhere;
  }
  @media (max-width: 480px) {
    .project-facts {
      grid-template-columns: 1fr;
      gap: var(--lp-space-1);
    }
    .project-facts dd {
      margin-bottom: var(--lp-space-2);
    }
  }
  .project-muted {
    margin: 0;
    color: var(--lp-color-text-muted);
  }
  .project-error {
    margin: 0;
    color: var(--lp-color-danger);
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
    color: var(--lp-color-text-muted);
  }
  .project-badge[data-status='active'],
  .project-badge[data-status='finished'] {
    color: var(--lp-color-success);
  }
  .project-badge[data-status='pending_approval'] {
    color: var(--lp-color-warning);
  }
  .project-badge[data-status='pending_confirm'],
  .project-badge[data-status='not_finished'] {
    color: var(--lp-color-primary-strong);
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
  }
  .project-counts {
    display: grid;
    grid-template-columns: repeat(auto-fill, minmax(7.5rem, 1fr));
    gap: var(--lp-space-2);
    margin: 0;
    padding: 0;
    list-style: none;
  }
  .project-count > a {
    display: flex;
    flex-direction: column;
    padding: var(--lp-space-2) var(--lp-space-3);
    border-radius: var(--lp-radius);
    background: var(--lp-color-bg-muted);
    font-weight: normal;
    text-decoration: none;
  }
  .project-count > a:hover .project-count__n {
    text-decoration: underline;
  }
  .project-count__n {
    font-size: 1.25rem;
    font-weight: 600;
  }
  .project-scroll {
    /* (the containing block of a visually hidden header: else it widens the page on a phone) */
    position: relative;
    overflow-x: auto;
  }
  .project-table {
    width: 100%;
    border-collapse: collapse;
  }
  .project-table th,
  .project-table td {
    padding: var(--lp-space-2) var(--lp-space-3);
    border-bottom: 1px solid var(--lp-color-border);
    text-align: start;
    white-space: nowrap;
  }
  .project-table thead th {
    color: var(--lp-color-text-muted);
    font-weight: 600;
    background: var(--lp-color-bg-muted);
  }
  .project-table tbody th {
    font-weight: normal;
  }
  .project-party {
    display: flex;
    flex-direction: column;
  }
  .stability-bands ul {
    margin: 0;
    padding: 0;
    list-style: none;
  }
  .stability-form {
    display: flex;
    flex-direction: column;
    align-items: flex-start;
    gap: var(--lp-space-3);
  }
  .stability-alert:empty {
    display: none;
  }
  .stability-band {
    display: grid;
    grid-template-columns: repeat(3, minmax(0, 1fr)) auto;
    align-items: start;
    gap: var(--lp-space-2);
    width: 100%;
    margin: 0;
    padding: var(--lp-space-2) var(--lp-space-3) var(--lp-space-3);
    border: 1px solid var(--lp-color-border);
    border-radius: var(--lp-radius);
  }
  .stability-band legend {
    padding: 0 var(--lp-space-1);
    font-weight: 600;
  }
  .stability-band > .lp-button {
    margin-top: 1.6rem;
  }
  .stability-band__error {
    grid-column: 1 / -1;
    margin: 0;
  }
`;
