import { css } from '../../src/ui/css.ts';
import { pageHeaderStyles } from '../../src/ui/page-header/page-header.styles.ts';
import { excursionBadgeStyles } from '../excursion-list/excursion-badges.styles.ts';

/**
 * The order view's signing dialog (src/features/order-view/sign-dialog.tsx) as this page shows
 * it: its form, fieldsets and radios keep the order view's class names.
 */
const signDialogStyles = css`
  .order-view__form {
    display: flex;
    flex-direction: column;
    gap: var(--lp-space-3);
    margin-top: var(--lp-space-3);
  }
  .order-view__fieldset {
    display: flex;
    flex-direction: column;
    gap: var(--lp-space-2);
    margin: 0;
    padding: var(--lp-space-2) var(--lp-space-3);
    border: 1px solid var(--lp-color-border);
    border-radius: var(--lp-radius);
  }
  .order-view__fieldset--inline {
    flex-direction: row;
    flex-wrap: wrap;
  }
  .order-view__radio {
    display: inline-flex;
    align-items: center;
    gap: var(--lp-space-1);
    min-height: 24px;
  }
  .order-view__sign {
    display: grid;
    gap: 0.75em;
  }
  .order-view__muted {
    color: var(--lp-color-text-muted);
  }
  .order-view__error {
    color: var(--lp-color-danger);
  }
`;

/** Own rules of `<lp-excursion-case>` (tokens and the UI kit come first). */
export const excursionCaseStyles = css`
  :host {
    display: block;
    min-width: 0;
  }
  .excursion-case {
    display: flex;
    flex-direction: column;
    gap: var(--lp-space-3);
    overflow-wrap: anywhere;
  }
  ${pageHeaderStyles}
  ${excursionBadgeStyles}
  ${signDialogStyles}
  .exc-error {
    color: var(--lp-color-danger);
  }
  .exc-panel {
    display: flex;
    flex-direction: column;
    gap: var(--lp-space-2);
    padding: var(--lp-space-3);
    border: 1px solid var(--lp-color-border);
    border-radius: var(--lp-radius);
    background: var(--lp-color-bg);
  }
  .exc-title {
    margin: 0;
    font-size: 1.15em;
  }
  .exc-subtitle {
    margin: var(--lp-space-2) 0 0;
    font-size: 1em;
  }
  .exc-facts,
  .exc-figures {
    display: grid;
    grid-template-columns: repeat(auto-fill, minmax(11em, 1fr));
    gap: var(--lp-space-2) var(--lp-space-4);
    margin: 0;
  }
  .exc-facts dt,
  .exc-figures dt {
    color: var(--lp-color-text-muted);
    font-size: 0.9em;
  }
  .exc-facts dd,
  .exc-figures dd {
    margin: 0;
  }
  .exc-figures dd {
    font-size: 1.4em;
    font-weight: 600;
    font-variant-numeric: tabular-nums;
  }
  .exc-route {
    display: block;
    font-size: 0.9em;
  }
  .exc-proposal {
    margin: 0;
    padding: var(--lp-space-2) var(--lp-space-3);
    border-left: 4px solid var(--lp-color-success);
    background: color-mix(in srgb, var(--lp-color-success) 8%, #fff);
    font-weight: 600;
  }
  .exc-decision {
    border-left: 4px solid var(--lp-color-primary);
  }
  .exc-decision p {
    margin: 0;
  }
  .exc-signature {
    padding-left: 0.5em;
    border-left: 3px solid var(--lp-color-primary);
  }
  .exc-chart {
    margin: 0;
  }
  .exc-chart__box {
    width: 100%;
    min-height: 260px;
    overflow: hidden;
  }
  .exc-episodes,
  .exc-earlier {
    margin: 0;
    padding-left: 1.25em;
  }
  .exc-lines,
  .exc-bands,
  .exc-timeline {
    list-style: none;
    margin: 0;
    padding: 0;
    display: flex;
    flex-direction: column;
    gap: var(--lp-space-3);
  }
  .exc-line {
    display: flex;
    flex-direction: column;
    gap: var(--lp-space-2);
    padding-bottom: var(--lp-space-3);
    border-bottom: 1px solid var(--lp-color-border);
  }
  .exc-line:last-child {
    border-bottom: 0;
    padding-bottom: 0;
  }
  .exc-line__head {
    display: flex;
    flex-wrap: wrap;
    align-items: baseline;
    gap: var(--lp-space-2);
  }
  .exc-line__name {
    margin: 0;
    font-size: 1em;
  }
  .exc-bands {
    gap: var(--lp-space-2);
  }
  .exc-band__head {
    margin: 0 0 var(--lp-space-1);
  }
  .exc-bar {
    display: grid;
    grid-template-columns: minmax(8em, 14em) minmax(6em, 1fr) minmax(10em, max-content);
    align-items: center;
    gap: var(--lp-space-1) var(--lp-space-3);
    font-size: 0.95em;
  }
  .exc-bar__track {
    height: 0.75em;
    border-radius: 999px;
    background: var(--lp-color-bg-muted);
    border: 1px solid var(--lp-color-border);
    overflow: hidden;
  }
  .exc-bar__fill {
    display: block;
    height: 100%;
    background: var(--lp-color-primary);
  }
  .exc-bar--over .exc-bar__fill {
    background: var(--lp-color-danger);
  }
  .exc-bar__text {
    font-variant-numeric: tabular-nums;
  }
  .exc-bar__over,
  .exc-unbudgeted {
    color: var(--lp-color-danger);
  }
  .exc-unbudgeted {
    margin: 0;
  }
  .exc-event {
    display: flex;
    flex-wrap: wrap;
    gap: var(--lp-space-1) var(--lp-space-3);
    padding-left: var(--lp-space-2);
    border-left: 3px solid var(--lp-color-border);
  }
  .exc-event--decided {
    border-left-color: var(--lp-color-primary);
  }
  .exc-event__at {
    flex: 0 0 9.5em;
    color: var(--lp-color-text-muted);
    font-variant-numeric: tabular-nums;
  }
  .exc-event__body {
    flex: 1 1 16em;
    min-width: 0;
  }
  .exc-event__text,
  .exc-event__file {
    margin: 0.25em 0 0;
    white-space: pre-wrap;
  }
  .exc-form {
    display: flex;
    flex-direction: column;
    align-items: flex-start;
    gap: var(--lp-space-2);
  }
  .exc-form > :not(button) {
    align-self: stretch;
  }
  .exc-form--inline {
    flex-direction: row;
    flex-wrap: wrap;
    align-items: flex-end;
  }
  .exc-form--inline > :not(button) {
    align-self: auto;
  }
  .exc-field {
    display: flex;
    flex-direction: column;
    gap: var(--lp-space-1);
    min-width: min(20em, 100%);
  }
  .exc-fieldset {
    display: flex;
    flex-wrap: wrap;
    gap: var(--lp-space-2) var(--lp-space-4);
    margin: 0;
    padding: var(--lp-space-2) var(--lp-space-3);
    border: 1px solid var(--lp-color-border);
    border-radius: var(--lp-radius);
  }
  .exc-radio {
    display: inline-flex;
    align-items: center;
    gap: var(--lp-space-1);
    min-height: 24px;
  }
  @container (max-width: 600px) {
    .exc-bar {
      grid-template-columns: 1fr;
    }
  }
  @media (max-width: 600px) {
    .exc-bar {
      grid-template-columns: 1fr;
    }
  }
`;
