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
  .customer-switcher__muted {
    color: var(--lp-color-text-muted);
  }
  .customer-switcher__failed,
  .customer-switcher__error {
    color: var(--lp-color-danger);
    font-size: var(--lp-font-size-sm);
  }
`;
