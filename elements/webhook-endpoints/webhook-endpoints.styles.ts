import { adminPageStyles } from '../../src/ui/admin-page/admin-page.styles.ts';
import { css } from '../../src/ui/css.ts';

/** Own rules of `<lp-webhook-endpoints>` (tokens, the UI kit and the admin page's sheet come first). */
export const webhookEndpointsStyles = css`
  ${adminPageStyles}
  .webhook-endpoints__url,
  .webhook-endpoints__id {
    display: block;
  }
  .webhook-endpoints__muted {
    color: var(--lp-color-text-muted);
  }
  .webhook-endpoints__id {
    font-size: 0.8em;
    color: var(--lp-color-text-muted);
  }
  .webhook-endpoints__answer {
    display: block;
    max-height: 4.5em;
    overflow: auto;
    white-space: pre-wrap;
    font-size: 0.85em;
  }
  .webhook-endpoints__off {
    color: var(--lp-color-danger);
  }
  .webhook-endpoints__log {
    display: flex;
    flex-direction: column;
    gap: var(--lp-space-2);
    margin-top: var(--lp-space-3);
  }
  .webhook-endpoints__log-head {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: var(--lp-space-2);
  }
  .webhook-endpoints__log-head h2 {
    margin: 0 auto 0 0;
    font-size: 1.1em;
    overflow-wrap: anywhere;
  }
`;
