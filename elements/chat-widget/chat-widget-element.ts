import { html, LitElement, type PropertyValues } from 'lit';
import { en, zh } from '../../src/i18n/messages/chat.ts';
import { dispatch } from '../kit/events.ts';
import { chatWidgetStyles } from './chat-widget.styles.ts';
import {
  clampPoint,
  DRAG_THRESHOLD,
  keyStep,
  loadPoint,
  type Point,
  savePoint,
  viewport,
} from './launcher-position.ts';

/** The panel module's API (src/features/chat/mount.tsx), loaded on the first open only. */
type PanelModule = typeof import('../../src/features/chat/mount.tsx');
type MountedPanel = ReturnType<PanelModule['mountPanel']>;

/** sessionStorage key: the panel was open (a reload or route change reopens it). */
const OPEN_KEY = 'lp-chat-open';
const LOCALE_KEY = 'lp-locale';
const HEADING_ID = 'lp-chat-heading';

function storedLocale(): string | null {
  try {
    return globalThis.localStorage?.getItem(LOCALE_KEY) ?? null;
  } catch {
    return null;
  }
}

function session(read: true): boolean;
function session(read: false, open: boolean): void;
function session(read: boolean, open?: boolean): boolean | undefined {
  try {
    if (read) return globalThis.sessionStorage?.getItem(OPEN_KEY) === '1';
    if (open) globalThis.sessionStorage?.setItem(OPEN_KEY, '1');
    else globalThis.sessionStorage?.removeItem(OPEN_KEY);
  } catch {
    // storage blocked: the panel state is not remembered
  }
  return read ? false : undefined;
}

/**
 * The online customer-service chat: a small floating launcher (Lit, a few KB) that the user can
 * drag or move with the arrow keys, and the conversation panel (React), loaded on first open.
 *
 * @summary Floating, draggable customer-service chat.
 * @tag lp-chat-widget
 *
 * @attr {string} api-base - Base URL of the API (`https://portal.example/api`); default same-origin `/api`.
 * @attr {'zh-CN' | 'en'} locale - Language of the chat (default: the page's choice, else zh-CN).
 * @attr {'bottom-right' | 'bottom-left'} position - Corner of the launcher and panel (default bottom-right).
 * @attr {boolean} open - The panel is open.
 *
 * @event {CustomEvent<{ open: boolean }>} lp-chat-toggle - The user opened or closed the panel.
 * @event {CustomEvent<Point>} lp-chat-move - The user moved the launcher (drag or arrow keys).
 *
 * @csspart launcher - The floating round button.
 * @csspart panel - The chat window.
 * @csspart header - The panel's title bar.
 * @csspart message - One message of the conversation.
 * @csspart input - The question form at the bottom.
 *
 * @cssproperty --lp-chat-z-index - Stacking order of launcher and panel (default 2147483000).
 * @cssproperty --lp-chat-launcher-size - Diameter of the launcher (default 56px).
 * @cssproperty --lp-color-primary - Theme colour (default #0095A2).
 * @cssproperty --lp-font-family - Font of the panel.
 */
export class LpChatWidget extends LitElement {
  static override styles = chatWidgetStyles;
  static override properties = {
    apiBase: { attribute: 'api-base' },
    locale: {},
    position: { reflect: true },
    open: { type: Boolean, reflect: true },
    point: { state: true },
    pageLocale: { state: true },
  };

  declare apiBase: string | null;
  declare locale: string | null;
  declare position: string | null;
  declare open: boolean;
  /** The dragged-to place (null: the corner of `position`). */
  declare point: Point | null;
  declare pageLocale: string | null;

  #panel: MountedPanel | null = null;
  #loading: Promise<void> | null = null;
  #drag: { id: number; start: Point; from: Point; moved: boolean } | null = null;
  #swallowClick = false;
  #stopLocale: (() => void) | null = null;

  constructor() {
    super();
    this.apiBase = null;
    this.locale = null;
    this.position = null;
    this.open = session(true);
    this.point = loadPoint();
    this.pageLocale = storedLocale();
  }

