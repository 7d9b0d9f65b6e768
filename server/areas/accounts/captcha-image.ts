import { randomBytes, randomInt } from 'node:crypto';
import { CAPTCHA_ALPHABET, GLYPHS, type Point } from './captcha-font.ts';
import { encodePng, type RgbImage } from './png.ts';

export { CAPTCHA_ALPHABET } from './captcha-font.ts';

/** Pixels of the image: twice the 180 × 60 CSS pixels the login page shows (sharp on HiDPI screens). */
export const CAPTCHA_WIDTH = 360;
export const CAPTCHA_HEIGHT = 120;

/**
 * Shapes are laid out on a 240 × 80 design grid and scaled to the image, so that the look does
 * not change with its size.
 */
const DESIGN_WIDTH = 240;
const DESIGN_HEIGHT = 80;
const K = CAPTCHA_WIDTH / DESIGN_WIDTH;

/** A source of numbers in [0, 1). */
export type Random = () => number;

/** sfc32: a small, fast generator; the seed (4 × 32 bits) decides every number. */
export function seededRandom(seed: ArrayLike<number>): Random {
  let a = seed[0]! >>> 0;
  let b = seed[1]! >>> 0;
  let c = seed[2]! >>> 0;
  let d = seed[3]! >>> 0;
  const next = () => {
    const t = (((a + b) >>> 0) + d) >>> 0;
    d = (d + 1) >>> 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) >>> 0;
    c = ((c << 21) | (c >>> 11)) >>> 0;
    c = (c + t) >>> 0;
    return t / 4294967296;
  };
  for (let i = 0; i < 12; i++) next();
  return next;
}

/** A generator seeded with 128 bits from the operating system: each image's shapes are unguessable. */
export function secureRandom(): Random {
  const bytes = randomBytes(16);
  return seededRandom([0, 4, 8, 12].map((at) => bytes.readUInt32LE(at)));
}

/** Random text of `length` characters from CAPTCHA_ALPHABET (crypto-random). */
export function captchaText(length = 5): string {
  let text = '';
  for (let i = 0; i < length; i++) text += CAPTCHA_ALPHABET[randomInt(CAPTCHA_ALPHABET.length)];
  return text;
}

type Rgb = readonly [number, number, number];
type Polyline = Point[];
type Between = (lo: number, hi: number) => number;

