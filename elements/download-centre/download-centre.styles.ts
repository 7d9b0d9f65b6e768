import { css } from '../../src/ui/css.ts';

/** Own rules of `<lp-download-centre>` (tokens and UI kit are adopted before them). */
export const downloadCentreStyles = css`
  :host {
    display: block;
    min-width: 0;
  }
  .download-centre {
    display: flex;
    flex-direction: column;
    gap: var(--lp-space-3);
  }
  .download-centre__header,
  .download-centre__footer {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    justify-content: space-between;
    gap: var(--lp-space-2);
  }
  .download-centre__title {
    margin: 0;
    font-size: 1.25rem;
  }
  .download-centre__intro,
  .download-centre__live {
    margin: 0;
  }
  .download-centre__live:empty {
    display: none;
  }
  .download-centre__muted,
  .download-centre__meta {
    color: var(--lp-color-text-muted);
  }
  .download-centre__list {
    display: flex;
    flex-direction: column;
    gap: var(--lp-space-2);
    margin: 0;
    padding: 0;
    list-style: none;
  }
  .download-centre__job {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    justify-content: space-between;
    gap: var(--lp-space-2);
    padding: var(--lp-space-3);
    border: 1px solid var(--lp-color-border);
    border-radius: var(--lp-radius, 4px);
  }
  .download-centre__main {
    display: flex;
    flex: 1 1 16rem;
    flex-direction: column;
    gap: var(--lp-space-1);
    min-width: 0;
  }
  .download-centre__name {
    font-weight: 500;
    overflow-wrap: anywhere;
  }
  .download-centre__status--failed {
    color: var(--lp-color-danger);
  }
  .download-centre__status--done {
    color: var(--lp-color-success);
  }
  .download-centre__progress {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: var(--lp-space-2);
  }
  .download-centre__progress progress {
    flex: 1 1 8rem;
    max-width: 20rem;
  }
  .download-centre__actions {
    display: flex;
    flex-wrap: wrap;
    gap: var(--lp-space-2);
  }
  .download-centre__actions a {
    text-decoration: none;
  }
`;
