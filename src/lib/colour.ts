/**
 * Colour contrast (WCAG 2.x): the theme colour of spec §9 (#0095A2) reaches only 3.6:1 against
 * white, so text on a themed background uses a darker shade of it. A user's theme pick gets the
 * same treatment: the lightest shade of it that reads as text on white, or under white text.
 */

/** AA for normal text. */
export const AA_TEXT = 4.5;

function channels(hex: string): [number, number, number] {
  const match = /^#?([0-9a-f]{6})$/i.exec(hex.trim());
  if (!match) throw new Error(`not a #rrggbb colour: ${hex}`);
  const n = Number.parseInt(match[1]!, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function toHex(rgb: readonly number[]): string {
  return `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;
}

/** Relative luminance of a `#rrggbb` colour. */
export function luminance(hex: string): number {
  const [r, g, b] = channels(hex).map((c) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The contrast ratio of two colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** `colour` mixed with black, `share` of it kept (the CSS `color-mix(in srgb, c share, #000)`). */
export function shade(colour: string, share: number): string {
  return toHex(channels(colour).map((c) => c * share));
}

/**
 * The shade of `colour` used for text and text-bearing backgrounds: the tokens' 78 % mix with
 * black (`--lp-color-primary-strong`) when that reaches `ratio` against white, else the lightest
 * darker mix that does.
 */
export function readableShade(colour: string, ratio = AA_TEXT): string {
  for (let share = 0.78; share > 0; share -= 0.02) {
    const candidate = shade(colour, share);
    if (contrastRatio(candidate, '#ffffff') >= ratio) return candidate;
  }
  return '#000000';
}
