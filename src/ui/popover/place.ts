/** Where a popover goes: under an element, or at a point (context menus). */
export type Anchor = Element | { x: number; y: number };

const GAP = 4;
const MARGIN = 8;

/**
 * Places a top-layer popover (position: fixed, so viewport coordinates) below its anchor, or
 * above it when there is no room below, kept inside the viewport. `matchWidth` makes it at least
 * as wide as the anchor (select lists).
 */
export function place(popover: HTMLElement, anchor: Anchor, matchWidth = false): void {
  const rect =
    anchor instanceof Element ? anchor.getBoundingClientRect() : new DOMRect(anchor.x, anchor.y, 0, 0);
  const style = popover.style;
  style.position = 'fixed';
  if (matchWidth) style.minWidth = `${rect.width}px`;
  const { width, height } = popover.getBoundingClientRect();
  const vw = document.documentElement.clientWidth || window.innerWidth;
  const vh = window.innerHeight;
  let top = rect.bottom + GAP;
  if (top + height > vh - MARGIN && rect.top - GAP - height >= MARGIN) top = rect.top - GAP - height;
  const left = Math.max(MARGIN, Math.min(rect.left, vw - width - MARGIN));
  style.top = `${Math.max(MARGIN, top)}px`;
  style.left = `${left}px`;
}

/** Keeps a popover placed while the page scrolls or resizes; returns the cleanup. */
export function follow(popover: HTMLElement, anchor: Anchor, matchWidth = false): () => void {
  const update = () => place(popover, anchor, matchWidth);
  update();
  window.addEventListener('scroll', update, { capture: true, passive: true });
  window.addEventListener('resize', update, { passive: true });
  return () => {
    window.removeEventListener('scroll', update, { capture: true });
    window.removeEventListener('resize', update);
  };
}
