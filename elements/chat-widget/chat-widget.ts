import { html, LitElement, type PropertyValues } from 'lit';
import { $locale } from '../../src/i18n/locale.ts';
import { en, zh } from '../../src/i18n/messages/chat-launcher.ts';
import { followAppearance } from '../../src/stores/appearance.ts';
import { $token } from '../../src/stores/auth.ts';
import { session } from '../../src/stores/storage.ts';
// The conversation store follows sign-ins from the first load on (chat-store.ts), panel or not.
import '../../src/features/chat/chat-store.ts';
import { booleanConverter } from '../kit/boolean-attribute.ts';
import { define } from '../kit/define.ts';
import { dispatch } from '../kit/events.ts';
import { applyPageAttribute } from '../kit/page-attributes.ts';
import { StoreController } from '../kit/store-controller.ts';
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
const HEADING_ID = 'lp-chat-heading';

/**
 * The online customer-service chat: a small floating launcher (Lit, a few KB) that the user can
 * drag or move with the arrow keys, and the conversation panel (React), loaded on first open. It
 * follows the page's language and session as they change: a sign-out closes the panel and
 * forgets the conversation.
 *
 * @summary Floating, draggable customer-service chat.
 * @tag lp-chat-widget
 *
 * @attr {string} api-base - Base URL of the API for the page's calls (default: `LP_CONFIG.apiBase`, else `/api`).
 * @attr {'zh-CN' | 'en'} locale - Language of the page's elements (default: the user's saved choice, else zh-CN).
 * @attr {'bottom-right' | 'bottom-left'} position - Corner of the launcher and panel (default bottom-right).
 * @attr {boolean} open - The panel is open (`show()` and `close()` set it; neither fires an event).
 *
 * @event {CustomEvent<{ open: boolean }>} lp-chat-toggle - The user opened or closed the panel.
 * @event {CustomEvent<{ x: number; y: number }>} lp-chat-move - The user moved the launcher (drag or arrow keys).
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
    // `open="false"` (Vue 3 and Svelte 5 before the element is defined) is closed
    open: { type: Boolean, converter: booleanConverter, reflect: true },
    point: { state: true },
  };

  declare apiBase: string | null;
  declare locale: string | null;
  declare position: string | null;
  declare open: boolean;
  /** The dragged-to place (null: the corner of `position`). */
  declare point: Point | null;

  /** The page's language: the launcher's label follows a switch at once. */
  readonly #locale = new StoreController(this, $locale);

  #panel: MountedPanel | null = null;
  #stopAppearance: (() => void) | null = null;
  #loading: Promise<void> | null = null;
  #drag: { id: number; start: Point; from: Point; moved: boolean } | null = null;
  #swallowClick = false;

  constructor() {
    super();
    this.apiBase = null;
    this.locale = null;
    this.position = null;
    this.open = session.get(OPEN_KEY) === '1';
    this.point = loadPoint();
    // The session: a sign-out closes the panel (the conversation is forgotten by its store).
    new StoreController(this, $token, (token, previous) => {
      if (previous && !token) this.#hide();
    });
  }

  #onResize = () => {
    if (this.point) this.point = this.#clamp(this.point);
  };

  override connectedCallback(): void {
    super.connectedCallback();
    // The page's size and theme choice (settings) on the host: the panel's kit tokens follow it.
    this.#stopAppearance ??= followAppearance(this);
    window.addEventListener('resize', this.#onResize);
    if (this.open) void this.#ensurePanel();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    window.removeEventListener('resize', this.#onResize);
    // a move in the DOM (reconnect in the same task) keeps the panel; a removal unmounts it
    queueMicrotask(() => {
      if (this.isConnected) return;
      this.#stopAppearance?.();
      this.#stopAppearance = null;
      this.#panel?.unmount();
      this.#panel = null;
      this.#loading = null;
    });
  }

  get #launcher(): HTMLButtonElement | null {
    return this.renderRoot.querySelector<HTMLButtonElement>('.launcher');
  }

  #text(key: keyof typeof zh): string {
    return (this.#locale.value === 'en' ? en : zh)[key];
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
    this.#toggleByUser(!this.open);
  };

  #onPanelKeyDown = (e: KeyboardEvent) => {
    if (e.key !== 'Escape') return;
    e.preventDefault();
    e.stopPropagation();
    this.#toggleByUser(false);
  };

  /** The user opened or closed the panel: the one way to `lp-chat-toggle`. */
  #toggleByUser(open: boolean): void {
    if (open === this.open) return;
    if (open) void this.show();
    else this.close();
    dispatch(this, 'lp-chat-toggle', { open });
  }

  /** Opens the panel (loading it the first time) and moves focus into it. No event. */
  async show(): Promise<void> {
    this.open = true;
    await this.updateComplete;
    await this.#ensurePanel();
    this.#panel?.focus();
  }

  /** Closes the panel and gives focus back to the launcher. No event. */
  close(): void {
    if (!this.open) return;
    this.open = false;
    this.#launcher?.focus();
  }

  /** Closes the panel for the page (a sign-out); the focus moves only if it was inside. */
  #hide(): void {
    if (!this.open) return;
    if (this.matches(':focus-within')) this.close();
    else this.open = false;
  }

  /** Resolves once the panel's code is loaded and rendered. */
  #ensurePanel(): Promise<void> {
    this.#loading ??= (async () => {
      await this.updateComplete;
      const { mountPanel } = await import('../../src/features/chat/mount.tsx');
      const container = this.renderRoot.querySelector<HTMLElement>('.panel-root');
      if (!container || !this.isConnected || this.#panel) return;
      this.#panel = mountPanel(this.renderRoot as ShadowRoot, container, {
        headingId: HEADING_ID,
        onClose: () => this.#toggleByUser(false),
      });
      this.requestUpdate();
    })();
    return this.#loading;
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    // the page attributes every element takes, applied by the kit (before the panel's first call)
    if (changed.has('apiBase')) applyPageAttribute('api-base', this.apiBase);
    if (changed.has('locale')) applyPageAttribute('locale', this.locale);
  }

  protected override updated(changed: PropertyValues<this>): void {
    if (changed.has('open')) {
      if (this.open) session.set(OPEN_KEY, '1');
      else session.remove(OPEN_KEY);
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

// Lit finalizes its own class; the kit's define only needs a constructor
define('lp-chat-widget', LpChatWidget as unknown as CustomElementConstructor);

declare global {
  interface HTMLElementTagNameMap {
    'lp-chat-widget': LpChatWidget;
  }
  interface GlobalEventHandlersEventMap {
    'lp-chat-toggle': CustomEvent<{ open: boolean }>;
    'lp-chat-move': CustomEvent<Point>;
  }
}
