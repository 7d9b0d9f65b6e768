import { persistenceStyles } from '../../src/features/order-editor/persistence.styles.ts';
import { css } from '../../src/ui/css.ts';

/** Own rules of `<lp-order-editor>` (tokens and UI kit are adopted before them). */
export const orderEditorStyles = `${persistenceStyles}${css`
  :host {
    display: block;
    min-width: 0;
    container-type: inline-size;
  }
  .oe {
    display: flex;
    flex-direction: column;
    gap: var(--lp-space-4);
    max-width: 1100px;
    min-width: 0;
  }
  .oe__header {
    display: flex;
    flex-direction: column;
    gap: var(--lp-space-1);
  }
  .oe__title {
    margin: 0;
    font-size: var(--lp-font-size-xl);
    font-weight: 600;
  }
  .oe__subtitle {
    margin: 0;
    font-size: var(--lp-font-size-lg);
    font-weight: 600;
  }
  .oe__muted {
    margin: 0;
    color: var(--lp-color-text-muted);
  }
  .oe__note {
    margin: 0;
    padding: var(--lp-space-2) var(--lp-space-3);
    border-radius: var(--lp-radius);
    background: var(--lp-color-bg-muted);
    color: var(--lp-color-warning);
  }
  .oe__alert {
    margin: 0;
    padding: var(--lp-space-2) var(--lp-space-3);
    border: 1px solid var(--lp-color-danger);
    border-radius: var(--lp-radius);
    color: var(--lp-color-danger);
  }
  .oe__form {
    display: flex;
    flex-direction: column;
    gap: var(--lp-space-4);
  }
  .oe__form[hidden] {
    display: none;
  }
  .oe__section {
    display: flex;
    flex-direction: column;
    gap: var(--lp-space-3);
    min-width: 0;
    margin: 0;
    padding: var(--lp-space-4);
    border: 1px solid var(--lp-color-border);
    border-radius: var(--lp-radius-lg);
  }
  .oe__legend {
    padding: 0 var(--lp-space-1);
    font-weight: 600;
  }
  .oe__grid {
    display: grid;
    grid-template-columns: repeat(auto-fill, minmax(220px, 1fr));
    gap: var(--lp-space-3);
  }
  .oe__grid--wide {
    grid-template-columns: 1fr;
  }
  .oe__region {
    margin: 0;
    padding: 0;
    border: 0;
    min-width: 0;
  }
  .oe__region-legend {
    padding: 0;
    margin-bottom: var(--lp-space-1);
    font-size: var(--lp-font-size-md);
  }
  .oe__region-row {
    display: grid;
    grid-template-columns: repeat(3, minmax(0, 1fr));
    gap: var(--lp-space-3);
  }
  .oe__served {
    margin: var(--lp-space-1) 0 0;
    color: var(--lp-color-success);
  }
  .oe__unserved {
    margin: var(--lp-space-1) 0 0;
    color: var(--lp-color-danger);
  }
  .oe__results,
  .oe__boxes,
  .oe__uploads,
  .oe__files {
    display: flex;
    flex-direction: column;
    gap: var(--lp-space-2);
    margin: 0;
    padding: 0;
    list-style: none;
  }
  .oe__result {
    display: grid;
    grid-template-columns: minmax(0, 2fr) minmax(0, 3fr) auto;
    align-items: center;
    gap: var(--lp-space-2);
    padding: var(--lp-space-2);
    border-radius: var(--lp-radius);
    background: var(--lp-color-bg-muted);
  }
  .oe__table {
    width: 100%;
    border-collapse: collapse;
  }
  .oe__table th,
  .oe__table td {
    padding: var(--lp-space-2);
    border-bottom: 1px solid var(--lp-color-border);
    text-align: start;
    vertical-align: top;
  }
  .oe__quantity {
    width: 100px;
  }
  .oe__warning {
    color: var(--lp-color-warning);
    font-weight: 600;
  }
  .oe__warning--expired,
  .oe__held {
    color: var(--lp-color-danger);
  }
  .oe__held {
    display: block;
    font-weight: 600;
  }
  .oe__actions-row {
    display: flex;
    flex-wrap: wrap;
    align-items: flex-end;
    gap: var(--lp-space-2);
  }
  .oe__box,
  .oe__file,
  .oe__upload {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: var(--lp-space-2);
  }
  .oe__box-label {
    min-width: 80px;
  }
  .oe__box .lp-input {
    flex: 1 1 200px;
    max-width: 320px;
  }
  .oe__footer {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    justify-content: flex-end;
    gap: var(--lp-space-3);
  }
  .oe__review {
    display: grid;
    grid-template-columns: repeat(auto-fill, minmax(300px, 1fr));
    gap: var(--lp-space-3);
  }
  .oe__review-step {
    display: flex;
    flex-direction: column;
    gap: var(--lp-space-3);
  }
  .oe__review-block {
    padding: var(--lp-space-3);
    border: 1px solid var(--lp-color-border);
    border-radius: var(--lp-radius-lg);
  }
  .oe__review-block h3 {
    margin: 0 0 var(--lp-space-2);
    font-size: var(--lp-font-size-md);
  }
  .oe__review-block dl,
  .oe__review-block ul,
  .oe__review-block p {
    margin: 0;
  }
  .oe__review-row {
    display: grid;
    grid-template-columns: 120px minmax(0, 1fr);
    gap: var(--lp-space-2);
  }
  .oe__review-row dt {
    color: var(--lp-color-text-muted);
  }
  .oe__review-row dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
  @container (max-width: 600px) {
    .oe__section {
      padding: var(--lp-space-3);
    }
    .oe__region-row {
      grid-template-columns: 1fr;
    }
    .oe__result {
      grid-template-columns: 1fr;
    }
    .oe__table thead {
      display: none;
    }
    .oe__table tr {
      display: grid;
      grid-template-columns: 1fr 1fr;
      padding-block: var(--lp-space-2);
      border-bottom: 1px solid var(--lp-color-border);
    }
    .oe__table td {
      border: 0;
      padding: var(--lp-space-1);
    }
    .oe__table td[data-label]::before {
      content: attr(data-label);
      display: block;
      color: var(--lp-color-text-muted);
      font-size: var(--lp-font-size-sm);
    }
    .oe__result .lp-button {
      justify-self: start;
    }
  }
  .oe__body {
    display: flex;
    flex-direction: column;
    gap: var(--lp-space-4);
    min-width: 0;
    margin: 0;
    padding: 0;
    border: 0;
  }
`}`;
