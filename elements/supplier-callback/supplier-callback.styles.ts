import { css } from '../../src/ui/css.ts';

/** Own rules of `<lp-supplier-callback>` (tokens and UI kit are adopted before them). */
export const supplierCallbackStyles = css`
  :host {
    display: block;
    min-width: 0;
  }
  .supplier {
    display: flex;
    flex-direction: column;
    gap: var(--lp-space-4);
  }
  .supplier__header {
    display: flex;
    flex-direction: column;
    gap: var(--lp-space-2);
  }
  .supplier__title {
    margin: 0;
    font-size: 20px;
    line-height: 1.3;
  }
  .supplier__intro,
  .supplier__once {
    margin: 0;
  }
  .supplier__muted,
  .supplier__once {
    color: var(--lp-color-text-muted);
  }
  .supplier__task {
    display: flex;
    flex-direction: column;
    gap: var(--lp-space-3);
  }
  .supplier__facts {
    display: grid;
    grid-template-columns: repeat(auto-fit, minmax(13em, 1fr));
    gap: var(--lp-space-2) var(--lp-space-4);
    margin: 0;
  }
  .supplier__fact {
    display: flex;
    flex-direction: column;
    gap: 2px;
    min-width: 0;
  }
  .supplier__fact dt {
    color: var(--lp-color-text-muted);
    font-size: 13px;
  }
  .supplier__fact dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
  .supplier__fact a {
    color: var(--lp-color-primary-strong);
  }
  .supplier__order-no {
    font-family: var(--lp-font-mono, ui-monospace, monospace);
    font-weight: 600;
  }
  .supplier__parties {
    display: grid;
    grid-template-columns: repeat(auto-fit, minmax(16em, 1fr));
    gap: var(--lp-space-3);
  }
  .supplier__party {
    padding: var(--lp-space-3);
    border: 1px solid var(--lp-color-border);
    border-radius: var(--lp-radius, 4px);
    min-width: 0;
  }
  .supplier__party .supplier__facts {
    grid-template-columns: 1fr;
  }
  .supplier__party-title {
    margin: 0 0 var(--lp-space-2);
    font-size: var(--lp-font-size-lg);
  }
  .supplier__masked {
    margin: 0 0 var(--lp-space-2);
    color: var(--lp-color-text-muted);
    font-size: 13px;
  }
  .supplier__form {
    display: flex;
    flex-direction: column;
    gap: var(--lp-space-3);
    padding-top: var(--lp-space-3);
    border-top: 1px solid var(--lp-color-border);
  }
  .supplier__choices {
    display: flex;
    flex-wrap: wrap;
    gap: var(--lp-space-2);
    margin: 0;
    padding: 0;
    border: 0;
    min-width: 0;
  }
  .supplier__legend {
    margin-bottom: var(--lp-space-2);
    padding: 0;
    font-weight: 600;
  }
  .supplier__choice {
    display: flex;
    flex: 1 1 12em;
    align-items: center;
    gap: var(--lp-space-2);
    min-height: 44px;
    padding: var(--lp-space-2) var(--lp-space-3);
    border: 1px solid var(--lp-color-border);
    border-radius: var(--lp-radius, 4px);
    cursor: pointer;
  }
  .supplier__choice:has(input:checked) {
    border-color: var(--lp-color-primary);
    box-shadow: inset 0 0 0 1px var(--lp-color-primary);
  }
  .supplier__choice input {
    width: 18px;
    height: 18px;
    margin: 0;
    accent-color: var(--lp-color-primary);
  }
  .supplier__choice input:focus-visible {
    outline: 2px solid var(--lp-color-primary);
    outline-offset: 2px;
  }
  .supplier__send {
    align-self: flex-start;
    min-height: 44px;
  }
  .supplier__result:focus {
    outline: none;
  }
  .supplier__result:empty {
    display: none;
  }
  .supplier__notice {
    padding: var(--lp-space-3) var(--lp-space-4);
    border: 1px solid var(--lp-color-border);
    border-left-width: 4px;
    border-radius: var(--lp-radius, 4px);
  }
  .supplier__notice p {
    margin: var(--lp-space-1) 0 0;
  }
  .supplier__notice--ok {
    border-left-color: var(--lp-color-success);
  }
  .supplier__notice--info {
    border-left-color: var(--lp-color-primary);
  }
  .supplier__notice--warn {
    border-left-color: var(--lp-color-warning, #d48806);
  }
  .supplier__notice-title {
    margin: 0;
    font-size: var(--lp-font-size-lg);
  }
  .supplier__decision p:first-child {
    margin-top: var(--lp-space-2);
  }
  @media (max-width: 480px) {
    .supplier__send {
      align-self: stretch;
    }
  }
`;
