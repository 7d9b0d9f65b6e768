import { css } from '../css.ts';

/** Form fields (label, control, message, help) and the rules checklist. */
export const formStyles = css`
  .lp-field {
    display: flex;
    flex-direction: column;
    gap: var(--lp-space-1);
    margin-bottom: var(--lp-space-4);
  }
  .lp-field__label-row {
    display: flex;
    align-items: baseline;
    justify-content: space-between;
    gap: var(--lp-space-2);
  }
  .lp-field__label {
    font-size: var(--lp-font-size-md);
    font-weight: 500;
  }
  .lp-field__required {
    margin-right: 2px;
    color: var(--lp-color-danger);
  }
  .lp-field__aside {
    color: var(--lp-color-text-muted);
    font-size: var(--lp-font-size-sm);
  }
  .lp-field__error,
  .lp-field__hint,
  .lp-field__status {
    margin: 0;
    font-size: var(--lp-font-size-sm);
    line-height: 1.4;
  }
  .lp-field__row {
    display: flex;
    gap: var(--lp-space-2);
  }
  .lp-field__row > .lp-input {
    flex: 1;
    min-width: 0;
  }
  .lp-field__row > :not(.lp-input) {
    flex: none;
  }
  .lp-field__status {
    color: var(--lp-color-success);
  }
  .lp-field__error {
    color: var(--lp-color-danger);
  }
  .lp-field__hint {
    color: var(--lp-color-text-muted);
  }
  .lp-input {
    width: 100%;
    height: var(--lp-control-height);
    padding: 0 var(--lp-space-3);
    border: 1px solid var(--lp-color-border-strong);
    border-radius: var(--lp-radius);
    background: var(--lp-color-bg);
    color: var(--lp-color-text);
    font: inherit;
    font-size: var(--lp-font-size-md);
  }
  textarea.lp-input {
    height: auto;
    min-height: 72px;
    padding: var(--lp-space-item) var(--lp-space-3);
    resize: vertical;
  }
  .lp-input:focus {
    outline: none;
    border-color: var(--lp-color-primary);
    box-shadow: 0 0 0 2px var(--lp-color-primary-soft);
  }
  .lp-input[aria-invalid='true'] {
    border-color: var(--lp-color-danger);
  }
  .lp-input[aria-invalid='true']:focus {
    /* the red border replaces the focus colour: keep the focus visible with a red ring */
    box-shadow: 0 0 0 3px color-mix(in srgb, var(--lp-color-danger) 30%, #fff);
  }
  .lp-input:disabled,
  .lp-input:read-only {
    background: var(--lp-color-bg-muted);
  }
  .lp-checklist {
    display: grid;
    gap: 2px;
    margin: 0;
    padding: 0;
    list-style: none;
  }
  .lp-checklist__item {
    display: flex;
    gap: var(--lp-space-2);
    align-items: baseline;
  }
  .lp-checklist__mark {
    flex: none;
    width: 1em;
    text-align: center;
    font-weight: 600;
  }
  .lp-checklist__item[data-met] {
    color: var(--lp-color-success);
  }
  .lp-checklist__detail {
    display: block;
    font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
    letter-spacing: 0.08em;
    overflow-wrap: anywhere;
  }
`;
