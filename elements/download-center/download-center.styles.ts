import { css } from '../../src/ui/css.ts';

/** Own rules of `<lp-download-center>` (tokens and UI kit are adopted before them). */
export const downloadCenterStyles = css`
  :host {
    display: block;
    min-width: 0;
  }
  .download-center {
    display: flex;
    flex-direction: column;
    gap: var(--lp-space-3);
  }
  .download-center__header,
  .download-center__footer {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    justify-content: space-between;
    gap: var(--lp-space-2);
  }
  .download-center__title {
    margin: 0;
    font-size: 1.25rem;
  }
  .download-center__intro,
  .download-center__live {
    margin: 0;
  }
  .download-center__live:empty {
    display: none;
  }
  .download-center__muted,
  .download-center__meta {
    color: var(--lp-color-text-muted);
  }
  .download-center__list {
    display: flex;
    flex-direction: column;
    gap: var(--lp-space-2);
    margin: 0;
    padding: 0;
    list-style: none;
  }
  .download-center__job {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    justify-content: space-between;
    gap: var(--lp-space-2);
    padding: var(--lp-space-3);
    border: 1px solid var(--lp-color-border);
    border-radius: var(--lp-radius, 4px);
  }
  .download-center__main {
    display: flex;
    flex: 1 1 16rem;
    flex-direction: column;
    gap: var(--lp-space-1);
    min-width: 0;
  }
  .download-center__name {
    font-weight: 500;
    overflow-wrap: anywhere;
  }
  .download-center__status--failed {
    color: var(--lp-color-danger);
  }
  .download-center__status--done {
    color: var(--lp-color-success);
  }
  .download-center__progress {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: var(--lp-space-2);
  }
  .download-center__progress progress {
    flex: 1 1 8rem;
    max-width: 20rem;
  }
  .download-center__actions {
    display: flex;
    flex-wrap: wrap;
    gap: var(--lp-space-2);
  }
  .download-center__actions a {
    text-decoration: none;
  }
`;
