import { css } from '../css.ts';
import { listTableStyles } from '../list-table/list-table.styles.ts';
import { pageHeaderStyles } from '../page-header/page-header.styles.ts';
import { secretStyles } from '../secret/secret.styles.ts';

/**
 * `AdminPage` and what its pages show (the page header, `ListTable`, `SecretDialog`, a form's
 * `ChoiceGroup`): an element that shows one puts this sheet first in its styles.
 */
export const adminPageStyles = css`
  :host {
    display: block;
    min-width: 0;
  }
  .lp-admin-page {
    display: flex;
    flex-direction: column;
    gap: var(--lp-space-3);
  }
  .lp-admin-page__muted {
    margin: 0;
    color: var(--lp-color-text-muted);
  }
  .lp-admin-page__form {
    display: flex;
    flex-direction: column;
    gap: var(--lp-space-3);
  }
  .lp-admin-page__buttons {
    display: flex;
    flex-wrap: wrap;
    justify-content: flex-end;
    gap: var(--lp-space-2);
  }
  .lp-admin-page__error {
    margin: 0;
    color: var(--lp-color-danger);
  }
  .lp-mono {
    font-family: ui-monospace, SFMono-Regular, Menlo, monospace;
    overflow-wrap: anywhere;
  }
  .lp-choices {
    display: flex;
    flex-direction: column;
    gap: var(--lp-space-1);
    margin: 0;
    padding: 0;
    border: 0;
    min-width: 0;
  }
  .lp-confirm__message + .lp-choices {
    margin-top: var(--lp-space-3);
  }
  .lp-choices legend {
    padding: 0;
    margin-bottom: var(--lp-space-1);
    font-weight: 600;
  }
  .lp-choices label {
    display: flex;
    align-items: baseline;
    gap: var(--lp-space-2);
  }
  .lp-choices__detail {
    margin-left: var(--lp-space-1);
    color: var(--lp-color-text-muted);
    font-size: 0.85em;
  }
  .lp-choices__hint {
    color: var(--lp-color-text-muted);
    font-size: 0.85em;
  }
  ${pageHeaderStyles}
  ${listTableStyles}
  ${secretStyles}
`;
