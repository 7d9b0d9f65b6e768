import { css } from '../../src/ui/css.ts';

/** Own rules of `<lp-password-dialog>` (tokens and UI kit are adopted before them). */
export const passwordDialogStyles = css`
  :host {
    display: contents;
  }
  .password-form__row {
    display: flex;
    gap: var(--lp-space-2);
  }
  .password-form__row .lp-input {
    flex: 1;
    min-width: 0;
  }
  .password-form__send {
    flex: none;
    min-width: 112px;
  }
`;
