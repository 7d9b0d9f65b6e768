import { readableShade } from '../lib/colour.ts';
import { $settings, DEFAULT_SETTINGS, type Settings } from './settings.ts';

/** The attribute that carries the size choice; the token sheet (src/ui/tokens.ts) sizes by it. */
export const SIZE_ATTRIBUTE = 'data-lp-size';

/**
 * Shows the size and theme choice on `target`: the document root, or an element's host. The
 * size becomes `data-lp-size` (absent for `default`); a theme other than the default becomes
 * `--lp-color-primary` and its readable shade `--lp-color-primary-strong` in the inline style.
 *
 * Set on the host, both reach the element's shadow root: there the token sheet's `:host` rule
 * declares every token again, so a value on the document root alone never gets in. With the
 * default choice nothing is set, and a page that styles an element's tokens itself keeps them.
 */
export function applyAppearance(
  target: HTMLElement,
  { size, theme }: Pick<Settings, 'size' | 'theme'>,
): void {
  if (size === DEFAULT_SETTINGS.size) target.removeAttribute(SIZE_ATTRIBUTE);
  else target.setAttribute(SIZE_ATTRIBUTE, size);
  const style = target.style;
  if (theme.toLowerCase() === DEFAULT_SETTINGS.theme.toLowerCase()) {
    style.removeProperty('--lp-color-primary');
    style.removeProperty('--lp-color-primary-strong');
  } else {
    style.setProperty('--lp-color-primary', theme);
    // Text and text-bearing backgrounds use a shade of the theme that reaches 4.5:1 (WCAG AA).
    style.setProperty('--lp-color-primary-strong', readableShade(theme));
  }
}

/** Keeps `target` showing the page's size and theme as they change; returns a function that stops. */
export function followAppearance(target: HTMLElement): () => void {
  return $settings.subscribe((settings) => applyAppearance(target, settings));
}
