import { css } from '../../src/ui/css.ts';

/** Own rules of `<lp-password-dialog>` (tokens and UI kit are adopted before them). */
export const passwordDialogStyles = css`
  :host {
    display: contents;
  }
  .password-form__reason {
    margin: 0 0 var(--lp-space-3);
    padding: var(--lp-space-2) var(--lp-space-3);
    border-left: 3px solid var(--lp-color-warning);
    background: var(--lp-color-bg-muted);
  }
  .password-form__send {
    min-width: 112px;
  }
`;
