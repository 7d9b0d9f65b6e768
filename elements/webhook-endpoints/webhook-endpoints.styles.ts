import { css } from '../../src/ui/css.ts';

/** Own rules of `<lp-webhook-endpoints>` (tokens and the UI kit come first). */
export const webhookEndpointsStyles = css`
  :host {
    display: block;
    min-width: 0;
  }
  .webhook-endpoints {
    display: flex;
    flex-direction: column;
    gap: var(--lp-space-3);
  }
  .webhook-endpoints__head {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: var(--lp-space-2);
  }
  .webhook-endpoints__head > :first-child {
    margin-right: auto;
  }
  .webhook-endpoints__muted {
    color: var(--lp-color-text-muted);
  }
  .webhook-endpoints__table {
    width: 100%;
    border-collapse: collapse;
  }
  .webhook-endpoints__table th,
  .webhook-endpoints__table td {
    text-align: start;
    vertical-align: top;
    padding: var(--lp-space-2);
    border-bottom: 1px solid var(--lp-color-border);
    overflow-wrap: anywhere;
  }
  .webhook-endpoints__actions {
    display: flex;
    flex-wrap: wrap;
    gap: var(--lp-space-1);
  }
  .webhook-endpoints__url,
  .webhook-endpoints__key,
  .webhook-endpoints__id,
  .webhook-endpoints__answer {
    font-family: ui-monospace, SFMono-Regular, Menlo, monospace;
    overflow-wrap: anywhere;
  }
  .webhook-endpoints__id {
    display: block;
    font-size: 0.8em;
    color: var(--lp-color-text-muted);
  }
  .webhook-endpoints__answer {
    display: block;
    max-height: 4.5em;
    overflow: auto;
    white-space: pre-wrap;
    font-size: 0.85em;
  }
  .webhook-endpoints__off {
    color: var(--lp-color-danger);
  }
  .webhook-endpoints__key {
    display: block;
    padding: var(--lp-space-2);
    background: var(--lp-color-bg-muted);
    user-select: all;
  }
  .webhook-endpoints__form,
  .webhook-endpoints__secret {
    display: flex;
    flex-direction: column;
    gap: var(--lp-space-3);
  }
  .webhook-endpoints__events {
    display: flex;
    flex-direction: column;
    gap: var(--lp-space-1);
    border: 1px solid var(--lp-color-border);
    padding: var(--lp-space-2) var(--lp-space-3);
  }
  .webhook-endpoints__buttons {
    display: flex;
    justify-content: flex-end;
    gap: var(--lp-space-2);
  }
`;
