import { css } from '../css.ts';

export const statesStyles = css`
  .lp-zone-note {
    margin: 0;
    color: var(--lp-color-text-muted);
    font-size: var(--lp-font-size-sm);
  }
  .lp-state {
    display: flex;
    flex-direction: column;
    align-items: center;
    gap: var(--lp-space-2);
    padding: var(--lp-space-5) var(--lp-space-4);
    color: var(--lp-color-text-muted);
    text-align: center;
  }
  .lp-state__icon {
    display: inline-flex;
    align-items: center;
    justify-content: center;
    width: 40px;
    height: 40px;
    border: 2px dashed var(--lp-color-border-strong);
    border-radius: 50%;
  }
  .lp-state--error .lp-state__icon {
    border: 0;
    background: var(--lp-color-danger);
    color: #ffffff;
    font-size: var(--lp-font-size-xl);
    font-weight: 700;
  }
  .lp-state--error {
    color: var(--lp-color-text);
  }
  .lp-state__message {
    margin: 0;
    font-size: var(--lp-font-size-md);
  }
`;
