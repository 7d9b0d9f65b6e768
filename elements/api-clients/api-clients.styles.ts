import { css } from '../../src/ui/css.ts';

/** Own rules of `<lp-api-clients>` (tokens and the UI kit come first). */
export const apiClientsStyles = css`
  :host {
    display: block;
    min-width: 0;
  }
  .api-clients {
    display: flex;
    flex-direction: column;
    gap: var(--lp-space-3);
  }
  .api-clients__head,
  .api-clients__buttons {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: var(--lp-space-2);
  }
  .api-clients__head > :first-child {
    margin-right: auto;
  }
  .api-clients__buttons {
    justify-content: flex-end;
  }
  .api-clients__muted {
    color: var(--lp-color-text-muted);
  }
  .api-clients__small {
    display: block;
    font-size: 0.85em;
  }
  .api-clients__table {
    width: 100%;
    border-collapse: collapse;
  }
  .api-clients__table th,
  .api-clients__table td {
    text-align: start;
    vertical-align: top;
    padding: var(--lp-space-2);
    border-bottom: 1px solid var(--lp-color-border);
    overflow-wrap: anywhere;
  }
  .api-clients__name {
    display: block;
    font-weight: 600;
  }
  .api-clients__actions {
    display: flex;
    flex-wrap: wrap;
    gap: var(--lp-space-1);
  }
  .api-clients__id,
  .api-clients__code,
  .api-clients__key {
    font-family: ui-monospace, SFMono-Regular, Menlo, monospace;
    overflow-wrap: anywhere;
  }
  .api-clients__id {
    display: block;
    font-size: 0.8em;
    color: var(--lp-color-text-muted);
  }
  .api-clients__key {
    display: block;
    padding: var(--lp-space-2);
    background: var(--lp-color-bg-muted);
    user-select: all;
  }
  .api-clients__off {
    color: var(--lp-color-danger);
  }
  .api-clients__warning {
    margin: 0;
    padding: var(--lp-space-2) var(--lp-space-3);
    border-left: 4px solid var(--lp-color-warning);
    background: var(--lp-color-bg-muted);
    font-weight: 600;
  }
  .api-clients__form,
  .api-clients__secret {
    display: flex;
    flex-direction: column;
    gap: var(--lp-space-3);
  }
  .api-clients__pairs {
    margin: 0;
    display: grid;
    gap: var(--lp-space-1);
  }
  .api-clients__pairs dd {
    margin: 0 0 var(--lp-space-2);
  }
  .api-clients__scopes,
  .api-clients__grace {
    display: flex;
    flex-direction: column;
    gap: var(--lp-space-1);
    border: 0;
    padding: 0;
    margin: 0;
  }
  .api-clients__scopes legend,
  .api-clients__grace legend {
    font-weight: 600;
    margin-bottom: var(--lp-space-1);
  }
  .api-clients__scopes label,
  .api-clients__grace label {
    display: flex;
    align-items: center;
    gap: var(--lp-space-2);
  }
`;
