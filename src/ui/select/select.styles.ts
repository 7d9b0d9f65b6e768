import { css } from '../css.ts';

export const selectStyles = css`
  .lp-select {
    position: relative;
    display: inline-block;
    width: 100%;
    min-width: 120px;
  }
  .lp-select__input {
    width: 100%;
    height: var(--lp-control-height);
    padding: 0 28px 0 var(--lp-space-3);
    border: 1px solid var(--lp-color-border-strong);
    border-radius: var(--lp-radius);
    background: var(--lp-color-bg);
    color: var(--lp-color-text);
    font: inherit;
    font-size: var(--lp-font-size-md);
  }
  .lp-select__input::placeholder {
    color: var(--lp-color-text-muted);
  }
  .lp-select__input:focus {
    outline: none;
    border-color: var(--lp-color-primary);
    box-shadow: 0 0 0 2px var(--lp-color-primary-soft);
  }
  .lp-select__input[aria-invalid='true'] {
    border-color: var(--lp-color-danger);
  }
  .lp-select__input:disabled {
    background: var(--lp-color-bg-muted);
    cursor: not-allowed;
  }
  .lp-select__arrow {
    position: absolute;
    top: 50%;
    right: 10px;
    width: 8px;
    height: 8px;
    margin-top: -6px;
    border-right: 1.5px solid var(--lp-color-text-muted);
    border-bottom: 1.5px solid var(--lp-color-text-muted);
    transform: rotate(45deg);
    pointer-events: none;
  }
  .lp-select__list {
    max-height: 256px;
    margin: 0;
    padding: var(--lp-space-1) 0;
    overflow: auto;
    list-style: none;
    border: 1px solid var(--lp-color-border);
    border-radius: var(--lp-radius);
    background: var(--lp-color-bg);
    box-shadow: var(--lp-shadow);
  }
  .lp-select__option {
    padding: var(--lp-space-item) var(--lp-space-3);
    cursor: pointer;
    white-space: nowrap;
  }
  .lp-select__option[data-active] {
    background: var(--lp-color-bg-hover);
  }
  .lp-select__option[aria-selected='true'] {
    color: var(--lp-color-primary-strong);
    font-weight: 600;
  }
  .lp-select__option[aria-disabled='true'] {
    color: var(--lp-color-text-muted);
    cursor: not-allowed;
  }
  .lp-select__empty {
    padding: var(--lp-space-item) var(--lp-space-3);
    color: var(--lp-color-text-muted);
  }
`;
