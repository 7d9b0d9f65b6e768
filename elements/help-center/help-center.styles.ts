import { css } from '../../src/ui/css.ts';

/** Own rules of `<lp-help-center>` (tokens and the UI kit come first). */
export const helpCenterStyles = css`
  :host {
    display: block;
    min-width: 0;
  }
  .help {
    display: flex;
    flex-direction: column;
    gap: var(--lp-space-3);
  }
  .help :is(h1, h2, h3, p) {
    margin: 0;
  }
  .help__head {
    display: flex;
    flex-direction: column;
    gap: var(--lp-space-2);
  }
  .help__title {
    font-size: 1.25rem;
  }
  .help__intro,
  .help__count,
  .help__pick {
    color: var(--lp-color-text-muted);
  }
  .help__search {
    display: flex;
    flex-direction: column;
    gap: var(--lp-space-1);
    max-width: 640px;
  }
  .help__search-label {
    font-weight: 600;
  }
  .help__search-row {
    display: flex;
    gap: var(--lp-space-2);
    align-items: center;
  }
  .help__search-input {
    flex: 1;
    min-width: 0;
  }
  .help__body {
    display: grid;
    grid-template-columns: minmax(180px, 240px) minmax(0, 1fr);
    gap: var(--lp-space-4);
    align-items: start;
  }
  .help__topics {
    display: flex;
    flex-direction: column;
    gap: var(--lp-space-2);
    padding: var(--lp-space-3);
    border: 1px solid var(--lp-color-border);
    border-radius: var(--lp-radius);
  }
  .help__topics-title {
    font-size: 1rem;
  }
  .help__topic-list,
  .help__questions {
    display: flex;
    flex-direction: column;
    gap: var(--lp-space-1);
    margin: 0;
    padding: 0;
    list-style: none;
  }
  .help__topic-link,
  .help__question,
  .help__back {
    display: block;
    padding: var(--lp-space-1) var(--lp-space-2);
    border-radius: var(--lp-radius);
    color: var(--lp-color-primary-strong);
    text-decoration: none;
    overflow-wrap: anywhere;
  }
  .help__back {
    display: inline-block;
    padding-inline: 0;
  }
  .help__topic-link:hover,
  .help__question:hover,
  .help__back:hover {
    text-decoration: underline;
  }
  .help__topic-link[aria-current='page'] {
    background: var(--lp-color-primary-soft);
    font-weight: 600;
  }
  .help a:focus-visible {
    outline: 2px solid var(--lp-color-primary-strong);
    outline-offset: 2px;
  }
  .help__content {
    display: flex;
    flex-direction: column;
    gap: var(--lp-space-4);
    min-width: 0;
  }
  .help__topic,
  .help__results,
  .help__answer,
  .help__related {
    display: flex;
    flex-direction: column;
    gap: var(--lp-space-2);
  }
  .help__topic > h2,
  .help__results > h2 {
    font-size: 1rem;
  }
  .help__related > h3 {
    font-size: 1rem;
  }
  .help__answer-title {
    font-size: 1.125rem;
  }
  .help__answer-title:focus {
    outline: none;
  }
  .help__related {
    padding-top: var(--lp-space-3);
    border-top: 1px solid var(--lp-color-border);
  }
  .lp-chat__answer-html {
    overflow-x: auto;
    line-height: 1.6;
  }
  .lp-chat__answer-html :is(p, ul, ol, h4, table) {
    margin: 0 0 var(--lp-space-2);
  }
  .lp-chat__answer-html :is(ul, ol) {
    padding-inline-start: 24px;
  }
  .lp-chat__answer-html table {
    border-collapse: collapse;
  }
  .lp-chat__answer-html :is(th, td) {
    padding: 4px 8px;
    border: 1px solid var(--lp-color-border);
    text-align: start;
  }
  .lp-chat__answer-html a {
    color: var(--lp-color-primary-strong);
  }
  .help__helpful {
    display: flex;
    flex-direction: column;
    gap: var(--lp-space-2);
    padding: var(--lp-space-3);
    border-radius: var(--lp-radius);
    background: var(--lp-color-bg-muted);
  }
  .help__helpful-ask {
    margin: 0;
    padding: 0;
    border: 0;
    min-width: 0;
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: var(--lp-space-2);
  }
  .help__helpful-legend {
    float: left;
    padding: 0;
    margin-inline-end: var(--lp-space-2);
  }
  .help__thanks:empty {
    display: none;
  }
  .help__chat {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: var(--lp-space-2) var(--lp-space-3);
    padding: var(--lp-space-3);
    border: 1px dashed var(--lp-color-border);
    border-radius: var(--lp-radius);
  }
  @media (max-width: 720px) {
    .help__body {
      grid-template-columns: minmax(0, 1fr);
    }
    .help__topics {
      padding: var(--lp-space-2);
    }
    .help__topic-list {
      flex-direction: row;
      flex-wrap: wrap;
    }
    .help__topic-link {
      border: 1px solid var(--lp-color-border);
    }
  }
`;
