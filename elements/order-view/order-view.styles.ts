import { css } from '../../src/ui/css.ts';

/** Own rules of `<lp-order-view>` and its waybill (tokens and UI kit are adopted before them). */
export const orderViewStyles = css`
  :host {
    display: block;
    min-width: 0;
  }
  .order-view {
    display: flex;
    flex-direction: column;
    gap: var(--lp-space-4);
    min-width: 0;
  }
  .order-view__sr {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip-path: inset(50%);
    white-space: nowrap;
  }
  .order-view__muted {
    color: var(--lp-color-text-muted);
  }
  .order-view__error {
    color: var(--lp-color-danger);
  }
  .order-view__notice {
    padding: var(--lp-space-2) var(--lp-space-3);
    border-radius: var(--lp-radius);
    background: var(--lp-color-bg-muted);
  }
  .order-view__header {
    display: flex;
    flex-direction: column;
    gap: var(--lp-space-3);
  }
  .order-view__heading {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: var(--lp-space-2);
  }
  .order-view__title {
    margin: 0 var(--lp-space-2) 0 0;
    font-size: var(--lp-font-size-xl);
    font-variant-numeric: tabular-nums;
    overflow-wrap: anywhere;
  }
  .order-view__subtitle {
    margin: 0 0 var(--lp-space-2);
    font-size: var(--lp-font-size-md);
  }
  .order-view__badge {
    display: inline-block;
    padding: 1px var(--lp-space-2);
    border: 1px solid var(--lp-color-border);
    border-radius: 999px;
    background: var(--lp-color-bg-muted);
    color: var(--lp-color-text);
    font-size: var(--lp-font-size-sm);
    white-space: nowrap;
  }
  .order-view__badge--pending_approval,
  .order-view__badge--pending_confirm,
  .order-view__badge--docs-pending,
  .order-view__badge--attach-pending,
  .order-view__badge--excursion-low {
    border-color: #f0c36d;
    background: #fff6e0;
    color: #6b4500;
  }
  .order-view__badge--not_finished {
    border-color: #8cc8ff;
    background: #e7f3ff;
    color: #0b4f8a;
  }
  .order-view__badge--finished,
  .order-view__badge--docs-approved,
  .order-view__badge--attach-approved,
  .order-view__badge--excursion-none {
    border-color: #8ed1a5;
    background: #e8f7ee;
    color: #1d5e33;
  }
  .order-view__badge--cancelled {
    color: var(--lp-color-text-muted);
  }
  .order-view__badge--docs-missing,
  .order-view__badge--docs-rejected,
  .order-view__badge--attach-rejected,
  .order-view__badge--excursion-medium,
  .order-view__badge--excursion-high {
    border-color: #f1a3a3;
    background: #fdecec;
    color: #8a1c1c;
  }
  .order-view__progress {
    display: flex;
    flex-wrap: wrap;
    gap: var(--lp-space-1) var(--lp-space-3);
    margin: 0;
    padding: 0;
    list-style: none;
  }
  .order-view__step {
    display: flex;
    align-items: center;
    gap: var(--lp-space-1);
    color: var(--lp-color-text-muted);
    font-size: var(--lp-font-size-sm);
  }
  .order-view__step-dot {
    width: 10px;
    height: 10px;
    border: 2px solid var(--lp-color-border-strong);
    border-radius: 50%;
  }
  .order-view__step--done {
    color: var(--lp-color-text);
  }
  .order-view__step--done .order-view__step-dot {
    border-color: var(--lp-color-primary-strong);
    background: var(--lp-color-primary-strong);
  }
  .order-view__step[aria-current='step'] {
    font-weight: 600;
  }
  .order-view__actions {
    display: flex;
    flex-wrap: wrap;
    gap: var(--lp-space-2);
  }
  .order-view__actions a.lp-button {
    display: inline-flex;
    align-items: center;
    text-decoration: none;
  }
  .order-view__facts {
    margin: 0;
  }
  .order-view__facts--grid {
    display: grid;
    grid-template-columns: repeat(auto-fill, minmax(min(100%, 150px), 1fr));
    gap: var(--lp-space-2) var(--lp-space-4);
  }
  .order-view__fact {
    display: flex;
    gap: var(--lp-space-2);
    min-width: 0;
    padding: 2px 0;
  }
  .order-view__facts--grid .order-view__fact {
    flex-direction: column;
    gap: 0;
  }
  .order-view__fact dt {
    flex: none;
    min-width: 5em;
    color: var(--lp-color-text-muted);
  }
  .order-view__fact dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
  .order-view__overview {
    display: flex;
    flex-direction: column;
    gap: var(--lp-space-4);
  }
  .order-view__parties {
    display: grid;
    grid-template-columns: repeat(auto-fit, minmax(260px, 1fr));
    gap: var(--lp-space-4);
  }
  .order-view__party {
    padding: var(--lp-space-3);
    border: 1px solid var(--lp-color-border);
    border-radius: var(--lp-radius);
  }
  .order-view__masked-note {
    margin: 0 0 var(--lp-space-2);
    padding: var(--lp-space-1) var(--lp-space-2);
    border-left: 3px solid var(--lp-color-warning);
    background: var(--lp-color-bg-muted);
    font-size: var(--lp-font-size-sm);
  }
  .order-view__table-wrap {
    max-width: 100%;
    overflow-x: auto;
  }
  .order-view__table-wrap:focus-visible {
    outline: 2px solid var(--lp-color-primary);
    outline-offset: 2px;
  }
  .order-view__table-wrap--scroll {
    max-height: 360px;
    overflow-y: auto;
  }
  .order-view__table {
    width: 100%;
    border-collapse: collapse;
    font-size: var(--lp-font-size-sm);
  }
  .order-view__table th,
  .order-view__table td {
    padding: var(--lp-space-1) var(--lp-space-2);
    border-bottom: 1px solid var(--lp-color-border);
    text-align: start;
    white-space: nowrap;
  }
  .order-view__table th {
    background: var(--lp-color-bg-muted);
    font-weight: 600;
  }
  .order-view__table .order-view__num {
    text-align: end;
    font-variant-numeric: tabular-nums;
  }
  .order-view__plain-list {
    display: flex;
    flex-direction: column;
    gap: var(--lp-space-2);
    margin: 0;
    padding: 0;
    list-style: none;
  }
  .order-view__timeline {
    margin: 0;
    padding: 0 0 0 var(--lp-space-3);
    border-left: 2px solid var(--lp-color-border);
    list-style: none;
  }
  .order-view__event {
    display: flex;
    flex-wrap: wrap;
    gap: 0 var(--lp-space-3);
    padding: var(--lp-space-2) 0;
  }
  .order-view__event-time {
    flex: none;
    min-width: 9.5em;
    color: var(--lp-color-text-muted);
    font-variant-numeric: tabular-nums;
  }
  .order-view__event-body {
    flex: 1 1 16em;
    min-width: 0;
    overflow-wrap: anywhere;
  }
  /* the track's route: a schematic, no map (docs: src/features/order-view/route.ts). Stops in a
     row, a dot on the road each; a phone-wide box puts them one under another. */
  .order-route {
    container-type: inline-size;
    display: flex;
    flex-direction: column;
    gap: var(--lp-space-3);
    margin-bottom: var(--lp-space-4);
  }
  .order-route__line {
    display: flex;
    margin: 0;
    padding: var(--lp-space-2) 0;
    list-style: none;
  }
  .order-route__stop {
    position: relative;
    flex: 1 1 0;
    min-width: 0;
    padding: 30px var(--lp-space-1) 0;
    text-align: center;
  }
  .order-route__dot {
    position: absolute;
    z-index: 1;
    top: 4px;
    left: calc(50% - 9px);
    box-sizing: border-box;
    width: 18px;
    height: 18px;
    border: 3px solid var(--lp-color-primary-strong);
    border-radius: 50%;
    background: var(--lp-color-bg);
  }
  .order-route__stop[data-state='passed'] .order-route__dot {
    background: var(--lp-color-primary-strong);
  }
  .order-route__stop[data-state='current'] .order-route__dot {
    background: var(--lp-color-primary-strong);
    box-shadow:
      0 0 0 3px var(--lp-color-bg),
      0 0 0 6px var(--lp-color-primary);
  }
  .order-route__stop[data-state='ahead'] .order-route__dot {
    border-color: var(--lp-color-border-strong);
  }
  /* the road from this stop's dot to the next one's: solid where the goods went, dashed ahead */
  .order-route__stop[data-next]::after {
    content: '';
    position: absolute;
    top: 11px;
    left: 50%;
    width: 100%;
    height: 4px;
    background: var(--lp-color-primary-strong);
  }
  .order-route__stop[data-next='ahead']::after {
    background: repeating-linear-gradient(
      90deg,
      var(--lp-color-border-strong) 0 8px,
      transparent 8px 14px
    );
  }
  .order-route__text {
    display: flex;
    flex-direction: column;
    align-items: center;
    gap: 2px;
    overflow-wrap: anywhere;
  }
  .order-route__role,
  .order-route__fact {
    color: var(--lp-color-text-muted);
    font-size: var(--lp-font-size-sm);
  }
  .order-route__here {
    margin-inline-start: var(--lp-space-1);
    padding: 0 var(--lp-space-2);
    border-radius: 9px;
    background: var(--lp-color-primary-strong);
    color: var(--lp-color-on-primary);
    white-space: nowrap;
  }
  .order-route__stop[data-state='ahead'] .order-route__place {
    color: var(--lp-color-text-muted);
  }
  .order-route__risk {
    display: inline-flex;
    align-items: center;
    gap: 4px;
    padding: 0 var(--lp-space-2);
    border: 1px solid;
    border-radius: 9px;
    font-size: var(--lp-font-size-sm);
    font-weight: 600;
    white-space: nowrap;
  }
  .order-route__risk[data-risk='late'] {
    color: var(--lp-color-danger);
    background: color-mix(in srgb, var(--lp-color-danger) 8%, #fff);
  }
  .order-route__risk[data-risk='silent'] {
    color: var(--lp-color-warning);
    background: color-mix(in srgb, var(--lp-color-warning) 8%, #fff);
  }
  .order-route__points > summary {
    cursor: pointer;
    color: var(--lp-color-primary-strong);
  }
  @container (max-width: 560px) {
    .order-route__line {
      flex-direction: column;
    }
    .order-route__stop {
      padding: 0 0 var(--lp-space-4) 34px;
      text-align: start;
    }
    .order-route__dot {
      left: 2px;
    }
    .order-route__stop[data-next]::after {
      top: 11px;
      bottom: -11px;
      left: 9px;
      width: 4px;
      height: auto;
    }
    .order-route__stop[data-next='ahead']::after {
      background: repeating-linear-gradient(
        180deg,
        var(--lp-color-border-strong) 0 8px,
        transparent 8px 14px
      );
    }
    .order-route__text {
      align-items: flex-start;
    }
  }
  .order-view__signature {
    margin-top: 0.25em;
    padding-left: 0.5em;
    border-left: 3px solid var(--lp-color-primary);
  }
  .order-view__signature-earlier {
    color: var(--lp-color-danger);
  }
  .order-view__sign {
    display: grid;
    gap: 0.75em;
  }
  .order-view__changes {
    margin: 4px 0 0;
    padding-left: 1.2em;
    color: var(--lp-color-text-muted);
  }
  .order-view__chart {
    margin: 0;
  }
  .order-view__chart-box {
    width: 100%;
    min-height: 260px;
    overflow: hidden;
  }
  .order-view__attachment,
  .order-view__remark,
  .order-view__apply-item {
    display: flex;
    flex-wrap: wrap;
    align-items: flex-start;
    justify-content: space-between;
    gap: var(--lp-space-2);
    padding: var(--lp-space-2) var(--lp-space-3);
    border: 1px solid var(--lp-color-border);
    border-radius: var(--lp-radius);
  }
  .order-view__remark,
  .order-view__apply-item {
    display: block;
  }
  .order-view__attachment-main {
    flex: 1 1 14em;
    min-width: 0;
    overflow-wrap: anywhere;
  }
  .order-view__attachment-actions {
    display: flex;
    flex-wrap: wrap;
    gap: var(--lp-space-2);
  }
  .order-view__remark-text {
    margin: var(--lp-space-1) 0 0;
    white-space: pre-wrap;
    overflow-wrap: anywhere;
  }
  .order-view__form {
    display: flex;
    flex-direction: column;
    gap: var(--lp-space-3);
    margin-top: var(--lp-space-3);
  }
  .order-view__remark-form {
    align-items: flex-start;
  }
  .order-view__remark-form > :not(button) {
    align-self: stretch;
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
  .order-view__share-form {
    flex-direction: row;
    flex-wrap: wrap;
    align-items: flex-end;
    margin-top: 0;
  }
  .order-view__share-made {
    display: flex;
    flex-direction: column;
    gap: var(--lp-space-2);
    margin-top: var(--lp-space-3);
    padding: var(--lp-space-3);
    border: 1px solid var(--lp-color-border);
    border-radius: var(--lp-radius);
  }
  .order-view__share-row {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: var(--lp-space-2);
  }
  .order-view__share-label {
    flex: 0 0 96px;
    color: var(--lp-color-text-muted);
  }
  .order-view__share-code {
    font-family: ui-monospace, 'SFMono-Regular', Menlo, Consolas, monospace;
    font-size: 24px;
    font-weight: 600;
    letter-spacing: 2px;
    user-select: all;
  }
  .order-view__share-link {
    flex: 1 1 240px;
    min-width: 0;
    font-family: ui-monospace, 'SFMono-Regular', Menlo, Consolas, monospace;
  }
  .order-view__share-copied:empty {
    display: none;
  }
  .order-view__share-copied {
    margin: 0;
    color: var(--lp-color-success);
  }
  .order-view__share-list {
    margin-top: var(--lp-space-4);
  }
  .order-view__share-hint {
    margin: 0 0 var(--lp-space-2);
    font-size: var(--lp-font-size-sm);
  }
  .order-view__share-state--active {
    color: var(--lp-color-success);
  }
  .order-view__share-state--revoked {
    color: var(--lp-color-danger);
  }
  .order-view__share-state--expired {
    color: var(--lp-color-text-muted);
  }
  .order-view__email-frame {
    width: 100%;
    height: 280px;
    border: 1px solid var(--lp-color-border);
    border-radius: var(--lp-radius);
    background: #fff;
  }
  .order-view__reload {
    display: flex;
    justify-content: flex-end;
  }
  .order-view__tabs [role='tablist'] {
    overflow-x: auto;
  }

  /* The waybill: on screen a sheet of A4 proportions; printed, the page itself. */
  .waybill__toolbar {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: var(--lp-space-2);
    margin-bottom: var(--lp-space-3);
  }
  .waybill__count {
    color: var(--lp-color-text-muted);
  }
  .waybill__missing {
    margin: 0 0 var(--lp-space-3);
    color: var(--lp-color-danger);
  }
  /* the list's bulk print: one waybill after another on screen, one per page on paper */
  .waybill + .waybill {
    margin-top: var(--lp-space-4);
  }
  .waybill {
    box-sizing: border-box;
    width: 100%;
    max-width: 210mm;
    padding: 10mm;
    border: 1px solid var(--lp-color-border);
    background: #fff;
    color: #000;
    font-size: 12px;
  }
  .waybill__head {
    display: flex;
    flex-wrap: wrap;
    justify-content: space-between;
    gap: var(--lp-space-3);
    padding-bottom: var(--lp-space-3);
    border-bottom: 2px solid #000;
  }
  .waybill__title {
    margin: 0 0 var(--lp-space-1);
    font-size: 22px;
  }
  .waybill__codes {
    display: flex;
    align-items: flex-start;
    gap: var(--lp-space-3);
  }
  .waybill__barcode-box {
    text-align: center;
  }
  .waybill__barcode {
    display: block;
    width: 62mm;
    max-width: 100%;
    height: 15mm;
  }
  .waybill__order-no {
    font-family: ui-monospace, monospace;
    font-size: 14px;
    letter-spacing: 1px;
  }
  .waybill__qr-box {
    width: 26mm;
    text-align: center;
  }
  .waybill__qr {
    display: block;
    width: 26mm;
    height: 26mm;
  }
  .waybill__qr-hint,
  .waybill__note {
    font-size: 10px;
  }
  .waybill__parties {
    display: grid;
    grid-template-columns: 1fr 1fr;
    border-bottom: 1px solid #000;
  }
  .waybill__party {
    padding: var(--lp-space-2);
    overflow-wrap: anywhere;
  }
  .waybill__party + .waybill__party {
    border-left: 1px solid #000;
  }
  .waybill__label {
    margin: 0 0 var(--lp-space-1);
    font-size: 11px;
    text-transform: uppercase;
  }
  .waybill__company {
    font-size: 14px;
    font-weight: 600;
  }
  .waybill__facts {
    display: flex;
    flex-wrap: wrap;
    gap: var(--lp-space-4);
    margin: var(--lp-space-2) 0;
  }
  .waybill__facts dt {
    font-size: 10px;
  }
  .waybill__facts dd {
    margin: 0;
  }
  .waybill .order-view__block {
    margin-top: var(--lp-space-2);
  }
  .waybill .order-view__table th {
    background: #eee;
    color: #000;
  }
  .waybill .order-view__table th,
  .waybill .order-view__table td {
    border-bottom-color: #000;
    white-space: normal;
  }
  .waybill__signatures {
    display: grid;
    grid-template-columns: repeat(3, 1fr);
    gap: var(--lp-space-4);
    margin-top: 14mm;
  }
  .waybill__line {
    height: 10mm;
    border-bottom: 1px solid #000;
  }
  .waybill__line--date {
    height: 7mm;
  }
  @media (max-width: 600px) {
    .waybill {
      padding: var(--lp-space-3);
    }
    .waybill__parties,
    .waybill__signatures {
      grid-template-columns: 1fr;
    }
    .waybill__party + .waybill__party {
      border-left: 0;
      border-top: 1px solid #000;
    }
  }
  @media print {
    .waybill__toolbar,
    .waybill__missing {
      display: none;
    }
    .waybill + .waybill {
      margin-top: 0;
      break-before: page;
    }
    .waybill {
      max-width: none;
      padding: 0;
      border: 0;
    }
    .waybill__parties {
      grid-template-columns: 1fr 1fr;
    }
    .waybill__signatures {
      grid-template-columns: repeat(3, 1fr);
    }
    .waybill__party + .waybill__party {
      border-top: 0;
      border-left: 1px solid #000;
    }
    .waybill table {
      page-break-inside: auto;
    }
    .waybill tr {
      page-break-inside: avoid;
    }
  }
`;
