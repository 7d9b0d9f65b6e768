/**
 * Registers `tag` unless something already did: defining twice, or from two bundles that both
 * carry the element (a host chunk and a standalone embed), is harmless; the first wins.
 */
export function define(
  tag: `lp-${string}`,
  ctor: CustomElementConstructor & { finalize?: () => void },
): void {
  const registry = globalThis.customElements;
  if (!registry || registry.get(tag)) return;
  ctor.finalize?.();
  try {
    registry.define(tag, ctor);
  } catch (error) {
    // lost a race with another bundle defining the same tag: fine
    if (!registry.get(tag)) throw error;
  }
}
