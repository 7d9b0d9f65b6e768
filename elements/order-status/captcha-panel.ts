import { html, nothing, type ReactiveElement, type TemplateResult } from 'lit';
import { isApiError } from '../../src/api/errors.ts';
import { Code } from '../../src/contract/codes.ts';
import { captcha, captchaSms } from '../../src/contract/tracking/operations.ts';
import { $locale } from '../../src/i18n/locale.ts';
import { en, zh } from '../../src/i18n/messages/tracking-captcha.ts';
import { translatorOf } from './strings.ts';
import { trackingCall, trackingUrl } from './tracking-client.ts';

/** One ask a minute per order, number and address (server/areas/tracking/sms-alternative.ts): the button waits as long. */
const RESEND_SECONDS = 60;

type Key = keyof typeof zh;

/** The number as the API takes it: spaces and dashes dropped (`+86 138-1234-5678` → `+8613812345678`). */
const plain = (typed: string) => typed.replace(/[\s-]/g, '');

/**
 * The captcha of `<lp-order-status>`, in a chunk of its own: loaded when the server first asks
 * for one (after repeated failed lookups), so the element's first load does not carry it. Shows
 * the image of `tracking/captcha`, or instead, for people who cannot read it (WCAG 1.1.1), the
 * recipient's mobile number and a button that has the captcha's answer texted to it
 * (`tracking/captcha-sms`; nothing says whether the number matched). Either way the answer is
 * typed in `#captcha`, which the form sends as the lookup's `captcha`. A share link, which needs
 * no code, is named for whoever has no access to the recipient's phone.
 */
export class CaptchaPanel {
  #sms = false;
  /** The image URL's cache buster: a new one for every new image. */
  #t = '';
  #count = 0;
  #mobile = '';
  #mobileError: Key | '' = '';
  #sentTo = '';
  /** The number the last code was asked for: the wait is for that number only (a typo can be put right at once). */
  #sentFor = '';
  #sending = false;
  #remaining = 0;
  #timer: ReturnType<typeof setInterval> | undefined;
  /** The element is done with this captcha: nothing starts again. */
  #dropped = false;

  constructor(
    private readonly host: ReactiveElement,
    /** The order number the captcha is for. */
    readonly orderNo: string,
  ) {
    this.next();
  }

  #text = (key: Key, params?: Record<string, string | number>) =>
    translatorOf($locale.get() === 'en' ? en : zh)(key, params);

  /** A new image (after a wrong answer, or asked for); a code by SMS stays until the user asks again. */
  next(): void {
    this.#count += 1;
    this.#t = `${Date.now()}${this.#count % 1000}`;
  }

  /** The last 4 digits of the number a code was asked for (the lookup's digits, when not typed apart). */
  get phone4(): string {
    return this.#sms ? this.#sentFor.replace(/\D/g, '').slice(-4) : '';
  }

  /** The answer field's name (the form's "please fill in"). */
  get label(): string {
    return this.#text(this.#sms ? 'trackingCaptcha.code' : 'trackingCaptcha.answer');
  }

  /** What the form says when the server asks for the captcha: first (`wrong` false), or again after an answer. */
  notice(wrong: boolean): string {
    if (this.#sms) return this.#text(wrong ? 'trackingCaptcha.smsWrong' : 'trackingCaptcha.smsHint');
    return this.#text(wrong ? 'trackingCaptcha.wrong' : 'trackingCaptcha.hint');
  }

  /** The element is done with the captcha (or leaves the page): the countdown stops for good. */
  drop(): void {
    this.#dropped = true;
    this.#stop();
  }

  #stop(): void {
    clearInterval(this.#timer);
    this.#timer = undefined;
    this.#remaining = 0;
  }

  async #switch(sms: boolean): Promise<void> {
    this.#sms = sms;
    if (!sms) {
      // a new image takes the place of the code texted before (the countdown goes on, as the
      // server's minute does)
      this.#sentTo = '';
      this.next();
    }
    this.host.requestUpdate();
    await this.host.updateComplete;
    this.#focus(sms ? '#sms-mobile' : '#captcha');
  }

