import { css } from '../../src/ui/css.ts';

/** `<lp-notices>` takes no room in the page: its toasts and confirms live in the top layer. */
export const noticesStyles = css`
  :host {
    display: contents;
  }
`;