function hsl(h: number, s: number, l: number): Rgb {
  const k = (n: number) => (n + h / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => l - a * Math.max(-1, Math.min(k(n) - 3, 9 - k(n), 1));
  return [f(0) * 255, f(8) * 255, f(4) * 255];
}

/** Splits every segment so that no piece is longer than `step`: a warp then bends it smoothly. */
function densify(line: Polyline, step: number): Polyline {
  const out: Point[] = [line[0]!];
  for (let i = 1; i < line.length; i++) {
    const [ax, ay] = line[i - 1]!;
    const [bx, by] = line[i]!;
    const pieces = Math.max(1, Math.ceil(Math.hypot(bx - ax, by - ay) / step));
    for (let k = 1; k <= pieces; k++)
      out.push([ax + ((bx - ax) * k) / pieces, ay + ((by - ay) * k) / pieces]);
  }
  return out;
}

/** The pixels of the image: RGB as floats while drawing. */
class Canvas {
  readonly rgb = new Float32Array(CAPTCHA_WIDTH * CAPTCHA_HEIGHT * 3);

  /** Mixes `colour` into pixel (x, y) by `alpha`. */
  mix(x: number, y: number, colour: Rgb, alpha: number): void {
    const at = (y * CAPTCHA_WIDTH + x) * 3;
    for (let k = 0; k < 3; k++) this.rgb[at + k] = this.rgb[at + k]! * (1 - alpha) + colour[k]! * alpha;
  }

  bytes(): Uint8Array {
    const out = new Uint8Array(this.rgb.length);
    for (let i = 0; i < out.length; i++) out[i] = Math.round(this.rgb[i]!);
    return out;
  }
}

const scratch = new Float32Array(CAPTCHA_WIDTH * CAPTCHA_HEIGHT);

/**
 * Draws round-capped lines of one radius (pixels) in `colour(x)`, anti-aliased by the distance of
 * each pixel centre to the nearest line: where lines cross, the ink is mixed in once.
 */
function drawLines(canvas: Canvas, lines: Polyline[], radius: number, colour: (x: number) => Rgb): void {
  const cover = scratch;
  const reach = radius + 1;
  let bx0 = CAPTCHA_WIDTH;
  let bx1 = -1;
  let by0 = CAPTCHA_HEIGHT;
  let by1 = -1;
  for (const line of lines) {
    for (let i = 1; i < line.length; i++) {
      const [ax, ay] = line[i - 1]!;
      const [bx, by] = line[i]!;
      const dx = bx - ax;
      const dy = by - ay;
      const length2 = dx * dx + dy * dy || 1e-9;
      const x0 = Math.max(0, Math.floor(Math.min(ax, bx) - reach));
      const x1 = Math.min(CAPTCHA_WIDTH - 1, Math.ceil(Math.max(ax, bx) + reach));
      const y0 = Math.max(0, Math.floor(Math.min(ay, by) - reach));
      const y1 = Math.min(CAPTCHA_HEIGHT - 1, Math.ceil(Math.max(ay, by) + reach));
      if (x0 > x1 || y0 > y1) continue;
      bx0 = Math.min(bx0, x0);
      bx1 = Math.max(bx1, x1);
      by0 = Math.min(by0, y0);
      by1 = Math.max(by1, y1);
      for (let y = y0; y <= y1; y++) {
        const py = y + 0.5;
        for (let x = x0; x <= x1; x++) {
          const px = x + 0.5;
          const t = Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / length2));
          const ex = px - ax - t * dx;
          const ey = py - ay - t * dy;
          const c = radius + 0.5 - Math.sqrt(ex * ex + ey * ey);
          const at = y * CAPTCHA_WIDTH + x;
          if (c > cover[at]!) cover[at] = c > 1 ? 1 : c;
        }
      }
    }
  }
  for (let y = by0; y <= by1; y++) {
    for (let x = bx0; x <= bx1; x++) {
      const at = y * CAPTCHA_WIDTH + x;
      if (cover[at]! > 0) canvas.mix(x, y, colour(x), cover[at]!);
      cover[at] = 0;
    }
  }
}

export interface CaptchaDrawOptions {
  /** Numbers for every random choice (default: secureRandom()); tests pass a seeded one. */
  random?: Random;
  /**
   * Only the characters, spaced apart on a plain background: no overlap, warp, noise or clutter.
   * Never served; tests use it to show that an attack which fails on the real image does read
   * the font's characters.
   */
  clean?: boolean;
}

/**
 * The characters as lines (design grid), each scaled, rotated, sheared and jittered, packed so
 * that neighbours touch or overlap (unless `spaced`).
 */
function characterLines(text: string, between: Between, spaced: boolean): Polyline[] {
  const lines: Polyline[] = [];
  const glyphs = [...text].map((ch) => {
    const scale = between(8.5, 9.5);
    return {
      strokes: GLYPHS[ch] ?? [],
      sx: scale * between(0.85, 1.15),
      sy: scale,
      angle: between(-0.05, 0.05),
      shear: between(-0.05, 0.05),
    };
  });
  const advances = glyphs.map((g) => 4 * g.sx * between(0.85, 0.95) + (spaced ? 10 : 3));
  const total = advances.slice(0, -1).reduce((s, a) => s + a, 0) + 4 * (glyphs.at(-1)?.sx ?? 0);
  let left = (DESIGN_WIDTH - total) / 2 + between(-8, 8);
  glyphs.forEach((g, index) => {
    const cx = left + 2 * g.sx;
    const cy = DESIGN_HEIGHT / 2 + between(-4, 4);
    const cos = Math.cos(g.angle);
    const sin = Math.sin(g.angle);
    // One jitter per font point, so that strokes meeting at a point still meet.
    const jitter = new Map<string, Point>();
    const place = ([gx, gy]: Point): Point => {
      const key = `${gx},${gy}`;
      let j = jitter.get(key);
      if (!j) {
        j = [between(-0.22, 0.22), between(-0.22, 0.22)];
        jitter.set(key, j);
      }
      const x0 = (gx + j[0] - 2 + g.shear * (3 - gy)) * g.sx;
      const y0 = (gy + j[1] - 3) * g.sy;
      return [cx + x0 * cos - y0 * sin, cy + x0 * sin + y0 * cos];
    };
    for (const stroke of g.strokes) lines.push(stroke.map(place));
    left += advances[index]!;
  });
  return lines;
}

