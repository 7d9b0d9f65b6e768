import { css } from '../../ui/css.ts';

/** The conversation's styles (px only: the embedding page's rem and global font sizes never apply). */
export const chatStyles = css`
  :host {
    display: contents;
  }
  .lp-chat {
    display: flex;
    flex-direction: column;
    flex: 1 1 auto;
    min-height: 0;
    font-family: var(--lp-font-family);
    font-size: var(--lp-font-size-md);
    line-height: var(--lp-line-height);
    color: var(--lp-color-text);
    background: var(--lp-color-bg);
  }
  .lp-chat__header {
    display: flex;
    align-items: center;
    justify-content: space-between;
    gap: var(--lp-space-2);
    padding: var(--lp-space-2) var(--lp-space-3);
    background: var(--lp-color-primary-strong);
    color: var(--lp-color-on-primary);
  }
  .lp-chat__title {
    margin: 0;
    font-size: var(--lp-font-size-lg);
    font-weight: 600;
    line-height: 24px;
  }
  .lp-chat__close {
    display: inline-flex;
    align-items: center;
    justify-content: center;
    width: 32px;
    height: 32px;
    padding: 0;
    border: 0;
    border-radius: var(--lp-radius);
    background: transparent;
    color: inherit;
    cursor: pointer;
  }
  .lp-chat__close:hover {
    background: rgb(255 255 255 / 18%);
  }
  .lp-chat__log {
    flex: 1 1 auto;
    min-height: 0;
    margin: 0;
    padding: var(--lp-space-3);
    overflow-y: auto;
    list-style: none;
    background: var(--lp-color-bg-muted);
    overscroll-behavior: contain;
  }
  .lp-chat__message {
    max-width: 92%;
    margin: 0 0 var(--lp-space-3);
    padding: var(--lp-space-2) var(--lp-space-3);
    border-radius: var(--lp-radius-lg);
    background: var(--lp-color-bg);
    box-shadow: 0 1px 2px rgb(15 23 42 / 8%);
    overflow-wrap: anywhere;
  }
  .lp-chat__message--user {
    margin-inline-start: auto;
    background: var(--lp-color-primary-soft);
  }
  .lp-chat__text {
    margin: 0;
    white-space: pre-line;
  }
  .lp-chat__muted {
    color: var(--lp-color-text-muted);
    font-size: var(--lp-font-size-sm);
  }
  .lp-chat__error {
    color: var(--lp-color-danger);
  }
  .lp-chat__block {
    margin-top: var(--lp-space-2);
  }
  .lp-chat__block-head {
    display: flex;
    align-items: center;
    justify-content: space-between;
    gap: var(--lp-space-2);
  }
  .lp-chat__subtitle {
    margin: 0 0 var(--lp-space-1);
    font-size: var(--lp-font-size-md);
    font-weight: 600;
  }
  .lp-chat__questions,
  .lp-chat__categories {
    margin: 0;
    padding: 0;
    list-style: none;
  }
  .lp-chat__categories {
    display: flex;
    flex-wrap: wrap;
    gap: var(--lp-space-2);
  }
  .lp-chat .lp-button.lp-chat__question {
    justify-content: flex-start;
    width: 100%;
    min-height: 28px;
    padding: 2px 0;
    border: 0;
    background: transparent;
    color: var(--lp-color-primary-strong);
    font-size: var(--lp-font-size-md);
    line-height: 20px;
    text-align: start;
    white-space: normal;
  }
  .lp-chat .lp-button.lp-chat__question:hover {
    text-decoration: underline;
  }
  .lp-chat__answer-html {
    overflow-x: auto;
  }
  .lp-chat__answer-html :is(p, ul, ol, h4, table) {
    margin: 0 0 var(--lp-space-2);
    font-size: var(--lp-font-size-md);
  }
  .lp-chat__answer-html h4 {
    font-weight: 600;
  }
  .lp-chat__answer-html :is(ul, ol) {
    padding-inline-start: 20px;
  }
  .lp-chat__answer-html table {
    border-collapse: collapse;
  }
  .lp-chat__answer-html :is(th, td) {
    padding: 2px 6px;
    border: 1px solid var(--lp-color-border);
    font-size: var(--lp-font-size-sm);
  }
  .lp-chat__answer-html a,
  .lp-chat__phone {
    color: var(--lp-color-primary-strong);
  }
  .lp-chat__verdict {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: var(--lp-space-2);
    margin-top: var(--lp-space-2);
  }
  .lp-chat .lp-button:disabled {
    cursor: default;
    opacity: 0.6;
  }
  .lp-chat .lp-button[aria-pressed='true'] {
    border-color: var(--lp-color-primary-strong);
    color: var(--lp-color-primary-strong);
    opacity: 1;
  }
  .lp-chat__feedback {
    display: flex;
    flex-direction: column;
    gap: var(--lp-space-2);
  }
  .lp-chat__reasons {
    display: grid;
    grid-template-columns: 1fr 1fr;
    gap: var(--lp-space-1) var(--lp-space-2);
    margin: 0;
    padding: 0;
    border: 0;
  }
  .lp-chat__reason {
    display: flex;
    align-items: center;
    gap: var(--lp-space-1);
    font-size: var(--lp-font-size-sm);
  }
  .lp-chat__label {
    font-size: var(--lp-font-size-sm);
  }
  .lp-chat__textarea,
  .lp-chat__field {
    width: 100%;
    padding: var(--lp-space-1) var(--lp-space-2);
    border: 1px solid var(--lp-color-border-strong);
    border-radius: var(--lp-radius);
    background: var(--lp-color-bg);
    color: var(--lp-color-text);
    font: inherit;
    font-size: var(--lp-font-size-md);
    resize: vertical;
  }
  .lp-chat__form-foot {
    display: flex;
    align-items: center;
    justify-content: space-between;
  }
  .lp-chat__counter {
    color: var(--lp-color-text-muted);
    font-size: var(--lp-font-size-sm);
  }
  .lp-chat__input {
    display: flex;
    gap: var(--lp-space-2);
    padding: var(--lp-space-2) var(--lp-space-3);
    border-top: 1px solid var(--lp-color-border);
    background: var(--lp-color-bg);
  }
  .lp-chat__field {
    flex: 1 1 auto;
    min-width: 0;
    height: var(--lp-control-height);
  }
`;
