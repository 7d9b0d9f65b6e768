import { readableShade } from '../lib/colour.ts';
import { $settings, DEFAULT_SETTINGS, isSize, type Settings } from './settings.ts';

/** The attribute that carries the size choice; the token sheet (src/ui/tokens.ts) sizes by it. */
export const SIZE_ATTRIBUTE = 'data-lp-size';

type Appearance = Pick<Settings, 'size' | 'theme'>;

const isDefaultTheme = (theme: string) => theme.toLowerCase() === DEFAULT_SETTINGS.theme.toLowerCase();

/**
 * Shows the size and theme choice on `target`: the document root, or an element's host. The
 * size becomes `data-lp-size`; a theme other than the default becomes `--lp-color-primary` and
 * its readable shade `--lp-color-primary-strong` in the inline style.
 *
 * Set on the host, both reach the element's shadow root: there the token sheet's `:host` rule
 * declares every token again, so a value on the document root alone never gets in. A default
 * choice sets nothing and only takes away what `before` (the choice shown until now) had set, so
 * a page that gives an element a size or tokens of its own keeps them.
 */
export function applyAppearance(target: HTMLElement, { size, theme }: Appearance, before: Appearance): void {
  // (a store made by an older bundle of the page has no size: that is the default)
  if (isSize(size) && size !== DEFAULT_SETTINGS.size) target.setAttribute(SIZE_ATTRIBUTE, size);
  else if (isSize(before.size) && before.size !== DEFAULT_SETTINGS.size)
    target.removeAttribute(SIZE_ATTRIBUTE);
  const style = target.style;
  if (!isDefaultTheme(theme)) {
    style.setProperty('--lp-color-primary', theme);
    // Text and text-bearing backgrounds use a shade of the theme that reaches 4.5:1 (WCAG AA).
    style.setProperty('--lp-color-primary-strong', readableShade(theme));
  } else if (!isDefaultTheme(before.theme)) {
    style.removeProperty('--lp-color-primary');
    style.removeProperty('--lp-color-primary-strong');
  }
}

/** Keeps `target` showing the page's size and theme as they change; returns a function that stops. */
export function followAppearance(target: HTMLElement): () => void {
  let shown: Appearance = DEFAULT_SETTINGS;
  return $settings.subscribe((settings) => {
    applyAppearance(target, settings, shown);
    shown = settings;
  });
}
