import { css } from 'lit';

/**
 * Sizes in px only: the embedding page's `rem`, `em` and global rules never reach inside. A page
 * rule such as `* { font-size: 30px }` still matches the host element itself (page rules beat
 * `:host`), so every size is set again on `.root`, which all the rest inherits from. Custom
 * properties (`--lp-*`) do cross, on purpose: they are the theme.
 */
export const orderStatusStyles = css`
  :host {
    all: initial;
    display: block;
    contain: content;
  }
  :host([hidden]) {
    display: none;
  }
  *,
  *::before,
  *::after {
    box-sizing: border-box;
  }
  .root {
    display: block;
    max-width: 720px;
    padding: 16px;
    border: 1px solid var(--lp-color-border, #d5dbe1);
    border-radius: var(--lp-radius, 8px);
    background: var(--lp-color-bg, #fff);
    color: var(--lp-color-text, #1f2933);
    font-family: var(--lp-font-family, system-ui, -apple-system, 'Segoe UI', 'PingFang SC', sans-serif);
    font-size: 14px;
    font-weight: 400;
    line-height: 20px;
    letter-spacing: normal;
    text-align: start;
    text-transform: none;
    word-break: normal;
    overflow-wrap: anywhere;
  }
  h2,
  h3,
  p,
  dl,
  dd,
  ol,
  ul,
  figure,
  fieldset {
    margin: 0;
    padding: 0;
    border: 0;
  }
  h2 {
    font-size: 18px;
    line-height: 26px;
    font-weight: 600;
  }
  h3 {
    font-size: 15px;
    line-height: 22px;
    font-weight: 600;
  }
  h2:focus {
    outline: none;
  }
  h2:focus-visible {
    outline: 2px solid var(--lp-color-primary, #0095a2);
    outline-offset: 2px;
  }
  button,
  input,
  select {
    font: inherit;
    line-height: 20px;
    color: inherit;
    margin: 0;
  }
  input:not([type='radio']),
  select {
    height: 36px;
    padding: 7px 10px;
    border: 1px solid var(--lp-color-border-strong, #8a949e);
    border-radius: var(--lp-radius-sm, 4px);
    background: var(--lp-color-bg, #fff);
    min-width: 0;
  }
  input[aria-invalid='true'] {
    border-color: var(--lp-color-danger, #c92a2a);
  }
  input[type='radio'] {
    width: 16px;
    height: 16px;
    margin: 0 6px 0 0;
    accent-color: var(--lp-color-primary, #0095a2);
  }
  :is(input, select, button, summary):focus-visible {
    outline: 2px solid var(--lp-color-primary, #0095a2);
    outline-offset: 1px;
  }
  button {
    display: inline-flex;
    align-items: center;
    justify-content: center;
    gap: 6px;
    min-height: 36px;
    padding: 7px 14px;
    border: 1px solid var(--lp-color-primary-strong, #00747e);
    border-radius: var(--lp-radius-sm, 4px);
    background: var(--lp-color-bg, #fff);
    color: var(--lp-color-primary-strong, #00747e);
    cursor: pointer;
  }
  button.primary {
    background: var(--lp-color-primary-strong, #00747e);
    color: var(--lp-color-on-primary, #fff);
  }
  button:disabled {
    opacity: 0.6;
    cursor: default;
  }
  .visually-hidden {
    position: absolute;
    width: 1px;
    height: 1px;
    margin: -1px;
    padding: 0;
    overflow: hidden;
    clip-path: inset(50%);
    white-space: nowrap;
    border: 0;
  }
  .muted {
    color: var(--lp-color-text-muted, #56606a);
  }

  /* the lookup form */
  form {
    display: grid;
    gap: 14px;
  }
  .field {
    display: grid;
    gap: 4px;
  }
  .field label,
  legend {
    font-weight: 600;
  }
  legend {
    padding: 0;
    margin-bottom: 4px;
  }
  .factors {
    display: flex;
    flex-wrap: wrap;
    gap: 4px 18px;
  }
  .factors label {
    display: inline-flex;
    align-items: center;
    font-weight: 400;
    cursor: pointer;
  }
  .hint {
    font-size: 12px;
    line-height: 16px;
    color: var(--lp-color-text-muted, #56606a);
  }
  .error {
    font-size: 13px;
    line-height: 18px;
    color: var(--lp-color-danger, #c92a2a);
  }
  .captcha {
    display: grid;
    gap: 10px;
  }
  .captcha-row {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 8px;
  }
  .captcha-row img {
    display: block;
    /* as large as the sign-in's: its characters readable at a glance (the image is 360 × 120) */
    width: 180px;
    height: 60px;
    border: 1px solid var(--lp-color-border, #d5dbe1);
    border-radius: var(--lp-radius-sm, 4px);
    background: #f4f6f8;
  }
  button.link {
    justify-self: start;
    min-height: 24px;
    padding: 0;
    border: 0;
    text-decoration: underline;
  }
  .notice:empty {
    display: none;
  }
  .notice {
    padding: 8px 12px;
    border-left: 4px solid var(--lp-color-danger, #c92a2a);
    background: var(--lp-color-danger-bg, #fff5f5);
  }
  .notice.info {
    border-left-color: var(--lp-color-primary, #0095a2);
    background: var(--lp-color-info-bg, #eef9fa);
  }
  .actions {
    display: flex;
    flex-wrap: wrap;
    gap: 8px;
    align-items: center;
  }

  /* the status */
  .view {
    display: grid;
    gap: 18px;
  }
  .status {
    display: grid;
    gap: 10px;
  }
  .headline {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 8px;
  }
  .badge {
    display: inline-flex;
    align-items: center;
    gap: 4px;
    padding: 2px 10px;
    border-radius: 999px;
    border: 1px solid currentColor;
    font-size: 13px;
    line-height: 18px;
    font-weight: 600;
  }
  .badge.status {
    color: var(--lp-color-primary-strong, #00747e);
  }
  .badge.status-cancelled {
    color: #56606a;
  }
  .badge.excursion-none {
    color: #2b6a2e;
  }
  .badge.excursion-low,
  .badge.excursion-medium {
    color: #8a4b00;
  }
  .badge.excursion-high {
    color: var(--lp-color-danger, #c92a2a);
  }
  dl.facts {
    display: grid;
    grid-template-columns: repeat(auto-fill, minmax(200px, 1fr));
    gap: 10px 16px;
  }
  dl.facts div {
    display: grid;
    gap: 2px;
  }
  dt {
    font-size: 12px;
    line-height: 16px;
    color: var(--lp-color-text-muted, #56606a);
  }
  dd {
    font-weight: 500;
  }

  /* the timeline */
  .timeline-head {
    display: flex;
    flex-wrap: wrap;
    align-items: end;
    justify-content: space-between;
    gap: 8px 16px;
    margin-bottom: 10px;
  }
  .zone {
    display: grid;
    gap: 4px;
    font-size: 12px;
    line-height: 16px;
    color: var(--lp-color-text-muted, #56606a);
  }
  .zone select {
    max-width: 100%;
    font-size: 14px;
    color: var(--lp-color-text, #1f2933);
  }
  ol.steps {
    list-style: none;
    display: grid;
    gap: 0;
  }
  .step {
    position: relative;
    display: grid;
    grid-template-columns: 20px 1fr;
    column-gap: 10px;
    padding-bottom: 14px;
  }
  .step:last-child {
    padding-bottom: 0;
  }
  .step::before {
    content: '';
    position: absolute;
    left: 9px;
    top: 18px;
    bottom: 0;
    width: 2px;
    background: var(--lp-color-border, #d5dbe1);
  }
  .step:last-child::before {
    display: none;
  }
  .step.reached::before {
    background: var(--lp-color-primary, #0095a2);
  }
  .dot {
    width: 14px;
    height: 14px;
    margin: 3px;
    border-radius: 50%;
    border: 2px solid var(--lp-color-border-strong, #8a949e);
    background: var(--lp-color-bg, #fff);
  }
  .reached .dot {
    border-color: var(--lp-color-primary, #0095a2);
    background: var(--lp-color-primary, #0095a2);
  }
  .step-label {
    font-weight: 600;
  }
  .todo .step-label {
    font-weight: 400;
    color: var(--lp-color-text-muted, #56606a);
  }
  .step-when {
    grid-column: 2;
    font-size: 13px;
    line-height: 18px;
    color: var(--lp-color-text-muted, #56606a);
  }
  .current-mark {
    margin-left: 6px;
    font-size: 12px;
    color: var(--lp-color-primary-strong, #00747e);
  }

  /* the temperature section's own rules come with its chunk (temperature-panel.ts) */
  .chart {
    display: grid;
    gap: 10px;
  }
  .footer {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    justify-content: space-between;
    gap: 8px;
    font-size: 12px;
    line-height: 16px;
  }
  @media (max-width: 479.98px) {
    .root {
      padding: 12px;
    }
    dl.facts {
      grid-template-columns: 1fr;
    }
  }
`;
