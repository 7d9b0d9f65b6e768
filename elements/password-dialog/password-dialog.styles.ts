import { css } from '../../src/ui/css.ts';

/** Own rules of `<lp-password-dialog>` (tokens and UI kit are adopted before them). */
export const passwordDialogStyles = css`
  :host {
    display: contents;
  }
  .password-form__send {
    min-width: 112px;
  }
`;
