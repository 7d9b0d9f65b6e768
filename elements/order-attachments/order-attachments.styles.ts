import { css } from '../../src/ui/css.ts';

/** Own rules of `<lp-order-attachments>` (tokens and UI kit are adopted before them). */
export const orderAttachmentsStyles = css`
  :host {
    display: block;
    min-width: 0;
    container-type: inline-size;
  }
  .oa {
    display: flex;
    flex-direction: column;
    gap: var(--lp-space-3);
    min-width: 0;
  }
  .oa__title {
    margin: 0;
    font-size: var(--lp-font-size-xl);
    font-weight: 600;
  }
  .oa__intro {
    margin: 0;
    color: var(--lp-color-text-muted);
  }
  .oa__count {
    display: inline-block;
    min-width: 1.5em;
    margin-inline-start: var(--lp-space-1);
    padding: 0 6px;
    border-radius: 999px;
    background: var(--lp-color-bg-muted);
    font-size: var(--lp-font-size-sm);
    text-align: center;
  }
  .oa__list {
    display: flex;
    flex-direction: column;
    gap: var(--lp-space-3);
    padding-block: var(--lp-space-3);
  }
  .oa__row {
    display: flex;
    flex-direction: column;
    gap: var(--lp-space-2);
    min-width: 0;
    padding: var(--lp-space-3) var(--lp-space-4);
    border: 1px solid var(--lp-color-border);
    border-radius: var(--lp-radius-lg);
    background: var(--lp-color-bg);
  }
  .oa__row-head {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: var(--lp-space-2);
  }
  .oa__order-no {
    margin: 0;
    font-size: var(--lp-font-size-lg);
    font-weight: 600;
    overflow-wrap: anywhere;
  }
  .oa__facts {
    display: grid;
    grid-template-columns: repeat(auto-fit, minmax(220px, 1fr));
    gap: var(--lp-space-1) var(--lp-space-4);
    margin: 0;
  }
  .oa__facts div {
    display: flex;
    gap: var(--lp-space-2);
    min-width: 0;
  }
  .oa__facts dt {
    flex: none;
    color: var(--lp-color-text-muted);
  }
  .oa__facts dd {
    margin: 0;
    min-width: 0;
    overflow-wrap: anywhere;
  }
  .oa__subhead {
    margin: var(--lp-space-1) 0 0;
    font-size: var(--lp-font-size-md);
    font-weight: 600;
  }
  .oa__kinds,
  .oa__files,
  .oa__queue {
    display: flex;
    flex-direction: column;
    gap: var(--lp-space-1);
    margin: 0;
    padding: 0;
    list-style: none;
  }
  .oa__kinds {
    flex-direction: row;
    flex-wrap: wrap;
  }
  .oa__kind {
    display: inline-flex;
    flex-wrap: wrap;
    align-items: center;
    gap: var(--lp-space-1);
    padding: 2px var(--lp-space-2);
    border: 1px solid var(--lp-color-border);
    border-radius: var(--lp-radius);
    max-width: 100%;
  }
  .oa__kind--rejected,
  .oa__kind--missing {
    border-color: var(--lp-color-danger);
  }
  .oa__badge {
    display: inline-block;
    padding: 0 6px;
    border-radius: var(--lp-radius);
    font-size: var(--lp-font-size-sm);
    line-height: 20px;
    white-space: nowrap;
  }
  .oa__badge--missing,
  .oa__badge--rejected {
    background: #fdecea;
    color: #a8281e;
  }
  .oa__badge--pending {
    background: #fff4e0;
    color: #7a4b00;
  }
  .oa__badge--approved {
    background: #e6f4ea;
    color: #1e6b34;
  }
  .oa__reason {
    flex-basis: 100%;
    color: #a8281e;
    font-size: var(--lp-font-size-sm);
    overflow-wrap: anywhere;
  }
  .oa__file {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: var(--lp-space-1) var(--lp-space-2);
    padding-block: var(--lp-space-1);
    border-bottom: 1px solid var(--lp-color-border);
  }
  .oa__file-name {
    min-width: 0;
    font-weight: 500;
    overflow-wrap: anywhere;
  }
  .oa__file-meta,
  .oa__muted {
    margin: 0;
    color: var(--lp-color-text-muted);
    font-size: var(--lp-font-size-sm);
  }
  .oa__file-actions {
    display: inline-flex;
    gap: var(--lp-space-1);
  }
  .oa__staged {
    min-width: 0;
    margin: var(--lp-space-2) 0 0;
    padding: var(--lp-space-2) var(--lp-space-3);
    border: 1px solid var(--lp-color-border);
    border-radius: var(--lp-radius);
  }
  .oa__staged legend {
    padding: 0 var(--lp-space-1);
  }
  .oa__staged-list {
    margin: var(--lp-space-2) 0;
    padding: 0;
    list-style: none;
  }
  .oa__staged-file {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    justify-content: space-between;
    gap: var(--lp-space-2);
    padding: var(--lp-space-1) 0;
  }
  .oa__staged-actions {
    display: flex;
    gap: var(--lp-space-2);
  }
  .oa__upload {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: var(--lp-space-2);
    padding-top: var(--lp-space-2);
  }
  .oa__kind-picker {
    display: inline-flex;
    align-items: center;
    gap: var(--lp-space-2);
  }
  .oa__select {
    height: var(--lp-control-height);
    max-width: 100%;
    padding: 0 var(--lp-space-2);
    border: 1px solid var(--lp-color-border-strong);
    border-radius: var(--lp-radius);
    background: var(--lp-color-bg);
    color: var(--lp-color-text);
    font: inherit;
  }
  .oa__select:focus-visible {
    outline: none;
    box-shadow: var(--lp-focus-ring);
  }
  .oa__file-input {
    display: none;
  }
  .oa__accept {
    flex-basis: 100%;
  }
  .oa__queued {
    display: grid;
    grid-template-columns: minmax(0, 1fr) minmax(80px, 160px);
    align-items: center;
    gap: 2px var(--lp-space-2);
  }
  .oa__queued-name {
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  .oa__progress {
    width: 100%;
    accent-color: var(--lp-color-primary-strong);
  }
  .oa__queued-state {
    grid-column: 1 / -1;
    color: var(--lp-color-text-muted);
    font-size: var(--lp-font-size-sm);
  }
  .oa__queued--failed .oa__queued-state {
    color: #a8281e;
  }
  .oa__queued--done .oa__queued-state {
    color: #1e6b34;
  }
  .oa__loading {
    padding: var(--lp-space-4) 0;
  }

  /* a phone's width: the three tabs and the cards fit without sideways scrolling */
  @container (max-width: 480px) {
    .lp-tabs__tab {
      padding-inline: var(--lp-space-2);
    }
    .oa__row {
      padding: var(--lp-space-3);
    }
    .oa__kind-picker {
      flex-wrap: wrap;
    }
  }
`;
