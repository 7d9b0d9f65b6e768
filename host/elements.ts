/**
 * The host knows feature elements by tag only: `lp-order-list` is served as
 * `/elements/order-list.js` when the build has it (the list is injected at build time), and is
 * loaded on first use. The host never imports a feature's code.
 */
const built: ReadonlySet<string> = new Set(builtNames());

/**
 * The build's element names; none where nothing replaces `__LP_ELEMENTS__` (the browser tests).
 * Not `typeof __LP_ELEMENTS__ === 'undefined' ? [] : __LP_ELEMENTS__`: the build replaced both
 * names, and the login page's first load carried the list twice (56 bytes brotli).
 */
function builtNames(): readonly string[] {
  try {
    return __LP_ELEMENTS__;
  } catch {
    return [];
  }
}
const loading = new Map<string, Promise<boolean>>();

export const elementName = (tag: string) => tag.replace(/^lp-/, '');

/** True when the element is defined or the build has it. */
export function isAvailable(tag: string): boolean {
  return customElements.get(tag) !== undefined || built.has(elementName(tag));
}

/** Defines `tag` by loading its module; resolves false when no such element exists. */
export function loadElement(tag: string): Promise<boolean> {
  if (customElements.get(tag)) return Promise.resolve(true);
  if (!/^lp-[a-z0-9-]+$/.test(tag) || !built.has(elementName(tag))) return Promise.resolve(false);
  let pending = loading.get(tag);
  if (!pending) {
    const url = `/elements/${elementName(tag)}.js`;
    pending = import(/* @vite-ignore */ url).then(
      () => customElements.whenDefined(tag).then(() => true),
      () => false,
    );
    loading.set(tag, pending);
  }
  return pending;
}
