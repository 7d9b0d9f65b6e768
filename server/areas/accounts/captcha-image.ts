import { randomInt } from 'node:crypto';

/** Letters and digits that cannot be mistaken for one another (no 0/O, 1/I/L, 2/Z, 5/S, 8/B). */
export const CAPTCHA_ALPHABET = 'ACEFHKMNPRTUVWXY3479';

type Stroke = ReadonlyArray<readonly [number, number]>;

/** A small stroke font on a 4 × 6 grid: the image carries paths, never the text itself. */
const GLYPHS: Record<string, readonly Stroke[]> = {
  A: [
    [
      [0, 6],
      [2, 0],
      [4, 6],
    ],
    [
      [1, 4],
      [3, 4],
    ],
  ],
  C: [
    [
      [4, 1],
      [3, 0],
      [1, 0],
      [0, 1],
      [0, 5],
      [1, 6],
      [3, 6],
      [4, 5],
    ],
  ],
  E: [
    [
      [4, 0],
      [0, 0],
      [0, 6],
      [4, 6],
    ],
    [
      [0, 3],
      [3, 3],
    ],
  ],
  F: [
    [
      [4, 0],
      [0, 0],
      [0, 6],
    ],
    [
      [0, 3],
      [3, 3],
    ],
  ],
  H: [
    [
      [0, 0],
      [0, 6],
    ],
    [
      [4, 0],
      [4, 6],
    ],
    [
      [0, 3],
      [4, 3],
    ],
  ],
  K: [
    [
      [0, 0],
      [0, 6],
    ],
    [
      [4, 0],
      [0, 3.6],
    ],
    [
      [1.3, 2.5],
      [4, 6],
    ],
  ],
  M: [
    [
      [0, 6],
      [0, 0],
      [2, 3],
      [4, 0],
      [4, 6],
    ],
  ],
  N: [
    [
      [0, 6],
      [0, 0],
      [4, 6],
      [4, 0],
    ],
  ],
  P: [
    [
      [0, 6],
      [0, 0],
      [3, 0],
      [4, 1],
      [4, 2],
      [3, 3],
      [0, 3],
    ],
  ],
  R: [
    [
      [0, 6],
      [0, 0],
      [3, 0],
      [4, 1],
      [4, 2],
      [3, 3],
      [0, 3],
    ],
    [
      [2, 3],
      [4, 6],
    ],
  ],
  T: [
    [
      [0, 0],
      [4, 0],
    ],
    [
      [2, 0],
      [2, 6],
    ],
  ],
  U: [
    [
      [0, 0],
      [0, 5],
      [1, 6],
      [3, 6],
      [4, 5],
      [4, 0],
    ],
  ],
  V: [
    [
      [0, 0],
      [2, 6],
      [4, 0],
    ],
  ],
  W: [
    [
      [0, 0],
      [1, 6],
      [2, 2],
      [3, 6],
      [4, 0],
    ],
  ],
  X: [
    [
      [0, 0],
      [4, 6],
    ],
    [
      [4, 0],
      [0, 6],
    ],
  ],
  Y: [
    [
      [0, 0],
      [2, 3],
      [4, 0],
    ],
    [
      [2, 3],
      [2, 6],
    ],
  ],
  '3': [
    [
      [0, 0],
      [4, 0],
      [2, 2.5],
      [3, 2.5],
      [4, 3.5],
      [4, 5],
      [3, 6],
      [1, 6],
      [0, 5],
    ],
  ],
  '4': [
    [
      [3, 6],
      [3, 0],
      [0, 4],
      [4, 4],
    ],
  ],
  '7': [
    [
      [0, 0],
      [4, 0],
      [1.5, 6],
    ],
  ],
  '9': [
    [
      [4, 3],
      [1, 3],
      [0, 2],
      [0, 1],
      [1, 0],
      [3, 0],
      [4, 1],
      [4, 5],
      [3, 6],
      [0, 6],
    ],
  ],
};

export const CAPTCHA_WIDTH = 140;
export const CAPTCHA_HEIGHT = 44;

