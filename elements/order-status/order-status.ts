import { html, LitElement, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { keyed } from 'lit/directives/keyed.js';
import { isApiError } from '../../src/api/errors.ts';
import { Code } from '../../src/contract/codes.ts';
import type { Operation } from '../../src/contract/operation.ts';
import { ORDER_NO } from '../../src/contract/orders/domain.ts';
import * as api from '../../src/contract/tracking/operations.ts';
import {
  type LookupAnswer,
  type LookupRequest,
  SHARE_TOKEN,
  type TrackedTemperature,
  type Tracking,
} from '../../src/contract/tracking/schemas.ts';
import { $locale } from '../../src/i18n/locale.ts';
import { en, zh } from '../../src/i18n/messages/tracking.ts';
import { define } from '../kit/define.ts';
import { dispatch } from '../kit/events.ts';
import { applyPageAttribute } from '../kit/page-attributes.ts';
import { StoreController } from '../kit/store-controller.ts';
import { StatusFollower, type ReadResult } from './follow.ts';
import { LiveView } from './live-view.ts';
import { orderStatusStyles } from './order-status.styles.ts';
import { type TrackingKey, translatorOf } from './strings.ts';
import { formatTime, isZone, viewerZone, zoneChoices, zoneOffset } from './time-zones.ts';
import { trackingCall } from './tracking-client.ts';

/** The chart chunk's API (temperature-panel.ts), loaded by "Show temperature" only. */
type TemperatureModule = typeof import('./temperature-panel.ts');
type ChartHandle = import('./temperature-panel.ts').ChartHandle;
/** The captcha chunk (captcha-panel.ts: the image, or a code by SMS), loaded when the server first asks for one. */
type CaptchaModule = typeof import('./captcha-panel.ts');
type CaptchaPanel = import('./captcha-panel.ts').CaptchaPanel;

type Factor = 'phone' | 'code';
type FieldName = 'order_no' | 'phone4' | 'share_code' | 'captcha';
/** A message above the form's button (or the view's failure). */
type Notice = '' | 'notFound' | 'tooMany' | 'failed' | 'gone' | 'captchaHint' | 'captchaWrong';

interface ChartState {
  state: 'loading' | 'ready' | 'failed';
  data: TrackedTemperature | null;
}

const STATUS_HEADING = 'status-heading';

/**
 * An order's status for people outside the portal (a site's pharmacist, a lab, the sponsor):
 * status, milestone timeline in a chosen time zone, expected delivery, excursion, and on demand
 * the temperature chart. Opens a share link's signed token (`share-code`) without asking
 * anything; otherwise looks the order up by its number and a second factor (the last 4 digits
 * of the recipient's phone, or a share code), with a captcha after repeated failures. While
 * shown it follows the status (every 15 s, backing off to 2 min; never while the page is hidden)
 * and announces a change politely. Parties are masked by the server (company and city at most).
 *
 * @summary Order tracking: lookup, status, timeline, temperature on demand.
 * @tag lp-order-status
 *
 * @attr {string} api-base - Base URL of the API (default: `LP_CONFIG.apiBase`, else `/api`).
 * @attr {'zh-CN' | 'en'} locale - Language (default: the page's language, else zh-CN).
 * @attr {string} order-no - The order number (with a short `share-code`: looked up at once; alone: prefills the form).
 * @attr {string} share-code - A share link's signed token (opens the status, no question asked) or a short share code (with `order-no`).
 * @attr {string} time-zone - IANA time zone of the times shown (default: the viewer's); the viewer may pick another.
 *
 * @event {CustomEvent<{ order_no: string; status: string }>} lp-order-status-load - A status was opened (lookup or share link).
 * @event {CustomEvent<{ order_no: string; status: string; milestone: string }>} lp-order-status-change - The followed status changed.
 *
 * @csspart root - The element's box (border, padding, background).
 * @csspart form - The lookup form.
 * @csspart status - The status block (order number, status, excursion, parties, times).
 * @csspart timeline - The milestone timeline with its time-zone select.
 * @csspart chart - The temperature section (button, chart, text and table).
 * @csspart button - Every button.
 *
 * @cssproperty --lp-color-primary - Theme colour (default #0095A2).
 * @cssproperty --lp-color-primary-strong - Buttons and links (default #00747E).
 * @cssproperty --lp-color-on-primary - Text on the primary button (default #fff).
 * @cssproperty --lp-color-text - Text colour (default #1F2933).
 * @cssproperty --lp-color-text-muted - Secondary text (default #56606A).
 * @cssproperty --lp-color-bg - Background (default #fff).
 * @cssproperty --lp-color-border - Borders and the timeline's line (default #D5DBE1).
 * @cssproperty --lp-color-danger - Errors and severe excursions (default #C92A2A).
 * @cssproperty --lp-font-family - Font (default the system UI font).
 * @cssproperty --lp-radius - Corner radius of the box (default 8px).
 * @cssproperty --lp-radius-sm - Corner radius of fields and buttons (default 4px).
 */
export class LpOrderStatus extends LitElement {
  static override styles = orderStatusStyles;
  static override properties = {
    apiBase: { attribute: 'api-base' },
    locale: {},
    orderNo: { attribute: 'order-no' },
    shareCode: { attribute: 'share-code' },
    timeZone: { attribute: 'time-zone' },
    tracking: { state: true },
  };

  declare apiBase: string | null;
  declare locale: string | null;
  declare orderNo: string | null;
  declare shareCode: string | null;
  declare timeZone: string | null;
  /** The status shown (null: the form, or a lookup under way). */
  declare tracking: Tracking | null;

  readonly #locale = new StoreController(this, $locale);
  #view = '';
  #busy = false;
  /** A lookup from the attributes is under way (the form is not shown meanwhile). */
  #opening = false;
  #factor: Factor = 'phone';
  #errors: Partial<Record<FieldName, string>> = {};
  #notice: Notice = '';
  /** The captcha the server asks for (null: none asked). */
  #captcha: CaptchaPanel | null = null;
  #captchaModule: Promise<CaptchaModule> | null = null;
  /** The zone the viewer picked (null: the attribute's, else the viewer's own). */
  #pickedZone: string | null = null;
  #announcement = '';
  #chartOpen = false;
  #chart: ChartState | null = null;
  #chartModule: Promise<TemperatureModule> | null = null;
  #chartHandle: ChartHandle | null = null;
  #chartZone = '';
  #chartObserver: ResizeObserver | null = null;
  #request: AbortController | null = null;
  readonly #follower = new StatusFollower((signal) => this.#readStatus(signal));
  /** The order on the live stream: a change told reads the status at once (the poll stays, as a fallback). */
  readonly #live = new LiveView(() => this.#follower.readNow());

  constructor() {
    super();
    this.apiBase = null;
    this.locale = null;
    this.orderNo = null;
    this.shareCode = null;
    this.timeZone = null;
    this.tracking = null;
  }

  #t = (key: TrackingKey, params?: Record<string, string | number>) =>
    translatorOf(this.#locale.value === 'en' ? en : zh)(key, params);

  /** The zone times are shown in. */
  get zone(): string {
    return this.#pickedZone ?? (isZone(this.timeZone) ? this.timeZone : viewerZone());
  }

  override connectedCallback(): void {
    super.connectedCallback();
    if (this.tracking && this.#view) {
      this.#follower.start();
      this.#live.start(this.#view);
    }
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#follower.stop();
    this.#live.stop();
    this.#request?.abort();
    this.#dropChart();
    this.#dropCaptcha();
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('apiBase')) applyPageAttribute('api-base', this.apiBase);
    if (changed.has('locale')) applyPageAttribute('locale', this.locale);
    if (changed.has('timeZone')) this.#pickedZone = null;
    if (changed.has('orderNo') || changed.has('shareCode')) this.#fromAttributes();
  }

  /** What the attributes ask for: open a link's token, look up number + code, or the form. */
  #fromAttributes(): void {
    const code = this.shareCode?.trim() ?? '';
    const orderNo = this.orderNo?.trim().toUpperCase() ?? '';
    this.#factor = code ? 'code' : 'phone';
    if (SHARE_TOKEN.test(code)) void this.#lookup(api.open, { share_code: code }, 'link');
    else if (code && ORDER_NO.test(orderNo))
      void this.#lookup(api.lookup, { order_no: orderNo, share_code: code }, 'attributes');
    else this.#showForm('');
  }

  #showForm(notice: Notice): void {
    this.#follower.stop();
    this.#live.stop();
    this.#dropChart();
    this.#chartOpen = false;
    this.tracking = null;
    this.#view = '';
    this.#notice = notice;
    this.requestUpdate();
  }

  async #lookup(
    op: typeof api.open | typeof api.lookup,
    input: LookupRequest | { share_code: string },
    from: 'link' | 'attributes' | 'form',
  ): Promise<void> {
    this.#request?.abort();
    const request = new AbortController();
    this.#request = request;
    this.#busy = true;
    this.#opening = from !== 'form';
    this.#notice = '';
    this.requestUpdate();
    let answer: LookupAnswer;
    try {
      answer = (await trackingCall(op as Operation, input, request.signal)) as LookupAnswer;
    } catch (error) {
      if (request.signal.aborted) return;
      this.#busy = false;
      this.#opening = false;
      const lookup = 'order_no' in input ? input : null;
      this.#failed(error, from, lookup?.order_no ?? '', Boolean(lookup?.captcha));
      return;
    } finally {
      if (this.#request === request) this.#request = null;
    }
    this.#busy = false;
    this.#opening = false;
    this.#dropCaptcha();
    this.#errors = {};
    this.#view = answer.view;
    this.#notice = '';
    this.tracking = answer.tracking;
    dispatch(this, 'lp-order-status-load', {
      order_no: answer.tracking.order_no,
      status: answer.tracking.status,
    });
    if (this.isConnected) {
      this.#follower.start();
      this.#live.start(answer.view);
    }
    await this.updateComplete;
    // the form the user sent is gone: the focus moves to what replaced it
    if (from === 'form') this.renderRoot.querySelector<HTMLElement>(`#${STATUS_HEADING}`)?.focus();
  }

  #failed(error: unknown, from: 'link' | 'attributes' | 'form', orderNo: string, sentCaptcha: boolean): void {
    const code = isApiError(error) ? error.code : 0;
    this.#errors = {};
    if (code === Code.captchaRequired || code === Code.captchaExpired) {
      // a 475 after an answer was sent means a wrong answer
      void this.#askCaptcha(orderNo, code === Code.captchaExpired || sentCaptcha, from);
      return;
    } else if (code === Code.notFound) {
      this.#notice = from === 'link' ? 'gone' : 'notFound';
    } else if (code === Code.tooManyRequests) {
      this.#notice = 'tooMany';
    } else if (code === Code.invalid && isApiError(error) && error.data && typeof error.data === 'object') {
      this.#errors = error.data as Partial<Record<FieldName, string>>;
      this.#notice = '';
    } else {
      this.#notice = 'failed';
    }
    this.#showForm(this.#notice);
    void this.updateComplete.then(() => {
      if (from === 'form') this.#focusFirstInvalid();
    });
  }

  /** The server asks for a captcha: its chunk, a new image (the same order number's panel kept), its field focused. */
  async #askCaptcha(orderNo: string, wrong: boolean, from: 'link' | 'attributes' | 'form'): Promise<void> {
    this.#captchaModule ??= import('./captcha-panel.ts');
    let module: CaptchaModule;
    try {
      module = await this.#captchaModule;
    } catch {
      this.#captchaModule = null;
      this.#showForm('failed');
      return;
    }
    if (this.#captcha?.orderNo === orderNo) this.#captcha.next();
    else {
      this.#dropCaptcha();
      this.#captcha = new module.CaptchaPanel(this, orderNo);
    }
    this.#showForm(wrong ? 'captchaWrong' : 'captchaHint');
    await this.updateComplete;
    if (from === 'form') this.renderRoot.querySelector<HTMLInputElement>('#captcha')?.focus();
  }

  #dropCaptcha(): void {
    this.#captcha?.drop();
    this.#captcha = null;
  }

  /** One read of the follower: the status again with the view token. */
  async #readStatus(signal: AbortSignal): Promise<ReadResult> {
    const before = this.tracking;
    let next: Tracking;
    try {
      next = await trackingCall(api.status, { view: this.#view }, signal);
    } catch (error) {
      if (isApiError(error) && error.code === Code.notFound) {
        this.#showForm('gone');
        return 'gone';
      }
      return 'failed';
    }
    if (!before || next.version === before.version) return 'same';
    this.tracking = next;
    if (next.status !== before.status || next.milestone !== before.milestone)
      this.#announcement = this.#t('tracking.changed', { status: this.#stateLabel(next) });
    dispatch(this, 'lp-order-status-change', {
      order_no: next.order_no,
      status: next.status,
      milestone: next.milestone,
    });
    if (this.#chartOpen) this.#loadChart(true);
    return 'changed';
  }

  /** The status in words: the milestone while under way, else the status. */
  #stateLabel(tracking: Tracking): string {
    return tracking.status === 'not_finished' && tracking.milestone !== 'none'
      ? this.#t(`tracking.milestone.${tracking.milestone}`)
      : this.#t(`tracking.status.${tracking.status}`);
  }

  // ---- the form ----

  #onSubmit = (e: SubmitEvent) => {
    e.preventDefault();
    if (this.#busy) return;
    const form = e.currentTarget as HTMLFormElement;
    const data = new FormData(form);
    const value = (name: string) => String(data.get(name) ?? '').trim();
    const orderNo = value('order_no').toUpperCase();
    const captchaShown = this.#captcha?.orderNo === orderNo;
    // with a code by SMS, the number it went to gives the digits when they are not typed apart
    const phone4 = value('phone4') || (captchaShown ? (this.#captcha?.phone4 ?? '') : '');
    const code = value('share_code');
    const captcha = value('captcha');
    const errors: Partial<Record<FieldName, string>> = {};
    if (!orderNo) errors.order_no = this.#t('tracking.required', { field: this.#t('tracking.orderNo') });
    else if (!ORDER_NO.test(orderNo)) errors.order_no = this.#t('tracking.badOrderNo');
    if (this.#factor === 'phone') {
      if (!phone4) errors.phone4 = this.#t('tracking.required', { field: this.#t('tracking.phone4') });
      else if (!/^\d{4}$/.test(phone4)) errors.phone4 = this.#t('tracking.badPhone4');
    } else if (!code) {
      errors.share_code = this.#t('tracking.required', { field: this.#t('tracking.code') });
    }
    if (captchaShown && !captcha)
      errors.captcha = this.#t('tracking.required', { field: this.#captcha?.label ?? '' });
    this.#errors = errors;
    this.#notice = '';
    this.requestUpdate();
    if (Object.keys(errors).length) {
      void this.updateComplete.then(() => this.#focusFirstInvalid());
      return;
    }
    const input: LookupRequest = {
      order_no: orderNo,
      ...(this.#factor === 'phone' ? { phone4 } : { share_code: code }),
      ...(captchaShown ? { captcha } : {}),
    };
    void this.#lookup(api.lookup, input, 'form');
  };

  #focusFirstInvalid(): void {
    this.renderRoot.querySelector<HTMLInputElement>('input[aria-invalid="true"]')?.focus();
  }

  #onFactor = (e: Event) => {
    this.#factor = (e.target as HTMLInputElement).value as Factor;
    this.#errors = {};
    this.requestUpdate();
  };

  #onOrderNoChange = (e: Event) => {
    // the captcha belongs to one order number: another number starts without it
    const value = (e.target as HTMLInputElement).value.trim().toUpperCase();
    if (this.#captcha && value !== this.#captcha.orderNo) {
      this.#dropCaptcha();
      this.requestUpdate();
    }
  };

  #another = async () => {
    this.#dropCaptcha();
    this.#errors = {};
    this.#showForm('');
    await this.updateComplete;
    this.renderRoot.querySelector<HTMLInputElement>('input[name="order_no"]')?.focus();
  };

  #field(
    name: FieldName,
    label: string,
    options: { value?: string; hint?: string; inputmode?: string; maxlength?: number; autocomplete?: string },
  ): TemplateResult {
    const error = this.#errors[name];
    const described = [options.hint ? `${name}-hint` : '', error ? `${name}-error` : ''].filter(Boolean);
    return html`<div class="field">
      <label for=${name}>${label}</label>
      <input
        id=${name}
        name=${name}
        value=${options.value ?? ''}
        inputmode=${options.inputmode ?? 'text'}
        maxlength=${options.maxlength ?? 320}
        autocomplete=${options.autocomplete ?? 'off'}
        spellcheck="false"
        aria-invalid=${error ? 'true' : 'false'}
        aria-describedby=${described.length ? described.join(' ') : nothing}
        @change=${name === 'order_no' ? this.#onOrderNoChange : null}
      />
      ${options.hint ? html`<span id="${name}-hint" class="hint">${options.hint}</span>` : nothing}
      ${error ? html`<span id="${name}-error" class="error">${error}</span>` : nothing}
    </div>`;
  }

  #noticeText(): string {
    const notice = this.#notice;
    if (notice === 'captchaHint' || notice === 'captchaWrong')
      return this.#captcha?.notice(notice === 'captchaWrong') ?? '';
    return notice ? this.#t(`tracking.${notice}`) : '';
  }

  #renderForm(): TemplateResult {
    const t = this.#t;
    const shareCode = this.shareCode?.trim() ?? '';
    const orderNo = this.orderNo?.trim().toUpperCase() ?? '';
    const info = this.#notice === 'captchaHint';
    return html`<form part="form" novalidate aria-labelledby="form-title" aria-busy=${this.#busy ? 'true' : 'false'} @submit=${this.#onSubmit}>
      <h2 id="form-title">${t('tracking.form')}</h2>
      ${this.#field('order_no', t('tracking.orderNo'), { value: orderNo, hint: t('tracking.orderNoHint') })}
      <fieldset>
        <legend>${t('tracking.factor')}</legend>
        <div class="factors">
          <label><input type="radio" name="factor" value="phone" .checked=${this.#factor === 'phone'} @change=${this.#onFactor} />${t('tracking.factor.phone')}</label>
          <label><input type="radio" name="factor" value="code" .checked=${this.#factor === 'code'} @change=${this.#onFactor} />${t('tracking.factor.code')}</label>
        </div>
      </fieldset>
      ${keyed(
        // one input per factor: Lit would otherwise reuse the phone's input (and what was typed in it)
        this.#factor,
        this.#factor === 'phone'
          ? this.#field('phone4', t('tracking.phone4'), { inputmode: 'numeric', maxlength: 4 })
          : this.#field('share_code', t('tracking.code'), {
              value: SHARE_TOKEN.test(shareCode) ? '' : shareCode,
            }),
      )}
      ${this.#captcha ? this.#captcha.render(this.#errors.captcha) : nothing}
      <p class="notice ${info ? 'info' : ''}" role="alert">${this.#noticeText()}</p>
      <div class="actions">
        <button type="submit" part="button" class="primary" ?disabled=${this.#busy}>
          ${this.#busy ? t('tracking.loading') : t('tracking.submit')}
        </button>
      </div>
    </form>`;
  }

  // ---- the status ----

  #onZone = (e: Event) => {
    this.#pickedZone = (e.target as HTMLSelectElement).value;
    this.requestUpdate();
  };

  #toggleChart = () => {
    this.#chartOpen = !this.#chartOpen;
    if (this.#chartOpen) this.#loadChart(false);
    else this.#dropChart();
    this.requestUpdate();
  };

  /** Loads the chart's chunk and the readings (again after a change of the status). */
  #loadChart(again: boolean): void {
    const view = this.#view;
    if (!again) this.#chart = { state: 'loading', data: null };
    this.#chartModule ??= import('./temperature-panel.ts');
    this.#chartModule
      .then((module) => module.loadTemperature(view))
      .then(
        (data) => {
          if (!this.#chartOpen || view !== this.#view) return;
          this.#chart = { state: 'ready', data };
          this.#chartHandle?.destroy();
          this.#chartHandle = null;
          this.requestUpdate();
        },
        () => {
          if (!this.#chartOpen || again) return;
          this.#chartModule = null;
          this.#chart = { state: 'failed', data: null };
          this.requestUpdate();
        },
      );
  }

  #dropChart(): void {
    this.#chartObserver?.disconnect();
    this.#chartObserver = null;
    this.#chartHandle?.destroy();
    this.#chartHandle = null;
    this.#chart = null;
  }

  protected override updated(): void {
    const data = this.#chart?.data;
    const box = this.renderRoot.querySelector<HTMLElement>('.chart-box');
    if (!this.#chartOpen || !data || !box || !this.#chartModule) return;
    if (this.#chartHandle && this.#chartZone === this.zone) return;
    const zone = this.zone;
    void this.#chartModule.then((module) => {
      if (!box.isConnected || this.#chart?.data !== data) return;
      this.#chartHandle?.destroy();
      this.#chartZone = zone;
      this.#chartHandle = module.drawChart(box, data, zone);
      this.#chartObserver ??= new ResizeObserver(() =>
        this.#chartHandle?.resize(Math.max(260, box.clientWidth)),
      );
      this.#chartObserver.observe(box);
    });
  }

  #renderChart(module: TemperatureModule | null): TemplateResult {
    const t = this.#t;
    const chart = this.#chart;
    let body: TemplateResult | typeof nothing = nothing;
    if (this.#chartOpen) {
      if (!chart || chart.state === 'loading' || (chart.state === 'ready' && !module))
        body = html`<p class="muted" role="status">${t('tracking.tempLoading')}</p>`;
      else if (chart.state === 'failed')
        body = html`<p class="notice" role="alert">${t('tracking.failed')}</p>`;
      else if (chart.data && module)
        body = module.temperatureView(
          chart.data,
          (level) => t(`tracking.excursion.${level}`),
          this.#locale.value,
          this.zone,
        );
    }
    return html`<section part="chart" class="chart" aria-label=${t('tracking.showTemp')}>
      <div>
        <button type="button" part="button" class="show-temp" aria-expanded=${this.#chartOpen ? 'true' : 'false'} aria-controls="temperature" @click=${this.#toggleChart}>
          ${this.#chartOpen ? t('tracking.hideTemp') : t('tracking.showTemp')}
        </button>
      </div>
      <div id="temperature" class="temperature" ?hidden=${!this.#chartOpen}>${body}</div>
    </section>`;
  }

  #loadedModule: TemperatureModule | null = null;

  #renderView(tracking: Tracking): TemplateResult {
    const t = this.#t;
    const zone = this.zone;
    const when = (iso: string | null) => formatTime(iso, zone);
    const stamp = (iso: string | null) => html`<time datetime=${iso ?? nothing}>${when(iso)}</time>`;
    const party = (p: Tracking['from']) => [p.company, p.city].filter(Boolean).join(' · ') || '—';
    const steps = tracking.steps.filter((s) => s.milestone !== 'none');
    const viewer = viewerZone();
    const zones = zoneChoices(viewer, this.timeZone, zone);
    if (this.#chartModule && !this.#loadedModule)
      void this.#chartModule.then((m) => {
        if (this.shadowRoot) m.adoptStyles(this.shadowRoot);
        this.#loadedModule = m;
        this.requestUpdate();
      });
    return html`<div class="view">
      <section part="status" class="status" aria-labelledby=${STATUS_HEADING}>
        <h2 id=${STATUS_HEADING} tabindex="-1">${t('tracking.title')} ${tracking.order_no}</h2>
        <p class="headline">
          <span class="visually-hidden">${t('tracking.status')}:</span>
          <span class="badge status status-${tracking.status}">${t(`tracking.status.${tracking.status}`)}</span>
          ${
            tracking.status === 'not_finished' && tracking.milestone !== 'none'
              ? html`<span class="badge status">${t(`tracking.milestone.${tracking.milestone}`)}</span>`
              : nothing
          }
          <span class="badge excursion-${tracking.excursion}">
            <span aria-hidden="true">${tracking.excursion === 'none' ? '✓' : '⚠'}</span>
            ${t(`tracking.excursion.${tracking.excursion}`)}
          </span>
        </p>
        <dl class="facts">
          <div><dt>${t('tracking.from')}</dt><dd>${party(tracking.from)}</dd></div>
          <div><dt>${t('tracking.to')}</dt><dd>${party(tracking.to)}</dd></div>
          ${
            tracking.cancelled_at
              ? html`<div><dt>${t('tracking.cancelled')}</dt><dd>${stamp(tracking.cancelled_at)}</dd></div>`
              : tracking.delivered_at
                ? html`<div><dt>${t('tracking.delivered')}</dt><dd>${stamp(tracking.delivered_at)}</dd></div>`
                : html`<div><dt>${t('tracking.expected')}</dt><dd>${stamp(tracking.deliver_by)}</dd></div>`
          }
          ${
            tracking.signer
              ? html`<div>
                  <dt>${t('tracking.signer')}</dt>
                  <dd>${tracking.signer}${tracking.signed_at ? html` · ${stamp(tracking.signed_at)}` : nothing}</dd>
                </div>`
              : nothing
          }
          <div><dt>${t('tracking.tempClass')}</dt><dd>${t(`tracking.temp.${tracking.temp_class}`)}</dd></div>
        </dl>
      </section>
      <section part="timeline" class="timeline" aria-labelledby="timeline-heading">
        <div class="timeline-head">
          <h3 id="timeline-heading">${t('tracking.timeline')}</h3>
          <label class="zone">
            ${t('tracking.zone')}
            <select part="zone" @change=${this.#onZone}>
              ${zones.map((z) => {
                const name = `${z} (${zoneOffset(z)})`;
                return html`<option value=${z} ?selected=${z === zone}>
                  ${z === viewer ? t('tracking.zoneLocal', { zone: name }) : name}
                </option>`;
              })}
            </select>
          </label>
        </div>
        <ol class="steps">
          ${steps.map((s) => {
            const current = s.milestone === tracking.milestone;
            return html`<li class="step ${s.at ? 'reached' : 'todo'}" aria-current=${current ? 'step' : nothing}>
              <span class="dot" aria-hidden="true"></span>
              <span class="step-label">${t(`tracking.milestone.${s.milestone}`)}</span>
              <span class="step-when">
                ${s.at ? stamp(s.at) : t('tracking.notYet')}${s.at && s.location ? ` · ${s.location}` : ''}
              </span>
            </li>`;
          })}
        </ol>
      </section>
      ${tracking.has_readings ? this.#renderChart(this.#loadedModule) : nothing}
      <div class="footer">
        <span class="muted">${t('tracking.updated', { at: when(tracking.updated_at) })}</span>
        <button type="button" part="button" class="another" @click=${this.#another}>${t('tracking.another')}</button>
      </div>
    </div>`;
  }

  protected override render() {
    const t = this.#t;
    let body: TemplateResult;
    if (this.tracking) body = this.#renderView(this.tracking);
    else if (this.#opening) body = html`<p class="muted" role="status">${t('tracking.loading')}</p>`;
    else body = this.#renderForm();
    return html`<div class="root" part="root" lang=${this.#locale.value}>
      ${body}
      <p class="visually-hidden" aria-live="polite">${this.#announcement}</p>
    </div>`;
  }
}

// Lit finalizes its own class; the kit's define only needs a constructor
define('lp-order-status', LpOrderStatus as unknown as CustomElementConstructor);

declare global {
  interface HTMLElementTagNameMap {
    'lp-order-status': LpOrderStatus;
  }
  interface GlobalEventHandlersEventMap {
    'lp-order-status-load': CustomEvent<{ order_no: string; status: string }>;
    'lp-order-status-change': CustomEvent<{ order_no: string; status: string; milestone: string }>;
  }
}