/**
 * Two long, gently waving lines across the whole image (design grid) that cross each other and
 * every character, at a slant (a level line would read as a crossbar and turn F into E): the
 * same width and colour as the characters. A person follows them from edge to edge; to a script
 * they are strokes like any other, in every character's columns.
 */
function noiseLines(between: Between): Polyline[] {
  const sign = between(0, 1) < 0.5 ? -1 : 1;
  return [sign, -sign].map((direction) => {
    const x0 = between(-10, 20);
    const x1 = between(DESIGN_WIDTH - 20, DESIGN_WIDTH + 10);
    const amplitude = between(2, 5);
    const wavelength = between(150, 250);
    const phase = between(0, Math.PI * 2);
    const middle = DESIGN_HEIGHT / 2 + between(-6, 6);
    const slope = direction * between(0.15, 0.25);
    const line: Point[] = [];
    for (let x = x0; x <= x1; x += 2) {
      const wave = amplitude * Math.sin((x / wavelength) * Math.PI * 2 + phase);
      line.push([x, middle + slope * (x - DESIGN_WIDTH / 2) + wave]);
    }
    return line;
  });
}

/** A smooth random displacement (design grid; sums of plane waves): bends lines, not only affinely. */
function warpField(between: Between): (p: Point) => Point {
  const waves = () =>
    Array.from({ length: 3 }, () => {
      const direction = between(0, Math.PI * 2);
      const frequency = (Math.PI * 2) / between(80, 140);
      return {
        fx: Math.cos(direction) * frequency,
        fy: Math.sin(direction) * frequency,
        phase: between(0, Math.PI * 2),
        amplitude: between(2, 3),
      };
    });
  const wx = waves();
  const wy = waves();
  const at = (ws: typeof wx, x: number, y: number) =>
    ws.reduce((s, w) => s + w.amplitude * Math.sin(w.fx * x + w.fy * y + w.phase), 0);
  return ([x, y]) => [x + at(wx, x, y), y + at(wy, x, y)];
}

/** The range [lo, hi] mapped into [margin, size - margin] when it is not inside already. */
function fitRange(lo: number, hi: number, size: number, margin: number): (v: number) => number {
  if (lo >= margin && hi <= size - margin) return (v) => v;
  const scale = Math.min(1, (size - 2 * margin) / (hi - lo));
  const shift = Math.max(margin - lo * scale, Math.min(0, size - margin - hi * scale));
  return (v) => v * scale + shift;
}

/** Squeezes the characters, if needed, so that the warp never pushes them off the image. */
function fitInside(lines: Polyline[]): Polyline[] {
  const xs = lines.flatMap((line) => line.map(([x]) => x));
  const ys = lines.flatMap((line) => line.map(([, y]) => y));
  const fx = fitRange(Math.min(...xs), Math.max(...xs), DESIGN_WIDTH, 4);
  const fy = fitRange(Math.min(...ys), Math.max(...ys), DESIGN_HEIGHT, 4);
  return lines.map((line) => line.map(([x, y]) => [fx(x), fy(y)] as const));
}

const toPixels = (line: Polyline): Polyline => line.map(([x, y]) => [x * K, y * K]);

