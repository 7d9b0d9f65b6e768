import { css } from '../css.ts';

export const toastStyles = css`
  .lp-toasts:popover-open {
    position: fixed;
    top: var(--lp-space-5);
    left: 50%;
    display: flex;
    flex-direction: column;
    align-items: center;
    gap: var(--lp-space-2);
    width: max-content;
    max-width: calc(100vw - 32px);
    transform: translateX(-50%);
    pointer-events: none;
  }
  .lp-toasts--bottom:popover-open {
    top: auto;
    bottom: var(--lp-space-5);
    flex-direction: column-reverse;
  }
  .lp-toast {
    display: flex;
    align-items: center;
    gap: var(--lp-space-2);
    min-height: 40px;
    max-width: 480px;
    padding: var(--lp-space-2) var(--lp-space-2) var(--lp-space-2) var(--lp-space-3);
    border: 1px solid var(--lp-color-border);
    border-left: 4px solid var(--toast-accent, var(--lp-color-info));
    border-radius: var(--lp-radius);
    background: var(--lp-color-bg);
    box-shadow: var(--lp-shadow);
    color: var(--lp-color-text);
    font-size: var(--lp-font-size-md);
    line-height: 1.4;
    pointer-events: auto;
    animation: lp-toast-in 0.18s ease-out;
  }
  .lp-toast--success {
    --toast-accent: var(--lp-color-success);
  }
  .lp-toast--warning {
    --toast-accent: var(--lp-color-warning);
  }
  .lp-toast--error {
    --toast-accent: var(--lp-color-danger);
  }
  .lp-toast__icon {
    display: inline-flex;
    flex: none;
    align-items: center;
    justify-content: center;
    width: 18px;
    height: 18px;
    border-radius: 50%;
    background: var(--toast-accent, var(--lp-color-info));
    color: #ffffff;
    font-size: var(--lp-font-size-sm);
    font-weight: 700;
  }
  .lp-toast__message {
    flex: 1;
    overflow-wrap: anywhere;
  }
  .lp-toast__close {
    flex: none;
    width: 24px;
    height: 24px;
    padding: 0;
    border: 0;
    border-radius: var(--lp-radius);
    background: transparent;
    color: var(--lp-color-text-muted);
    font-size: 16px;
    line-height: 1;
    cursor: pointer;
  }
  .lp-toast__close:hover {
    background: var(--lp-color-bg-hover);
  }
  @keyframes lp-toast-in {
    from {
      opacity: 0;
      transform: translateY(-8px);
    }
  }
  @media (prefers-reduced-motion: reduce) {
    .lp-toast {
      animation: none;
    }
  }
`;