/** Random text of `length` characters from CAPTCHA_ALPHABET (crypto-random). */
export function captchaText(length = 5): string {
  let text = '';
  for (let i = 0; i < length; i++) text += CAPTCHA_ALPHABET[randomInt(CAPTCHA_ALPHABET.length)];
  return text;
}

const between = (lo: number, hi: number) => lo + Math.random() * (hi - lo);
const fmt = (n: number) => n.toFixed(1);
const colour = () =>
  `hsl(${Math.floor(between(0, 360))},${Math.floor(between(45, 75))}%,${Math.floor(between(25, 40))}%)`;

/**
 * The text drawn as an SVG image: every glyph scaled, rotated, sheared and jittered, the whole
 * line bent by a wave, over noise curves and dots. Paths only, so the answer is not in the markup.
 */
export function captchaSvg(text: string): string {
  const wave = { amp: between(2, 4), freq: between(0.05, 0.09), phase: between(0, Math.PI * 2) };
  const parts: string[] = [];
  for (let i = 0; i < 4; i++) {
    const y = () => fmt(between(4, CAPTCHA_HEIGHT - 4));
    parts.push(
      `<path d="M0 ${y()} C${fmt(between(20, 60))} ${y()} ${fmt(between(80, 120))} ${y()} ${CAPTCHA_WIDTH} ${y()}" stroke="${colour()}" stroke-width="${fmt(between(0.8, 1.6))}" fill="none" opacity="0.7"/>`,
    );
  }
  for (let i = 0; i < 40; i++) {
    parts.push(
      `<circle cx="${fmt(between(0, CAPTCHA_WIDTH))}" cy="${fmt(between(0, CAPTCHA_HEIGHT))}" r="${fmt(between(0.5, 1.4))}" fill="${colour()}"/>`,
    );
  }
  const step = (CAPTCHA_WIDTH - 16) / text.length;
  [...text].forEach((ch, index) => {
    const glyph = GLYPHS[ch];
    if (!glyph) return;
    const scale = between(3.5, 4.1);
    const angle = between(-0.35, 0.35);
    const shear = between(-0.3, 0.3);
    const cx = 8 + step * index + step / 2 + between(-2, 2);
    const cy = CAPTCHA_HEIGHT / 2 + between(-3, 3);
    const place = ([gx, gy]: readonly [number, number]): [number, number] => {
      const x0 = (gx - 2 + shear * (gy - 3)) * scale;
      const y0 = (gy - 3) * scale;
      const x = cx + x0 * Math.cos(angle) - y0 * Math.sin(angle) + between(-0.8, 0.8);
      const y = cy + x0 * Math.sin(angle) + y0 * Math.cos(angle) + between(-0.8, 0.8);
      return [x, y + wave.amp * Math.sin(x * wave.freq + wave.phase)];
    };
    const d = glyph
      .map((stroke) => {
        const points: Array<[number, number]> = [];
        stroke.forEach((p, k) => {
          const prev = stroke[k - 1];
          if (prev) {
            for (let s = 1; s < 4; s++) {
              const f = s / 4;
              points.push(place([prev[0] + (p[0] - prev[0]) * f, prev[1] + (p[1] - prev[1]) * f]));
            }
          }
          points.push(place(p));
        });
        return points.map(([x, y], k) => `${k === 0 ? 'M' : 'L'}${fmt(x)} ${fmt(y)}`).join('');
      })
      .join('');
    parts.push(
      `<path d="${d}" stroke="${colour()}" stroke-width="${fmt(between(2.2, 3))}" fill="none" stroke-linecap="round" stroke-linejoin="round"/>`,
    );
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${CAPTCHA_WIDTH}" height="${CAPTCHA_HEIGHT}" viewBox="0 0 ${CAPTCHA_WIDTH} ${CAPTCHA_HEIGHT}" role="img" aria-label="captcha"><rect width="100%" height="100%" fill="#f4f7f8"/>${parts.join('')}</svg>`;
}