  #send = async () => {
    const mobile = plain(this.#mobile);
    this.#mobileError = !mobile
      ? 'trackingCaptcha.mobileRequired'
      : /^\+?\d{6,20}$/.test(mobile)
        ? ''
        : 'trackingCaptcha.mobileInvalid';
    if (this.#mobileError) {
      this.host.requestUpdate();
      await this.host.updateComplete;
      this.#focus('#sms-mobile');
      return;
    }
    this.#sending = true;
    this.host.requestUpdate();
    let next = '#captcha';
    try {
      const answer = await trackingCall(captchaSms, { order_no: this.orderNo, mobile });
      this.#sentTo = answer.mobile;
      this.#sentFor = mobile;
      this.#countdown(RESEND_SECONDS);
    } catch (error) {
      this.#sentTo = '';
      next = '#sms-mobile';
      // 429 with `seconds`: asked within the minute (the code sent then still counts); with
      // `retry_after`: this address is refused lookups for now; else the day's codes are spent
      const refused = isApiError(error) && error.code === Code.tooManyRequests;
      const data = (refused ? error.data : null) as { seconds?: unknown; retry_after?: unknown } | null;
      if (typeof data?.seconds === 'number') {
        this.#sentFor = mobile;
        this.#countdown(data.seconds);
      } else if (data?.retry_after !== undefined) this.#mobileError = 'trackingCaptcha.locked';
      else this.#mobileError = refused ? 'trackingCaptcha.tooMany' : 'trackingCaptcha.failed';
    }
    this.#sending = false;
    this.host.requestUpdate();
    await this.host.updateComplete;
    this.#focus(next);
  };

  #countdown(seconds: number): void {
    this.#stop();
    if (this.#dropped) return;
    this.#remaining = seconds;
    this.#timer = setInterval(() => {
      this.#remaining -= 1;
      if (this.#remaining <= 0) this.#stop();
      this.host.requestUpdate();
    }, 1000);
  }

  #focus(selector: string): void {
    this.host.renderRoot.querySelector<HTMLElement>(selector)?.focus();
  }

  #onMobile = (e: Event) => {
    this.#mobile = (e.target as HTMLInputElement).value;
    this.host.requestUpdate();
  };

  #answer(label: string, error: string | undefined, sms: boolean): TemplateResult {
    return html`<div class="field">
      <label for="captcha">${label}</label>
      <input
        id="captcha"
        name="captcha"
        inputmode=${sms ? 'numeric' : 'text'}
        autocomplete=${sms ? 'one-time-code' : 'off'}
        spellcheck="false"
        maxlength=${sms ? 6 : 16}
        aria-invalid=${error ? 'true' : 'false'}
        aria-describedby=${error ? 'captcha-error' : nothing}
      />
      ${error ? html`<span id="captcha-error" class="error">${error}</span>` : ''}
    </div>`;
  }

  /** The image and its answer, or the SMS fields; `error`: the form's error for the answer. */
  render(error: string | undefined): TemplateResult {
    const t = this.#text;
    if (!this.#sms)
      return html`<div class="captcha">
        <div class="captcha-row">
          <img
            src=${trackingUrl(captcha.path, { order_no: this.orderNo, t: this.#t })}
            alt=${t('trackingCaptcha.image')}
            width="120"
            height="40"
          />
          <button type="button" part="button" class="refresh" @click=${() => this.#switch(false)}>
            ${t('trackingCaptcha.refresh')}
          </button>
        </div>
        ${this.#answer(t('trackingCaptcha.answer'), error, false)}
        <button type="button" part="button" class="link" @click=${() => this.#switch(true)}>
          ${t('trackingCaptcha.useSms')}
        </button>
      </div>`;
    const waiting = this.#remaining > 0 && plain(this.#mobile) === this.#sentFor;
    const mobileError = this.#mobileError ? t(this.#mobileError) : '';
    return html`<div class="captcha sms">
      <div class="field">
        <label for="sms-mobile">${t('trackingCaptcha.mobile')}</label>
        <div class="captcha-row">
          <input
            id="sms-mobile"
            type="tel"
            inputmode="tel"
            autocomplete="off"
            maxlength="24"
            .value=${this.#mobile}
            aria-invalid=${mobileError ? 'true' : 'false'}
            aria-describedby=${mobileError ? 'sms-mobile-hint sms-mobile-error' : 'sms-mobile-hint'}
            @input=${this.#onMobile}
          />
          <button
            type="button"
            part="button"
            class="send"
            ?disabled=${waiting || this.#sending}
            @click=${this.#send}
          >
            ${waiting ? t('trackingCaptcha.resendIn', { seconds: this.#remaining }) : t('trackingCaptcha.send')}
          </button>
        </div>
        <span id="sms-mobile-hint" class="hint">${t('trackingCaptcha.mobileHint')}</span>
        ${mobileError ? html`<span id="sms-mobile-error" class="error">${mobileError}</span>` : ''}
      </div>
      <p class="hint" role="status">${this.#sentTo ? t('trackingCaptcha.sent', { mobile: this.#sentTo }) : ''}</p>
      ${this.#answer(t('trackingCaptcha.code'), error, true)}
      <p class="hint">${t('trackingCaptcha.link')}</p>
      <button type="button" part="button" class="link" @click=${() => this.#switch(false)}>
        ${t('trackingCaptcha.useImage')}
      </button>
    </div>`;
  }
}
