/** Spec §9: the root font size scales with the window width (min 1200, base 1800, cap 16 px). */
export const FONT_MIN_WIDTH = 1200;
export const FONT_BASE_WIDTH = 1800;
export const FONT_MAX_PX = 16;

export function rootFontSize(width: number): number {
  return Math.min(FONT_MAX_PX, (Math.max(width, FONT_MIN_WIDTH) / FONT_BASE_WIDTH) * FONT_MAX_PX);
}

/**
 * For the host page only (elements never depend on the page's rem): sets the root font size
 * now and on every resize; returns the function that stops it.
 */
export function scaleRootFontSize(win: Window = window): () => void {
  const apply = () => {
    win.document.documentElement.style.fontSize = `${rootFontSize(win.innerWidth)}px`;
  };
  apply();
  win.addEventListener('resize', apply);
  return () => win.removeEventListener('resize', apply);
}