/** Pale shapes behind the text: soft blobs and thin short lines in light colours. */
function clutter(canvas: Canvas, between: Between): void {
  for (let i = 0; i < 14; i++) {
    const colour = hsl(between(0, 360), between(0.3, 0.6), between(0.8, 0.9));
    const cx = between(0, CAPTCHA_WIDTH);
    const cy = between(0, CAPTCHA_HEIGHT);
    const rx = between(10, 36) * K;
    const ry = between(7, 24) * K;
    for (let y = Math.max(0, Math.floor(cy - ry)); y < Math.min(CAPTCHA_HEIGHT, cy + ry); y++) {
      for (let x = Math.max(0, Math.floor(cx - rx)); x < Math.min(CAPTCHA_WIDTH, cx + rx); x++) {
        const d = ((x - cx) / rx) ** 2 + ((y - cy) / ry) ** 2;
        if (d < 1) canvas.mix(x, y, colour, 0.6 * (1 - d));
      }
    }
  }
  for (let i = 0; i < 16; i++) {
    const colour = hsl(between(0, 360), between(0.3, 0.6), between(0.72, 0.84));
    const x = between(0, DESIGN_WIDTH);
    const y = between(0, DESIGN_HEIGHT);
    const angle = between(0, Math.PI * 2);
    const length = between(10, 40);
    const bend = between(-8, 8);
    const line: Point[] = [];
    for (let k = 0; k <= 10; k++) {
      const t = k / 10;
      const off = bend * 4 * t * (1 - t);
      line.push([
        x + Math.cos(angle) * length * t - Math.sin(angle) * off,
        y + Math.sin(angle) * length * t + Math.cos(angle) * off,
      ]);
    }
    drawLines(canvas, [toPixels(line)], between(0.7, 1.4) * K, () => colour);
  }
}

/**
 * The captcha drawn as pixels. Characters and noise waves are one set of lines of one width,
 * inked in one colour gradient and bent together by one random warp, over pale clutter: no
 * width, colour or layer tells a character's stroke from a noise stroke.
 */
export function drawCaptcha(text: string, options: CaptchaDrawOptions = {}): RgbImage {
  const random = options.random ?? secureRandom();
  const between: Between = (lo, hi) => lo + random() * (hi - lo);
  const clean = options.clean === true;

  const canvas = new Canvas();
  const hue = between(0, 360);
  const top = hsl(hue, between(0.2, 0.45), between(0.93, 0.97));
  const bottom = hsl(hue + between(-60, 60), between(0.2, 0.45), between(0.9, 0.95));
  for (let y = 0; y < CAPTCHA_HEIGHT; y++) {
    const f = y / (CAPTCHA_HEIGHT - 1);
    const row: Rgb = [0, 1, 2].map((k) => top[k]! * (1 - f) + bottom[k]! * f) as unknown as Rgb;
    for (let x = 0; x < CAPTCHA_WIDTH; x++) canvas.rgb.set(row, (y * CAPTCHA_WIDTH + x) * 3);
  }
  if (!clean) clutter(canvas, between);

  const inkHue = between(0, 360);
  const left = hsl(inkHue, between(0.5, 0.75), between(0.2, 0.32));
  const right = hsl(inkHue + between(60, 150), between(0.5, 0.75), between(0.2, 0.32));
  const ink: Rgb[] = Array.from({ length: CAPTCHA_WIDTH }, (_, x) => {
    const f = x / (CAPTCHA_WIDTH - 1);
    return [0, 1, 2].map((k) => left[k]! * (1 - f) + right[k]! * f) as unknown as Rgb;
  });
  const radius = between(1.8, 2.2) * K;
  const warp = clean ? (p: Point) => p : warpField(between);
  const characters = characterLines(text, between, clean).map((line) => densify(line, 2).map(warp));
  const noise = clean ? [] : noiseLines(between).map((line) => densify(line, 2).map(warp));
  drawLines(canvas, [...fitInside(characters), ...noise].map(toPixels), radius, (x) => ink[x]!);
  return { width: CAPTCHA_WIDTH, height: CAPTCHA_HEIGHT, rgb: canvas.bytes() };
}

/** The captcha as PNG bytes. */
export function captchaPng(text: string, options: CaptchaDrawOptions = {}): Buffer {
  return encodePng(drawCaptcha(text, options));
}
