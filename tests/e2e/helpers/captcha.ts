import { readFileSync } from 'node:fs';

/**
 * Reads a captcha image the way a person does, so that end-to-end tests can pass the captcha
 * without any test door in the server. The server draws each character from a small stroke font
 * (server/services/captcha-image.ts) scaled, rotated, sheared and jittered; this reads that font
 * from the server's source, fits each drawn glyph to every font glyph with the same strokes, and
 * keeps the glyph whose fit needs the least distortion.
 */
type Point = readonly [number, number];
type Glyph = ReadonlyArray<ReadonlyArray<Point>>;

function loadFont(): Record<string, Glyph> {
  const source = readFileSync(
    new URL('../../../server/areas/accounts/captcha-image.ts', import.meta.url),
    'utf8',
  );
  const start = source.indexOf('{', source.indexOf('const GLYPHS'));
  const end = source.indexOf('\n};', start) + 2;
  const json = source
    .slice(start, end)
    .replace(/'?([A-Z0-9])'?:/g, '"$1":')
    .replace(/,(\s*[\]}])/g, '$1');
  return JSON.parse(json) as Record<string, Glyph>;
}

const FONT = loadFont();

/** The glyph paths of the image (round caps; the noise curves have none), each as strokes of points. */
function drawnGlyphs(svg: string): Point[][][] {
  const glyphs: Point[][][] = [];
  for (const match of svg.matchAll(/<path d="([^"]+)"[^>]*stroke-linecap="round"/g)) {
    const strokes = match[1]!
      .split('M')
      .filter(Boolean)
      .map((stroke) =>
        stroke.split('L').map((pair) => {
          const [x, y] = pair.trim().split(/\s+/).map(Number);
          return [x!, y!] as const;
        }),
      );
    glyphs.push(strokes);
  }
  return glyphs;
}

/** The font glyph's points as the server draws them: 3 points between each pair of corners. */
function densify(glyph: Glyph): Point[][] {
  return glyph.map((stroke) => {
    const points: Point[] = [];
    stroke.forEach((p, k) => {
      const prev = stroke[k - 1];
      if (prev) {
        for (let s = 1; s < 4; s++) {
          const f = s / 4;
          points.push([prev[0] + (p[0] - prev[0]) * f, prev[1] + (p[1] - prev[1]) * f]);
        }
      }
      points.push(p);
    });
    return points;
  });
}

function solve3(m: number[][], v: number[]): number[] | null {
  const det = (a: number[][]) =>
    a[0]![0]! * (a[1]![1]! * a[2]![2]! - a[1]![2]! * a[2]![1]!) -
    a[0]![1]! * (a[1]![0]! * a[2]![2]! - a[1]![2]! * a[2]![0]!) +
    a[0]![2]! * (a[1]![0]! * a[2]![1]! - a[1]![1]! * a[2]![0]!);
  const d = det(m);
  if (Math.abs(d) < 1e-9) return null;
  return [0, 1, 2].map((col) => det(m.map((row, r) => row.map((x, c) => (c === col ? v[r]! : x)))) / d);
}

/**
 * How badly `font` fits `drawn`: the least-squares affine map from font to drawing, its residual,
 * plus a penalty for a map the server never draws (scale 3.5-4.1 both ways, small rotation and
 * shear, no mirror).
 */
function misfit(font: Point[], drawn: Point[]): number {
  const ata = [
    [0, 0, 0],
    [0, 0, 0],
    [0, 0, 0],
  ];
  const atx = [0, 0, 0];
  const aty = [0, 0, 0];
  font.forEach(([gx, gy], i) => {
    const row = [gx, gy, 1];
    for (let r = 0; r < 3; r++) {
      for (let c = 0; c < 3; c++) ata[r]![c]! += row[r]! * row[c]!;
      atx[r]! += row[r]! * drawn[i]![0];
      aty[r]! += row[r]! * drawn[i]![1];
    }
  });
  const px = solve3(ata, atx);
  const py = solve3(ata, aty);
  if (!px || !py) return Number.POSITIVE_INFINITY;
  let residual = 0;
  font.forEach(([gx, gy], i) => {
    const dx = px[0]! * gx + px[1]! * gy + px[2]! - drawn[i]![0];
    const dy = py[0]! * gx + py[1]! * gy + py[2]! - drawn[i]![1];
    residual += dx * dx + dy * dy;
  });
  // Linear part [[a, b], [c, d]] = rotation × [[s, s·shear], [0, s]] (QR decomposition).
  const [a, b, c, d] = [px[0]!, px[1]!, py[0]!, py[1]!];
  const s1 = Math.hypot(a, c);
  const angle = Math.atan2(c, a);
  const det = a * d - b * c;
  const s2 = det / s1;
  const shear = (a * b + c * d) / (s1 * s1);
  let penalty = 0;
  if (det <= 0) penalty += 1000;
  penalty += 40 * Math.abs(s1 - s2);
  penalty += 40 * Math.max(0, Math.abs(angle) - 0.45);
  penalty += 40 * Math.max(0, Math.abs(shear) - 0.4);
  penalty += 40 * Math.max(0, 3.2 - s1, s1 - 4.4);
  return Math.sqrt(residual / font.length) + penalty;
}

/** The text of a captcha image, read glyph by glyph. */
export function readCaptcha(svg: string): string {
  return drawnGlyphs(svg)
    .map((drawn) => {
      const counts = drawn.map((s) => s.length).join(',');
      let best = { ch: '?', score: Number.POSITIVE_INFINITY };
      for (const [ch, glyph] of Object.entries(FONT)) {
        const dense = densify(glyph);
        if (dense.map((s) => s.length).join(',') !== counts) continue;
        const score = misfit(dense.flat(), drawn.flat());
        if (score < best.score) best = { ch, score };
      }
      return best.ch;
    })
    .join('');
}
