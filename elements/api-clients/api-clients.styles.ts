import { adminPageStyles } from '../../src/ui/admin-page/admin-page.styles.ts';
import { css } from '../../src/ui/css.ts';

/** Own rules of `<lp-api-clients>` (tokens, the UI kit and the admin page's sheet come first). */
export const apiClientsStyles = css`
  ${adminPageStyles}
  .api-clients__name {
    display: block;
    font-weight: 600;
  }
  .api-clients__id {
    display: block;
    font-size: 0.8em;
    color: var(--lp-color-text-muted);
  }
  .api-clients__small {
    display: block;
    font-size: 0.85em;
    color: var(--lp-color-text-muted);
  }
  .api-clients__off {
    color: var(--lp-color-danger);
  }
`;
