import { css } from '../css.ts';

/** `SecretDialog`: an element that shows one puts this sheet in its styles. */
export const secretStyles = css`
  .lp-secret {
    display: flex;
    flex-direction: column;
    gap: var(--lp-space-3);
  }
  .lp-secret__warning {
    margin: 0;
    padding: var(--lp-space-2) var(--lp-space-3);
    border-left: 4px solid var(--lp-color-warning);
    background: var(--lp-color-bg-muted);
    font-weight: 600;
  }
  .lp-secret__items {
    margin: 0;
    display: grid;
    gap: var(--lp-space-1);
  }
  .lp-secret__items dt {
    font-weight: 600;
  }
  .lp-secret__items dd {
    margin: 0 0 var(--lp-space-2);
  }
  .lp-secret__value {
    display: block;
    padding: var(--lp-space-2);
    background: var(--lp-color-bg-muted);
    font-family: ui-monospace, SFMono-Regular, Menlo, monospace;
    overflow-wrap: anywhere;
    user-select: all;
  }
  .lp-secret__copy {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: var(--lp-space-2);
    margin-top: var(--lp-space-1);
  }
  .lp-secret__said,
  .lp-secret__note {
    margin: 0;
    color: var(--lp-color-text-muted);
  }
`;
