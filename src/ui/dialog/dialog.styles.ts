import { css } from '../css.ts';

export const dialogStyles = css`
  .lp-dialog {
    max-height: calc(100vh - 64px);
    padding: 0;
    border: 0;
    border-radius: var(--lp-radius-lg);
    background: var(--lp-color-bg);
    color: var(--lp-color-text);
    box-shadow: var(--lp-shadow-lg);
    font-family: var(--lp-font-family);
    font-size: var(--lp-font-size-md);
    line-height: var(--lp-line-height);
  }
  .lp-dialog[open] {
    display: flex;
    flex-direction: column;
  }
  .lp-dialog::backdrop {
    background: var(--lp-color-backdrop);
  }
  .lp-dialog__header {
    display: flex;
    align-items: center;
    gap: var(--lp-space-2);
    padding: var(--lp-space-4) var(--lp-space-5);
    border-bottom: 1px solid var(--lp-color-border);
  }
  .lp-dialog__title {
    flex: 1;
    margin: 0;
    font-size: var(--lp-font-size-lg);
    font-weight: 600;
    line-height: 1.4;
  }
  .lp-dialog__close {
    width: 28px;
    height: 28px;
    padding: 0;
    border: 0;
    border-radius: var(--lp-radius);
    background: transparent;
    color: var(--lp-color-text-muted);
    font-size: 20px;
    line-height: 1;
    cursor: pointer;
  }
  .lp-dialog__close:hover {
    background: var(--lp-color-bg-hover);
    color: var(--lp-color-text);
  }
  .lp-dialog__body {
    padding: var(--lp-space-4) var(--lp-space-5);
    overflow: auto;
  }
  .lp-dialog__footer {
    display: flex;
    justify-content: flex-end;
    gap: var(--lp-space-2);
    padding: var(--lp-space-3) var(--lp-space-5);
    border-top: 1px solid var(--lp-color-border);
  }
  .lp-confirm__message {
    margin: 0;
    white-space: pre-line;
  }
`;
