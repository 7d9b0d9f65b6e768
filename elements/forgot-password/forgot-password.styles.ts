import { css } from '../../src/ui/css.ts';

/** Own rules of `<lp-forgot-password>` (tokens and the UI kit come first). */
export const forgotPasswordStyles = css`
  :host {
    display: contents;
  }
  .forgot-password__intro {
    margin: 0 0 var(--lp-space-3);
    color: var(--lp-color-text-muted);
    overflow-wrap: anywhere;
  }
  .forgot-password__message {
    margin: 0;
    min-height: 1.5em;
    color: var(--lp-color-danger);
  }
  .forgot-password__message:empty {
    min-height: 0;
  }
  .forgot-password__send {
    min-width: 112px;
    white-space: normal;
  }
`;
