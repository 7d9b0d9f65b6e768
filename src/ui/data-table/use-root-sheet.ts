import { type RefObject, useLayoutEffect } from 'react';
import { sheet } from '../css.ts';

/**
 * Adopts `cssText` (one shared constructable sheet) into the shadow root or document the
 * element renders in, before the first paint: a component outside the kit's base sheet brings
 * its own styles, so they load with its chunk and not on every page.
 */
export function useRootSheet(ref: RefObject<Element | null>, cssText: string): void {
  useLayoutEffect(() => {
    const root = ref.current?.getRootNode();
    if (!(root instanceof ShadowRoot || root instanceof Document)) return;
    const own = sheet(cssText);
    if (!root.adoptedStyleSheets.includes(own)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, own];
  }, [ref, cssText]);
}
