import { css } from './css.ts';

/**
 * Base rules of every root: box sizing, the `.lp-root` wrapper that pins font and colour (so
 * nothing is inherited from the embedding page), focus ring, visually hidden text.
 */
export const baseStyles = css`
  :host {
    display: block;
  }
  :host([hidden]) {
    display: none;
  }
  *,
  *::before,
  *::after {
    box-sizing: border-box;
  }
  .lp-root {
    font-family: var(--lp-font-family);
    font-size: var(--lp-font-size-md);
    line-height: var(--lp-line-height);
    color: var(--lp-color-text);
    text-align: start;
    letter-spacing: normal;
    -webkit-text-size-adjust: 100%;
    text-size-adjust: 100%;
  }
  .lp-visually-hidden {
    position: absolute;
    width: 1px;
    height: 1px;
    margin: -1px;
    padding: 0;
    overflow: hidden;
    clip: rect(0 0 0 0);
    white-space: nowrap;
    border: 0;
  }
  :focus-visible {
    outline: none;
    box-shadow: var(--lp-focus-ring);
  }
  [popover] {
    /* popovers are placed by script (top layer, fixed to the viewport) */
    inset: auto;
    margin: 0;
    padding: 0;
    border: 0;
    background: transparent;
    color: inherit;
    overflow: visible;
  }
`;
