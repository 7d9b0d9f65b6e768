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
  .second-factor__passkeys {
    display: grid;
    gap: var(--lp-space-3);
    margin-top: var(--lp-space-5);
    padding-top: var(--lp-space-4);
    border-top: 1px solid var(--lp-color-border);
  }
  .second-factor__heading {
    margin: 0;
    font-size: var(--lp-font-size-md);
  }
  .second-factor__keys {
    display: grid;
    gap: var(--lp-space-2);
    margin: 0;
    padding: 0;
    list-style: none;
  }
  .second-factor__keys li {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    justify-content: space-between;
    gap: var(--lp-space-2);
  }
  .second-factor__muted {
    color: var(--lp-color-text-muted);
  }
  .second-factor__passkeys > .lp-button {
    justify-self: start;
  }
`;
