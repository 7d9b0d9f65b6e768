import { css } from '../../src/ui/css.ts';

/** Own rules of `<lp-sessions-dialog>` (tokens and UI kit are adopted before them). */
export const sessionsDialogStyles = css`
  :host {
    display: contents;
  }
  .sessions-dialog__intro {
    margin: 0 0 var(--lp-space-2);
  }
  .sessions-dialog__note,
  .sessions-dialog__small {
    margin: 0 0 var(--lp-space-2);
    color: var(--lp-color-text-muted);
    font-size: 0.9em;
  }
  .sessions-dialog__list {
    list-style: none;
    margin: 0 0 var(--lp-space-3);
    padding: 0;
  }
  .sessions-dialog__row,
  .sessions-dialog__member {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    justify-content: space-between;
    gap: var(--lp-space-2);
    padding: var(--lp-space-2) 0;
    border-bottom: 1px solid var(--lp-color-border);
  }
  .sessions-dialog__what {
    display: flex;
    flex-direction: column;
    min-width: 0;
    flex: 1 1 14em;
  }
  .sessions-dialog__what .sessions-dialog__small {
    margin: 0;
    overflow-wrap: anywhere;
  }
  .sessions-dialog__device {
    font-weight: 600;
  }
  .sessions-dialog__this {
    align-self: flex-start;
    margin: 2px 0;
    padding: 0 6px;
    border-radius: 4px;
    font-size: 0.8em;
    color: #fff;
    background: var(--lp-color-primary-strong);
  }
  .sessions-dialog__policy {
    margin-top: var(--lp-space-3);
    padding-top: var(--lp-space-3);
    border-top: 1px solid var(--lp-color-border);
  }
  .sessions-dialog__policy h3 {
    margin: 0 0 var(--lp-space-2);
    font-size: 1em;
  }
  .sessions-dialog__form > button + button {
    margin-inline-start: var(--lp-space-2);
  }
  .sessions-dialog__grants label {
    display: inline-block;
    margin-inline-end: var(--lp-space-3);
  }
  .sessions-dialog__error {
    color: var(--lp-color-danger);
  }
  .sessions-dialog__check {
    display: flex;
    gap: var(--lp-space-2);
    align-items: flex-start;
    margin: 0 0 var(--lp-space-2);
  }
  .sessions-dialog__check small {
    display: block;
  }
  .sessions-dialog__note {
    overflow-wrap: anywhere;
  }
  .sessions-dialog__token {
    margin: 0 0 var(--lp-space-2);
    padding: var(--lp-space-2);
    border: 1px solid var(--lp-color-warning, var(--lp-color-border));
    border-radius: 6px;
  }
  .sessions-dialog__token p {
    margin: 0 0 var(--lp-space-2);
  }
  .sessions-dialog__token-value {
    width: 100%;
    box-sizing: border-box;
    margin: 0 0 var(--lp-space-2);
    font-family: var(--lp-font-mono, monospace);
    font-size: 0.85em;
  }
  .sessions-dialog__state {
    margin-left: var(--lp-space-1);
    padding: 0 6px;
    border-radius: 4px;
    font-size: 0.8em;
    white-space: nowrap;
  }
  .sessions-dialog__state--pending {
    color: var(--lp-color-text);
    background: var(--lp-color-border);
  }
  .sessions-dialog__state--verified {
    color: #fff;
    background: var(--lp-color-success);
  }
  .sessions-dialog__record {
    display: grid;
    grid-template-columns: max-content minmax(0, 1fr);
    gap: 2px var(--lp-space-2);
    margin: var(--lp-space-1) 0;
    font-size: 0.9em;
  }
  .sessions-dialog__record dt {
    color: var(--lp-color-text-muted);
  }
  .sessions-dialog__record dd {
    margin: 0;
    min-width: 0;
  }
  .sessions-dialog__value {
    word-break: break-all;
    user-select: all;
  }
  @media (max-width: 480px) {
    .sessions-dialog__record {
      grid-template-columns: minmax(0, 1fr);
    }
    .sessions-dialog__record dd + dt {
      margin-top: var(--lp-space-1);
    }
  }
`;
