import { css } from '../css.ts';

export const buttonStyles = css`
  .lp-button {
    display: inline-flex;
    align-items: center;
    justify-content: center;
    gap: var(--lp-space-1);
    min-height: var(--lp-control-height);
    padding: 0 var(--lp-space-4);
    border: 1px solid var(--lp-color-border-strong);
    border-radius: var(--lp-radius);
    background: var(--lp-color-bg);
    color: var(--lp-color-text);
    font: inherit;
    font-size: var(--lp-font-size-md);
    line-height: 1;
    white-space: nowrap;
    cursor: pointer;
    transition: background-color 0.15s, border-color 0.15s, color 0.15s;
  }
  .lp-button:hover {
    border-color: var(--lp-color-primary);
    color: var(--lp-color-primary-strong);
  }
  .lp-button--sm {
    min-height: var(--lp-control-height-sm);
    padding: 0 var(--lp-space-2);
    font-size: var(--lp-font-size-sm);
  }
  .lp-button--primary {
    border-color: var(--lp-color-primary-strong);
    background: var(--lp-color-primary-strong);
    color: var(--lp-color-on-primary);
  }
  .lp-button--primary:hover {
    background: color-mix(in srgb, var(--lp-color-primary-strong) 88%, #000);
    color: var(--lp-color-on-primary);
  }
  .lp-button--danger {
    border-color: var(--lp-color-danger);
    background: var(--lp-color-danger);
    color: #ffffff;
  }
  .lp-button--danger:hover {
    background: color-mix(in srgb, var(--lp-color-danger) 88%, #000);
    color: #ffffff;
  }
  .lp-button--text {
    border-color: transparent;
    background: transparent;
    color: var(--lp-color-primary-strong);
    padding: 0 var(--lp-space-2);
  }
  .lp-button--text:hover {
    border-color: transparent;
    background: var(--lp-color-primary-soft);
  }
  .lp-button[aria-disabled='true'],
  .lp-button:disabled {
    cursor: not-allowed;
    opacity: 0.65;
  }
  .lp-button__spinner {
    width: 12px;
    height: 12px;
    border: 2px solid currentColor;
    border-right-color: transparent;
    border-radius: 50%;
    animation: lp-spin 0.8s linear infinite;
  }
  @keyframes lp-spin {
    to {
      transform: rotate(360deg);
    }
  }
`;
