// biome-ignore-all lint/complexity/noThisInStatic: `this` in the statics is the element subclass, on purpose
import { type ReactNode, startTransition } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { followAppearance } from '../../src/stores/appearance.ts';
import { sheet } from '../../src/ui/css.ts';
import { kitSheets } from '../../src/ui/styles.ts';
import { booleanAttribute } from './boolean-attribute.ts';
import {
  applyPageAttribute,
  PAGE_ATTRIBUTES,
  PAGE_PROPERTIES,
  type PageAttribute,
} from './page-attributes.ts';

/** How an attribute becomes a property: text, presence, or a number. No JSON, no functions. */
export type PropType = 'string' | 'boolean' | 'number';
export type PropValue = string | boolean | number | null;

/** `customerId` → `customer-id`. */
export const toAttribute = (prop: string): string => prop.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

function parse(type: PropType, value: string | null): PropValue {
  if (type === 'boolean') return booleanAttribute(value);
  if (value === null) return null;
  if (type === 'number') {
    const n = Number(value);
    return value.trim() !== '' && Number.isFinite(n) ? n : null;
  }
  return value;
}

/**
 * Base of the elements that render a React feature. Each instance gets an open shadow root that
 * adopts the token sheet, the UI kit sheet and the element's own `styles` (no `<style>` in the
 * document head), and renders `render()` into a `.lp-root` wrapper (`part="base"`) that pins
 * font and colour, so nothing of the embedding page's `rem` or global CSS leaks in.
 *
 * Attributes listed in `static properties` become properties (kebab-case attribute, camelCase
 * property; booleans by presence, except that `"false"` is false (boolean-attribute.ts), numbers
 * parsed, bad numbers null); setting the property
 * reflects to the attribute. Every element also takes `api-base` and `locale`, applied by the
 * kit (page-attributes.ts), never by the element. The size and theme chosen in the settings
 * (`$settings`, shared by every bundle of the page) show on the host while it is connected
 * (`data-lp-size`, theme tokens: src/stores/appearance.ts). Moving the element in the DOM keeps its React
 * state: the tree is only unmounted when the element stays disconnected past a microtask.
 */
export abstract class ReactElement extends HTMLElement {
  /** Property name → type; each becomes an observed attribute (`apiBase` and `locale` are the kit's). */
  static properties: Readonly<Record<string, PropType>> = {};
  /** The element's own CSS, adopted after the tokens and the UI kit. */
  static styles = '';

  /** The element's properties and the page's two (`api-base`, `locale`). */
  static get allProperties(): Readonly<Record<string, PropType>> {
    return { ...PAGE_PROPERTIES, ...this.properties };
  }

  static get observedAttributes(): string[] {
    return Object.keys(this.allProperties).map(toAttribute);
  }

  /** Installs the property accessors (called by `define()`; safe to call twice). */
  static finalize(): void {
    const proto = this.prototype;
    for (const [name, type] of Object.entries(this.allProperties)) {
      if (Object.hasOwn(proto, name)) continue;
      const attribute = toAttribute(name);
      Object.defineProperty(proto, name, {
        configurable: true,
        enumerable: true,
        get(this: ReactElement) {
          return parse(type, this.getAttribute(attribute));
        },
        set(this: ReactElement, value: PropValue | undefined) {
          // a boolean's true is "" (not toggleAttribute, which keeps a present `open="false"`)
          if (type === 'boolean' ? !value : value === null || value === undefined)
            this.removeAttribute(attribute);
          else this.setAttribute(attribute, type === 'boolean' ? '' : String(value));
        },
      });
    }
  }

  /** Base URL of the API for the page's calls (`api-base`; default `LP_CONFIG.apiBase`, else `/api`). */
  declare apiBase: string | null;
  /** Language of the page's elements (`locale`: `zh-CN` or `en`; default the saved choice, else zh-CN). */
  declare locale: string | null;

  readonly #container: HTMLElement;
  #root: Root | null = null;
  #stopAppearance: (() => void) | null = null;

  constructor() {
    super();
    const ctor = this.constructor as typeof ReactElement;
    const shadow = this.attachShadow({ mode: 'open' });
    shadow.adoptedStyleSheets = ctor.styles ? [...kitSheets(), sheet(ctor.styles)] : kitSheets();
    this.#container = document.createElement('div');
    this.#container.className = 'lp-root';
    this.#container.setAttribute('part', 'base');
    shadow.append(this.#container);
    // Properties set before the element was upgraded sit on the instance and hide the accessors.
    for (const name of Object.keys(ctor.allProperties)) {
      if (!Object.hasOwn(this, name)) continue;
      const value = (this as unknown as Record<string, PropValue>)[name] as PropValue;
      delete (this as unknown as Record<string, PropValue>)[name];
      (this as unknown as Record<string, PropValue>)[name] = value;
    }
  }

  /** The React tree of the element; read properties from `this`. */
  protected abstract render(): ReactNode;

  /** Re-renders (after a property or attribute change, or when the subclass's own state changes). */
  protected requestUpdate(): void {
    this.#root?.render(this.render());
  }

  connectedCallback(): void {
    // The page's size and theme choice (settings), on the host so that the tokens follow.
    this.#stopAppearance ??= followAppearance(this);
    if (this.#root) {
      this.requestUpdate();
      return;
    }
    this.#root = createRoot(this.#container);
    // The first draw is a transition: React yields to the browser every few milliseconds instead
    // of building the whole tree in one task, so a page that draws several elements at load stays
    // responsive (and its first input is not held up behind them).
    startTransition(() => this.requestUpdate());
  }

  disconnectedCallback(): void {
    queueMicrotask(() => {
      if (this.isConnected) return;
      this.#stopAppearance?.();
      this.#stopAppearance = null;
      if (!this.#root) return;
      this.#root.unmount();
      this.#root = null;
    });
  }

  attributeChangedCallback(name: string, old: string | null, value: string | null): void {
    if (old === value) return;
    if ((PAGE_ATTRIBUTES as readonly string[]).includes(name))
      applyPageAttribute(name as PageAttribute, value);
    this.requestUpdate();
  }
}