  #onResize = () => {
    if (this.point) this.point = this.#clamp(this.point);
  };

  override connectedCallback(): void {
    super.connectedCallback();
    window.addEventListener('resize', this.#onResize);
    if (this.open) void this.#ensurePanel();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    window.removeEventListener('resize', this.#onResize);
    // a move in the DOM (reconnect in the same task) keeps the panel; a removal unmounts it
    queueMicrotask(() => {
      if (this.isConnected) return;
      this.#panel?.unmount();
      this.#panel = null;
      this.#loading = null;
      this.#stopLocale?.();
      this.#stopLocale = null;
    });
  }

  get #launcher(): HTMLButtonElement | null {
    return this.renderRoot.querySelector<HTMLButtonElement>('.launcher');
  }

  #text(key: 'chat.launcher' | 'chat.launcherHint'): string {
    const locale = this.locale ?? this.pageLocale;
    return (locale === 'en' ? en : zh)[key];
  }

  #clamp(point: Point): Point {
    const rect = this.#launcher?.getBoundingClientRect();
    const size = rect ? { width: rect.width, height: rect.height } : { width: 56, height: 56 };
    return clampPoint(point, size, viewport());
  }

  #moveTo(point: Point): void {
    this.point = this.#clamp(point);
    savePoint(this.point);
  }

  #current(): Point {
    const rect = this.#launcher?.getBoundingClientRect();
    return this.point ?? { x: rect?.left ?? 0, y: rect?.top ?? 0 };
  }

  #onPointerDown = (e: PointerEvent) => {
    if (e.button !== 0 || !e.isPrimary) return;
    (e.currentTarget as HTMLElement).setPointerCapture?.(e.pointerId);
    this.#drag = {
      id: e.pointerId,
      start: { x: e.clientX, y: e.clientY },
      from: this.#current(),
      moved: false,
    };
  };

  #onPointerMove = (e: PointerEvent) => {
    const drag = this.#drag;
    if (!drag || drag.id !== e.pointerId) return;
    const dx = e.clientX - drag.start.x;
    const dy = e.clientY - drag.start.y;
    if (!drag.moved && Math.hypot(dx, dy) < DRAG_THRESHOLD) return;
    drag.moved = true;
    this.point = this.#clamp({ x: drag.from.x + dx, y: drag.from.y + dy });
  };

  #onPointerUp = (e: PointerEvent) => {
    const drag = this.#drag;
    if (!drag || drag.id !== e.pointerId) return;
    this.#drag = null;
    if (!drag.moved || !this.point) return;
    this.#swallowClick = true;
    savePoint(this.point);
    dispatch(this, 'lp-chat-move', { ...this.point });
  };

  #onKeyDown = (e: KeyboardEvent) => {
    const step = keyStep(e.key, e.shiftKey);
    if (!step) return;
    e.preventDefault();
    const from = this.#current();
    this.#moveTo({ x: from.x + step.x, y: from.y + step.y });
    if (this.point) dispatch(this, 'lp-chat-move', { ...this.point });
  };

  #onClick = () => {
    if (this.#swallowClick) {
      this.#swallowClick = false;
      return;
    }
    if (this.open) this.close();
    else void this.show();
  };

  #onPanelKeyDown = (e: KeyboardEvent) => {
    if (e.key !== 'Escape') return;
    e.preventDefault();
    e.stopPropagation();
    this.close();
  };

  /** Opens the panel (loading it the first time) and moves focus into it. */
  async show(): Promise<void> {
    if (!this.open) {
      this.open = true;
      dispatch(this, 'lp-chat-toggle', { open: true });
    }
    await this.updateComplete;
    await this.#ensurePanel();
    this.#panel?.focus();
  }

  /** Closes the panel and gives focus back to the launcher. */
  close(): void {
    if (!this.open) return;
    this.open = false;
    dispatch(this, 'lp-chat-toggle', { open: false });
    this.#launcher?.focus();
  }

  /** Resolves once the panel's code is loaded and rendered. */
  #ensurePanel(): Promise<void> {
    this.#loading ??= (async () => {
      await this.updateComplete;
      const { mountPanel, watchLocale } = await import('../../src/features/chat/mount.tsx');
      const container = this.renderRoot.querySelector<HTMLElement>('.panel-root');
      if (!container || !this.isConnected || this.#panel) return;
      this.#panel = mountPanel(this.renderRoot as ShadowRoot, container, {
        apiBase: this.apiBase,
        locale: this.locale,
        headingId: HEADING_ID,
        onClose: () => this.close(),
      });
      this.#stopLocale = watchLocale((locale) => {
        this.pageLocale = locale;
      });
      this.requestUpdate();
    })();
    return this.#loading;
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if ((changed.has('apiBase') || changed.has('locale')) && this.#panel)
      this.#panel.update({ apiBase: this.apiBase, locale: this.locale });
  }

  protected override updated(changed: PropertyValues<this>): void {
    if (changed.has('open')) {
      session(false, this.open);
      // opened by the page (attribute or property) as well as by the user
      if (this.open && this.isConnected) void this.#ensurePanel();
    }
    const launcher = this.#launcher;
    if (!launcher) return;
    launcher.classList.toggle('placed', this.point !== null);
    launcher.style.left = this.point ? `${this.point.x}px` : '';
    launcher.style.top = this.point ? `${this.point.y}px` : '';
  }

  /** The panel opens on the side of the screen where the user put the launcher. */
  #panelSide(): string {
    if (!this.point) return '';
    return this.point.x + 28 < viewport().width / 2 ? 'start' : 'end';
  }

  protected override render() {
    const label = this.#text('chat.launcher');
    return html`
      <button
        type="button"
        class="launcher"
        part="launcher"
        aria-label=${label}
        title=${label}
        aria-expanded=${this.open ? 'true' : 'false'}
        aria-controls="panel"
        aria-describedby="hint"
        @click=${this.#onClick}
        @keydown=${this.#onKeyDown}
        @pointerdown=${this.#onPointerDown}
        @pointermove=${this.#onPointerMove}
        @pointerup=${this.#onPointerUp}
        @pointercancel=${this.#onPointerUp}
      >
        <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path
            fill="currentColor"
            d="M12 3C6.5 3 2 6.8 2 11.5c0 2.4 1.2 4.6 3.1 6.1L4.5 21l3.9-2.1c1.1.3 2.3.5 3.6.5 5.5 0 10-3.8 10-8.5S17.5 3 12 3zm-4 9.8a1.3 1.3 0 110-2.6 1.3 1.3 0 010 2.6zm4 0a1.3 1.3 0 110-2.6 1.3 1.3 0 010 2.6zm4 0a1.3 1.3 0 110-2.6 1.3 1.3 0 010 2.6z"
          />
        </svg>
      </button>
      <span id="hint" class="hint">${this.#text('chat.launcherHint')}</span>
      <div
        id="panel"
        class="panel ${this.#panelSide()}"
        part="panel"
        role="dialog"
        aria-labelledby=${HEADING_ID}
        ?hidden=${!this.open}
        @keydown=${this.#onPanelKeyDown}
      >
        ${this.#panel ? '' : html`<p class="panel-loading">…</p>`}
        <div class="panel-root"></div>
      </div>
    `;
  }
}
