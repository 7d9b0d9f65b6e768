import { css } from '../../src/ui/css.ts';

/** Own rules of `<lp-second-factor-dialog>` (tokens and UI kit are adopted before them). */
export const secondFactorDialogStyles = css`
  :host {
    display: contents;
  }
  .second-factor__qr {
    display: block;
    margin: var(--lp-space-3) auto;
  }
  .second-factor__secret code,
  .second-factor__codes code {
    font-family: ui-monospace, 'SFMono-Regular', Menlo, Consolas, monospace;
    letter-spacing: 0.05em;
    user-select: all;
  }
  .second-factor__codes {
    display: grid;
    grid-template-columns: repeat(2, max-content);
    gap: var(--lp-space-2) var(--lp-space-5);
  }
  .second-factor__error {
    color: var(--lp-color-danger);
  }
`;
