import { createElement, type ReactNode } from 'react';
import { EDITOR_MODES, type EditorMode } from '../../src/contract/order-editor/schemas.ts';
import { STOCK_PARAM, stockIdsOf } from '../../src/features/inventory-table/handoff.ts';
import { OrderEditor, ORDER_CREATE_PATH, openCreatedOrder } from '../../src/features/order-editor/index.ts';
import { setPageQuery } from '../../src/stores/navigation.ts';
import { define } from '../kit/define.ts';
import { dispatch } from '../kit/events.ts';
import { ReactElement } from '../kit/react-element.ts';
import { orderEditorStyles } from './order-editor.styles.ts';

const positive = (n: number | null): number | null => (n !== null && Number.isInteger(n) && n > 0 ? n : null);

/**
 * The stock lines a new order starts with: the `stock-ids` attribute, else (in the portal, on
 * the editor's page) the address's `?stock=12,15` that the inventory page's "order the selected
 * lines" opens.
 */
function stockIdsFor(attribute: string | null): number[] {
  if (attribute) return stockIdsOf(attribute);
  const location = globalThis.location;
  if (location?.pathname !== ORDER_CREATE_PATH) return [];
  return stockIdsOf(new URLSearchParams(location.search).get(STOCK_PARAM));
}

/**
 * In the portal (the page is the editor's route), the form key goes into the address without a
 * navigation, so a reload or a crash comes back to the same form and its Idempotency-Key.
 */
function keepInAddress(formKey: string, draftId: number | null): void {
  const location = globalThis.location;
  if (location?.pathname !== ORDER_CREATE_PATH) return;
  const query = new URLSearchParams(location.search);
  if (query.get('form-key') === formKey) return;
  query.set('form-key', formKey);
  if (draftId !== null && !query.has('draft-id')) query.set('draft-id', String(draftId));
  setPageQuery(ORDER_CREATE_PATH, `?${query}`);
}

/**
 * The order editor (`/customer-order/create`): a new order, an order still pending edited
 * (`mode="edit"` with `order-id`), any order copied (`mode="copy"`), or a draft of the draft box
 * (`draft-id`). The project comes first and its configuration limits the order types, goods
 * types, temperature classes, DTP and the documents required; start and stop are picked from the
 * address book, the project's sites or contacts (text or pinyin initials) with the province →
 * city → district cascade and its served check; goods come from inventory (batch, expiry
 * warnings, at most what is available); boxes are suggested and can be changed; wanted times
 * show their time zone; documents upload with progress. A review step shows the whole order;
 * submit sends the form's Idempotency-Key (`form-key` when given), so a double click, a retry or
 * a reload make one order; then the order's view opens.
 *
 * @summary Create, edit or copy an order, with a review step and an idempotent submit.
 * @tag lp-order-editor
 *
 * @attr {'new' | 'edit' | 'copy'} mode - What the form does (default new; edit and copy need `order-id`).
 * @attr {number} order-id - The order edited or copied.
 * @attr {number} draft-id - A draft of the draft box to continue.
 * @attr {string} form-key - The form's key (a UUID, kept in the page address): also its Idempotency-Key.
 * @attr {string} stock-ids - Stock lines (`in_id`s, comma separated) a new order starts with: their project, class, goods type and lines (in the portal also read from the address's `?stock=`, which the inventory page's "order the selected lines" opens).
 * @attr {string} api-base - Base URL of the API for the page's calls (default: `LP_CONFIG.apiBase`, else `/api`).
 * @attr {'zh-CN' | 'en'} locale - Language of the page's elements (default: the user's saved choice, else zh-CN).
 *
 * @event {CustomEvent<{ title: string }>} lp-page-title - A title for the page's tab by mode (New Order, Edit Order, Copy Order).
 * @event {CustomEvent<{ dirty: boolean }>} lp-form-dirty - Something was typed (true), or it was submitted or saved (false).
 * @event {CustomEvent<{ id: number; order_no: string; status: string }>} lp-order-created - The order was made or the edit saved (cancelable; unless cancelled the element opens `/customer-order/view/{id}` in its tab).
 *
 * @csspart base - The wrapper of the element's content.
 *
 * @cssproperty --lp-color-primary - Theme colour (default #0095A2).
 */
export class LpOrderEditor extends ReactElement {
  static override properties = {
    mode: 'string',
    orderId: 'number',
    draftId: 'number',
    formKey: 'string',
    stockIds: 'string',
  } as const;
  static override styles = orderEditorStyles;

  declare mode: string | null;
  declare orderId: number | null;
  declare draftId: number | null;
  declare formKey: string | null;
  declare stockIds: string | null;

  #saver: (() => Promise<unknown>) | null = null;
  #discarder: (() => Promise<unknown>) | null = null;
  /** The form key the editor took (asked for by `form-key`, or made when it opened). */
  #adopted: string | null = null;
  /** The form key part of the React key: changes only when another form is asked for. */
  #keyPart = '';

  /** The leave prompt's "save draft": stores what was typed in the draft box. */
  saveDraft(): Promise<unknown> {
    return this.#saver ? this.#saver() : Promise.resolve(null);
  }

  /** The leave prompt's "leave without saving": drops the form kept in the browser and the draft box. */
  discardDraft(): Promise<unknown> {
    return this.#discarder ? this.#discarder() : Promise.resolve(null);
  }

  protected render(): ReactNode {
    const mode: EditorMode = (EDITOR_MODES as readonly string[]).includes(this.mode ?? '')
      ? (this.mode as EditorMode)
      : 'new';
    const orderId = positive(this.orderId);
    const draftId = positive(this.draftId);
    // The editor puts its own key in the address; only another form's key opens another form.
    if (this.formKey && this.formKey !== this.#adopted) this.#keyPart = this.formKey;
    return createElement(OrderEditor, {
      key: `${mode}:${orderId}:${draftId}:${this.#keyPart}`,
      mode: orderId === null ? 'new' : mode,
      orderId,
      draftId,
      formKey: this.formKey,
      stockIds: stockIdsFor(this.stockIds),
      onTitle: (title) => dispatch(this, 'lp-page-title', { title }),
      onDirty: (dirty) => dispatch(this, 'lp-form-dirty', { dirty }),
      onSaver: (save) => {
        this.#saver = save;
      },
      onDiscarder: (discard) => {
        this.#discarder = discard;
      },
      onFormKey: (formKey, fromDraft) => {
        this.#adopted = formKey;
        keepInAddress(formKey, fromDraft);
      },
      onCreated: (answer, edited) => {
        if (dispatch(this, 'lp-order-created', answer, { cancelable: true }))
          openCreatedOrder(answer, edited);
      },
    });
  }
}

define('lp-order-editor', LpOrderEditor);

declare global {
  interface HTMLElementTagNameMap {
    'lp-order-editor': LpOrderEditor;
  }
  interface GlobalEventHandlersEventMap {
    'lp-page-title': CustomEvent<{ title: string }>;
    'lp-form-dirty': CustomEvent<{ dirty: boolean }>;
    'lp-order-created': CustomEvent<{ id: number; order_no: string; status: string }>;
  }
}
