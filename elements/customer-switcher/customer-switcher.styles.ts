import { css } from '../../src/ui/css.ts';

/** Own rules of `<lp-customer-switcher>` (tokens and UI kit are adopted before them). */
export const customerSwitcherStyles = css`
  :host {
    display: inline-block;
    width: 320px;
    max-width: 100%;
    vertical-align: middle;
  }
  .customer-switcher {
    display: flex;
    flex-direction: column;
    gap: var(--lp-space-1);
  }
  .customer-switcher__name {
    display: inline-block;
    max-width: 100%;
    overflow: hidden;
    font-weight: 500;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  .customer-switcher__busy {
    display: flex;
    align-items: center;
    gap: var(--lp-space-2);
    min-height: var(--lp-control-height);
    padding: 0 var(--lp-space-3);
    border: 1px solid var(--lp-color-border);
    border-radius: var(--lp-radius);
    background: var(--lp-color-bg-muted);
    color: var(--lp-color-text);
  }
  .customer-switcher__busy-text {
    min-width: 0;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  .customer-switcher__spinner {
    flex: none;
    width: 14px;
    height: 14px;
    border: 2px solid var(--lp-color-border);
    border-top-color: var(--lp-color-primary-strong);
    border-radius: 50%;
    animation: customer-switcher-spin 0.8s linear infinite;
  }
  @keyframes customer-switcher-spin {
    to {
      transform: rotate(360deg);
    }
  }
  @media (prefers-reduced-motion: reduce) {
    .customer-switcher__spinner {
      animation-duration: 3s;
    }
  }
  .customer-switcher__muted {
    color: var(--lp-color-text-muted);
  }
  .customer-switcher__failed,
  .customer-switcher__error {
    color: var(--lp-color-danger);
    font-size: var(--lp-font-size-sm);
  }
`;
