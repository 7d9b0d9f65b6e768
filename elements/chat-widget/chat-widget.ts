import { $locale } from '../../src/i18n/locale.ts';
import { en, zh } from '../../src/i18n/messages/chat-launcher.ts';
import { followAppearance } from '../../src/stores/appearance.ts';
import { $token } from '../../src/stores/auth.ts';
import { session } from '../../src/stores/storage.ts';
// The conversation store follows sign-ins from the first load on (chat-store.ts), panel or not.
import '../../src/features/chat/chat-store.ts';
import { booleanAttribute, booleanConverter } from '../kit/boolean-attribute.ts';
import { define } from '../kit/define.ts';
import { dispatch } from '../kit/events.ts';
import { applyPageAttribute } from '../kit/page-attributes.ts';
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
const SVG = 'http://www.w3.org/2000/svg';
const ICON =
  'M12 3C6.5 3 2 6.8 2 11.5c0 2.4 1.2 4.6 3.1 6.1L4.5 21l3.9-2.1c1.1.3 2.3.5 3.6.5 5.5 0 10-3.8 10-8.5S17.5 3 12 3zm-4 9.8a1.3 1.3 0 110-2.6 1.3 1.3 0 010 2.6zm4 0a1.3 1.3 0 110-2.6 1.3 1.3 0 010 2.6zm4 0a1.3 1.3 0 110-2.6 1.3 1.3 0 010 2.6z';

/** The properties a page may set before the element is defined (they then sit on the instance). */
const PROPERTIES = ['apiBase', 'locale', 'position', 'open'] as const;

/** `tag` with `attributes` (static text only: the launcher builds its DOM without HTML parsing). */
function make<E extends Element>(
  tag: string,
  attributes: Record<string, string>,
  namespace = 'http://www.w3.org/1999/xhtml',
): E {
  const el = document.createElementNS(namespace, tag) as E;
  for (const [name, value] of Object.entries(attributes)) el.setAttribute(name, value);
  return el;
}

/** The launcher's sheet, made on the first launcher of the page and shared by any other. */
let styles: CSSStyleSheet | null = null;

/**
 * The launcher's DOM in `shadow`, built once (the element updates it by hand): the button with
 * its icon, the keyboard hint it is described by, and the panel's frame with its loading line and
 * the container the React panel renders into. Created node by node, not parsed from HTML, so that
 * a page enforcing Trusted Types takes it too. The sheet is adopted: no `<style>` for a page's
 * CSP to refuse.
 */
function build(shadow: ShadowRoot) {
  if (!styles) {
    styles = new CSSStyleSheet();
    styles.replaceSync(chatWidgetStyles);
  }
  shadow.adoptedStyleSheets = [styles];
  const launcher = make<HTMLButtonElement>('button', {
    type: 'button',
    class: 'launcher',
    part: 'launcher',
    'aria-controls': 'panel',
    'aria-describedby': 'hint',
  });
  const svg = make('svg', { viewBox: '0 0 24 24', 'aria-hidden': 'true', focusable: 'false' }, SVG);
  svg.append(make('path', { fill: 'currentColor', d: ICON }, SVG));
  launcher.append(svg);
  const hint = make<HTMLElement>('span', { id: 'hint', class: 'hint' });
  const panel = make<HTMLElement>('div', {
    id: 'panel',
    class: 'panel',
    part: 'panel',
    role: 'dialog',
    'aria-labelledby': HEADING_ID,
  });
  const loading = make<HTMLElement>('p', { class: 'panel-loading' });
  loading.append('…');
  const root = make<HTMLElement>('div', { class: 'panel-root' });
  panel.append(loading, root);
  shadow.append(launcher, hint, panel);
  return { launcher, hint, panel, loading, root };
}

