import { css, sheet } from './css.ts';

/**
 * The sizes of spec §4 below `default` (the tokens above): text, spacing, control and row heights.
 * A root shows one when `data-lp-size` names it, on the document root or on an element's host
 * (`src/stores/appearance.ts` sets it from the settings). Small buttons keep 24px in every size,
 * the smallest target WCAG 2.2 (2.5.8) accepts without extra spacing.
 */
const SIZE_TOKENS = {
  medium: { font: [12, 14, 16, 18], space: [4, 8, 10, 14, 20, 5], control: 30, row: 36 },
  small: { font: [12, 13, 15, 16], space: [4, 6, 10, 12, 18, 4], control: 28, row: 32 },
  mini: { font: [12, 12, 14, 16], space: [2, 4, 8, 10, 16, 3], control: 24, row: 28 },
} as const;

const fontNames = ['sm', 'md', 'lg', 'xl'];
const spaceNames = ['1', '2', '3', '4', '5', 'item'];

const sizeRules = Object.entries(SIZE_TOKENS)
  .map(
    ([size, { font, space, control, row }]) =>
      `:where(:root[data-lp-size='${size}']), :host([data-lp-size='${size}']) {${[
        ...font.map((px, i) => `--lp-font-size-${fontNames[i]}: ${px}px;`),
        ...space.map((px, i) => `--lp-space-${spaceNames[i]}: ${px}px;`),
        `--lp-control-height: ${control}px;`,
        `--lp-row-height: ${row}px;`,
      ].join('')}}`,
  )
  .join('\n');

/**
 * Design tokens: colours, sizes (in px, never rem, so the embedding page's root font size has
 * no effect), radii, shadows. Scoped to `:where(:root), :host` so the same sheet themes the host
 * document and every element's shadow root; a page themes an element by setting `--lp-*` on it.
 * `--lp-color-primary-strong` is the primary colour darkened for text and filled buttons, where
 * #0095A2 itself does not reach a 4.5:1 contrast with white.
 */
export const tokensCss = css`
  :where(:root),
  :host {
    --lp-color-primary: #0095a2;
    --lp-color-primary-strong: color-mix(in srgb, var(--lp-color-primary) 78%, #000);
    --lp-color-primary-soft: color-mix(in srgb, var(--lp-color-primary) 12%, #fff);
    --lp-color-on-primary: #ffffff;
    --lp-color-text: #1f2933;
    --lp-color-text-muted: #56606a;
    --lp-color-border: #c3ccd4;
    --lp-color-border-strong: #8a96a3;
    --lp-color-bg: #ffffff;
    --lp-color-bg-muted: #f4f6f8;
    --lp-color-bg-hover: #eef3f5;
    --lp-color-success: #1a7f37;
    --lp-color-info: #0a6fa8;
    --lp-color-warning: #8a5a00;
    --lp-color-danger: #c0262d;
    --lp-color-backdrop: rgb(15 23 42 / 45%);
    --lp-font-family: system-ui, -apple-system, 'Segoe UI', 'PingFang SC', 'Microsoft YaHei', sans-serif;
    --lp-font-size-sm: 12px;
    --lp-font-size-md: 14px;
    --lp-font-size-lg: 16px;
    --lp-font-size-xl: 18px;
    --lp-line-height: 1.5;
    --lp-space-1: 4px;
    --lp-space-2: 8px;
    --lp-space-3: 12px;
    --lp-space-4: 16px;
    --lp-space-5: 24px;
    --lp-space-item: 6px;
    --lp-radius: 4px;
    --lp-radius-lg: 8px;
    --lp-control-height: 32px;
    --lp-control-height-sm: 24px;
    --lp-row-height: 40px;
    --lp-shadow: 0 2px 8px rgb(15 23 42 / 16%);
    --lp-shadow-lg: 0 8px 24px rgb(15 23 42 / 22%);
    --lp-focus-ring: 0 0 0 2px #ffffff, 0 0 0 4px var(--lp-color-primary);
    --lp-z-toast: 10;
  }
${sizeRules}`;

/** The token stylesheet (one instance, adopted by every root). */
export const tokensSheet = (): CSSStyleSheet => sheet(tokensCss);