/**
 * The online customer-service chat: a small floating launcher (a plain custom element, a few KB)
 * that the user can drag or move with the arrow keys, and the conversation panel (React), loaded
 * on first open. It follows the page's language and session as they change: a sign-out closes
 * the panel and forgets the conversation.
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
export class LpChatWidget extends HTMLElement {
  static observedAttributes = ['api-base', 'locale', 'position', 'open'];

  #apiBase: string | null = null;
  #locale: string | null = null;
  #position: string | null = null;
  #open: boolean;
  /** The dragged-to place (null: the corner of `position`). */
  #point: Point | null;
  /** The attribute being read into its property (not reflected back). */
  #reading: string | null = null;
  /** Properties set before the upgrade, applied on the first connection (as Lit did). */
  #early: Partial<Record<(typeof PROPERTIES)[number], unknown>> | null = {};
  /** The token last seen: a sign-out is a token that goes, seen also after a reconnection. */
  #token: string;

  readonly #shadow: ShadowRoot;
  readonly #launcher: HTMLButtonElement;
  readonly #hint: HTMLElement;
  readonly #panelBox: HTMLElement;
  readonly #panelLoading: HTMLElement;
  readonly #panelRoot: HTMLElement;

  #panel: MountedPanel | null = null;
  #stopAppearance: (() => void) | null = null;
  #unlisten: (() => void)[] = [];
  #loading: Promise<void> | null = null;
  #pending: Promise<void> | null = null;
  #drag: { id: number; start: Point; from: Point; moved: boolean } | null = null;
  #swallowClick = false;

  constructor() {
    super();
    this.#open = session.get(OPEN_KEY) === '1';
    this.#point = loadPoint();
    this.#token = $token.get();
    for (const name of PROPERTIES) {
      if (!Object.hasOwn(this, name)) continue;
      const early = this.#early as Record<string, unknown>;
      early[name] = (this as unknown as Record<string, unknown>)[name];
      delete (this as unknown as Record<string, unknown>)[name];
    }

    const shadow = this.attachShadow({ mode: 'open' });
    const { launcher, hint, panel, loading, root } = build(shadow);
    launcher.addEventListener('click', this.#onClick);
    launcher.addEventListener('keydown', this.#onKeyDown);
    launcher.addEventListener('pointerdown', this.#onPointerDown);
    launcher.addEventListener('pointermove', this.#onPointerMove);
    launcher.addEventListener('pointerup', this.#onPointerUp);
    launcher.addEventListener('pointercancel', this.#onPointerUp);
    panel.addEventListener('keydown', this.#onPanelKeyDown);
    this.#shadow = shadow;
    this.#launcher = launcher;
    this.#hint = hint;
    this.#panelBox = panel;
    this.#panelLoading = loading;
    this.#panelRoot = root;
    this.#render();
  }

  /** Base URL of the API for the page's calls (default: `LP_CONFIG.apiBase`, else `/api`). */
  get apiBase(): string | null {
    return this.#apiBase;
  }
  set apiBase(value: string | null) {
    this.#apiBase = value ?? null;
    // the page attributes every element takes, applied by the kit (before the panel's first call)
    applyPageAttribute('api-base', this.#apiBase);
  }

  /** Language of the page's elements (default: the user's saved choice, else zh-CN). */
  get locale(): string | null {
    return this.#locale;
  }
  set locale(value: string | null) {
    this.#locale = value ?? null;
    applyPageAttribute('locale', this.#locale);
  }

  /** Corner of the launcher and panel (default bottom-right). */
  get position(): string | null {
    return this.#position;
  }
  set position(value: string | null) {
    const next = value ?? null;
    if (next === this.#position) return;
    this.#position = next;
    this.#reflect('position', next);
  }

  /** The panel is open (`show()` and `close()` set it; neither fires an event). */
  get open(): boolean {
    return this.#open;
  }
  set open(value: boolean) {
    const next = Boolean(value);
    if (next === this.#open) return;
    this.#open = next;
    // the kit's converter both ways (boolean-attribute.ts): true is `""`, false no attribute
    this.#reflect('open', booleanConverter.toAttribute(next));
    this.#saveOpen();
    // opened by the page (attribute or property) as well as by the user
    if (next && this.isConnected) void this.#ensurePanel();
    this.#request();
  }

  /**
   * Resolves once the launcher shows every change made so far to its properties, attributes and
   * the page's stores (language, session), as a Lit element's `updateComplete` did; always true.
   */
  get updateComplete(): Promise<boolean> {
    return (async () => {
      while (this.#pending) await this.#pending;
      return true;
    })();
  }

  attributeChangedCallback(name: string, old: string | null, value: string | null): void {
    if (old === value) return;
    this.#reading = name;
    try {
      if (name === 'api-base') this.apiBase = value;
      else if (name === 'locale') this.locale = value;
      else if (name === 'position') this.position = value;
      // `open="false"` (Vue 3 and Svelte 5 before the element is defined) is closed
      else this.open = booleanConverter.fromAttribute(value);
    } finally {
      this.#reading = null;
    }
  }

  connectedCallback(): void {
    // properties a page set before the upgrade, through the accessors now (reflected)
    const early = this.#early;
    this.#early = null;
    for (const [name, value] of Object.entries(early ?? {}))
      (this as unknown as Record<string, unknown>)[name] = value;
    // the state restored from the session shows on the attribute as well
    if (this.#open !== booleanAttribute(this.getAttribute('open')))
      this.#reflect('open', booleanConverter.toAttribute(this.#open));
    this.#saveOpen();
    // The page's size and theme choice (settings) on the host: the panel's kit tokens follow it.
    this.#stopAppearance ??= followAppearance(this);
    window.addEventListener('resize', this.#onResize);
    if (this.#unlisten.length === 0)
      this.#unlisten = [$locale.listen(() => this.#request()), $token.listen((t) => this.#seeToken(t))];
    this.#seeToken($token.get());
    this.#request();
    if (this.#open) void this.#ensurePanel();
  }

  disconnectedCallback(): void {
    window.removeEventListener('resize', this.#onResize);
    for (const off of this.#unlisten) off();
    this.#unlisten = [];
    // a move in the DOM (reconnect in the same task) keeps the panel; a removal unmounts it
    queueMicrotask(() => {
      if (this.isConnected) return;
      this.#stopAppearance?.();
      this.#stopAppearance = null;
      this.#panel?.unmount();
      this.#panel = null;
      this.#loading = null;
      this.#request();
    });
  }

  #reflect(name: string, value: string | null): void {
    if (this.#reading === name) return;
    if (value === null) this.removeAttribute(name);
    else this.setAttribute(name, value);
  }

  #saveOpen(): void {
    if (this.#open) session.set(OPEN_KEY, '1');
    else session.remove(OPEN_KEY);
  }

  #seeToken(token: string): void {
    const previous = this.#token;
    this.#token = token;
    // The session: a sign-out closes the panel (the conversation is forgotten by its store).
    if (previous && !token) this.#hide();
  }

  /** Updates the launcher and the panel's frame at the end of the task (one update per change batch). */
  #request(): void {
    this.#pending ??= Promise.resolve().then(() => {
      this.#pending = null;
      this.#render();
    });
  }

  #text(key: keyof typeof zh): string {
    return ($locale.get() === 'en' ? en : zh)[key];
  }

  #onResize = () => {
    if (this.#point) this.#place(this.#clamp(this.#point));
  };

  #clamp(point: Point): Point {
    const rect = this.#launcher.getBoundingClientRect();
    const size = rect.width ? { width: rect.width, height: rect.height } : { width: 56, height: 56 };
    return clampPoint(point, size, viewport());
  }

  #place(point: Point | null): void {
    this.#point = point;
    this.#request();
  }

  #moveTo(point: Point): void {
    this.#place(this.#clamp(point));
    savePoint(this.#point);
  }

  #current(): Point {
    const rect = this.#launcher.getBoundingClientRect();
    return this.#point ?? { x: rect.left, y: rect.top };
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
    this.#place(this.#clamp({ x: drag.from.x + dx, y: drag.from.y + dy }));
  };

  #onPointerUp = (e: PointerEvent) => {
    const drag = this.#drag;
    if (!drag || drag.id !== e.pointerId) return;
    this.#drag = null;
    if (!drag.moved || !this.#point) return;
    this.#swallowClick = true;
    savePoint(this.#point);
    dispatch(this, 'lp-chat-move', { ...this.#point });
  };

  #onKeyDown = (e: KeyboardEvent) => {
    const step = keyStep(e.key, e.shiftKey);
    if (!step) return;
    e.preventDefault();
    const from = this.#current();
    this.#moveTo({ x: from.x + step.x, y: from.y + step.y });
    if (this.#point) dispatch(this, 'lp-chat-move', { ...this.#point });
  };

  #onClick = () => {
    if (this.#swallowClick) {
      this.#swallowClick = false;
      return;
    }
    this.#toggleByUser(!this.#open);
  };

  #onPanelKeyDown = (e: KeyboardEvent) => {
    if (e.key !== 'Escape') return;
    e.preventDefault();
    e.stopPropagation();
    this.#toggleByUser(false);
  };

  /** The user opened or closed the panel: the one way to `lp-chat-toggle`. */
  #toggleByUser(open: boolean): void {
    if (open === this.#open) return;
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
    if (!this.#open) return;
    this.open = false;
    this.#launcher.focus();
  }

  /** Closes the panel for the page (a sign-out); the focus moves only if it was inside. */
  #hide(): void {
    if (!this.#open) return;
    if (this.matches(':focus-within')) this.close();
    else this.open = false;
  }

  /** Resolves once the panel's code is loaded and rendered. */
  #ensurePanel(): Promise<void> {
    this.#loading ??= (async () => {
      await this.updateComplete;
      const { mountPanel } = await import('../../src/features/chat/mount.tsx');
      if (this.#panel) return;
      // not on the page (any more): the next connection loads it
      if (!this.isConnected) {
        this.#loading = null;
        return;
      }
      this.#panel = mountPanel(this.#shadow, this.#panelRoot, {
        headingId: HEADING_ID,
        onClose: () => this.#toggleByUser(false),
      });
      this.#request();
    })();
    return this.#loading;
  }

  /** Shows the state: the launcher's words, place and expanded state, the panel's frame. */
  #render(): void {
    const launcher = this.#launcher;
    const label = this.#text('chat.launcher');
    launcher.setAttribute('aria-label', label);
    launcher.title = label;
    launcher.setAttribute('aria-expanded', String(this.#open));
    this.#hint.textContent = this.#text('chat.launcherHint');
    const point = this.#point;
    launcher.classList.toggle('placed', point !== null);
    launcher.style.left = point ? `${point.x}px` : '';
    launcher.style.top = point ? `${point.y}px` : '';
    const panel = this.#panelBox;
    // the panel opens on the side of the screen where the user put the launcher
    panel.className = `panel ${point ? (point.x + 28 < viewport().width / 2 ? 'start' : 'end') : ''}`;
    panel.hidden = !this.#open;
    if (this.#panel) this.#panelLoading.remove();
    else if (!this.#panelLoading.isConnected) panel.prepend(this.#panelLoading);
  }
}

define('lp-chat-widget', LpChatWidget);

declare global {
  interface HTMLElementTagNameMap {
    'lp-chat-widget': LpChatWidget;
  }
  interface GlobalEventHandlersEventMap {
    'lp-chat-toggle': CustomEvent<{ open: boolean }>;
    'lp-chat-move': CustomEvent<Point>;
  }
}
