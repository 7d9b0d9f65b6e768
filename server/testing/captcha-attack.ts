import { GLYPHS, type Point } from '../areas/accounts/captcha-font.ts';
import { decodePng } from '../areas/accounts/png.ts';

/**
 * Test support: the attack a motivated script writer would try on the captcha PNG, knowing the
 * font (it is in this repository) and the length. It binarizes the image (Otsu's threshold),
 * drops specks, finds the text's columns, cuts the text into characters and matches each piece
 * against every font glyph rendered clean at a few rotations and shears, by correlation of
 * 12 × 18 ink grids. Two ways of cutting: the textbook one (connected components, wide pieces
 * split at the emptiest column near an even cut: column projection) and a stronger one that lets
 * recognition choose the cuts. captcha-image.test.ts runs both on served images and on a clean
 * rendering of the same characters. About 45 ms of CPU per image for both.
 */

const CELLS_X = 12;
const CELLS_Y = 18;
/**
 * Template variants: rotations and shears around those the generator draws (the attacker has
 * its source). Of the sets tried (5 × 3 up to ±0.3, 3 × 1, 5 × 2) this one read the most.
 */
const ANGLES = [-0.15, 0, 0.15];
const SHEARS = [-0.15, 0, 0.15];

interface Mask {
  width: number;
  height: number;
  ink: Uint8Array;
}

/** Pixels darker than Otsu's threshold of the luma histogram. */
function binarize(png: Uint8Array): Mask {
  const { width, height, rgb } = decodePng(png);
  const gray = new Uint8Array(width * height);
  const histogram = new Array<number>(256).fill(0);
  for (let i = 0; i < gray.length; i++) {
    const v = Math.round(0.299 * rgb[i * 3]! + 0.587 * rgb[i * 3 + 1]! + 0.114 * rgb[i * 3 + 2]!);
    gray[i] = v;
    histogram[v]!++;
  }
  const total = gray.length;
  const sum = histogram.reduce((s, h, v) => s + h * v, 0);
  let below = 0;
  let belowSum = 0;
  let best = 0;
  let threshold = 128;
  for (let t = 0; t < 256; t++) {
    below += histogram[t]!;
    belowSum += histogram[t]! * t;
    if (below === 0 || below === total) continue;
    const m0 = belowSum / below;
    const m1 = (sum - belowSum) / (total - below);
    const between = below * (total - below) * (m0 - m1) ** 2;
    if (between > best) {
      best = between;
      threshold = t;
    }
  }
  const ink = new Uint8Array(gray.length);
  for (let i = 0; i < gray.length; i++) ink[i] = gray[i]! <= threshold ? 1 : 0;
  return { width, height, ink };
}

interface Piece {
  x0: number;
  x1: number;
  /** Pixel indexes of the piece. */
  pixels: number[];
}

/** 8-connected components of the ink, without specks. */
function components(mask: Mask, minArea: number): Piece[] {
  const { width, height, ink } = mask;
  const label = new Int32Array(ink.length).fill(-1);
  const pieces: Piece[] = [];
  for (let start = 0; start < ink.length; start++) {
    if (!ink[start] || label[start] !== -1) continue;
    const pixels: number[] = [];
    const stack = [start];
    label[start] = pieces.length;
    while (stack.length) {
      const at = stack.pop()!;
      pixels.push(at);
      const x = at % width;
      const y = (at - x) / width;
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          const nx = x + dx;
          const ny = y + dy;
          if (nx < 0 || ny < 0 || nx >= width || ny >= height) continue;
          const n = ny * width + nx;
          if (ink[n] && label[n] === -1) {
            label[n] = pieces.length;
            stack.push(n);
          }
        }
      }
    }
    if (pixels.length < minArea) continue;
    const xs = pixels.map((p) => p % width);
    pieces.push({ x0: Math.min(...xs), x1: Math.max(...xs), pixels });
  }
  return pieces;
}

/** A piece (or a template) scaled to CELLS_X × CELLS_Y: the share of ink in each cell. */
function cells(pixels: number[], width: number): Float64Array {
  const xs = pixels.map((p) => p % width);
  const ys = pixels.map((p) => Math.floor(p / width));
  const x0 = Math.min(...xs);
  const y0 = Math.min(...ys);
  const w = Math.max(...xs) - x0 + 1;
  const h = Math.max(...ys) - y0 + 1;
  const out = new Float64Array(CELLS_X * CELLS_Y);
  pixels.forEach((_, i) => {
    const cx = Math.min(CELLS_X - 1, Math.floor(((xs[i]! - x0) / w) * CELLS_X));
    const cy = Math.min(CELLS_Y - 1, Math.floor(((ys[i]! - y0) / h) * CELLS_Y));
    out[cy * CELLS_X + cx]! += 1;
  });
  return out;
}

/** Zero mean, unit length: the dot product of two such vectors is their correlation. */
function normalized(v: Float64Array): Float64Array {
  const mean = v.reduce((s, x) => s + x, 0) / v.length;
  const out = v.map((x) => x - mean);
  const norm = Math.sqrt(out.reduce((s, x) => s + x * x, 0)) || 1;
  return out.map((x) => x / norm);
}

/** Every glyph drawn clean (radius 2 px, 8 px a unit) at each of ANGLES × SHEARS. */
function templates(): Array<{ ch: string; cells: Float64Array }> {
  const size = 80;
  const out: Array<{ ch: string; cells: Float64Array }> = [];
  for (const [ch, strokes] of Object.entries(GLYPHS)) {
    for (const angle of ANGLES) {
      for (const shear of SHEARS) {
        const place = ([gx, gy]: Point): Point => {
          const x = (gx - 2 + shear * (3 - gy)) * 8;
          const y = (gy - 3) * 8;
          return [
            size / 2 + x * Math.cos(angle) - y * Math.sin(angle),
            size / 2 + x * Math.sin(angle) + y * Math.cos(angle),
          ];
        };
        const ink = new Uint8Array(size * size);
        for (const stroke of strokes) {
          for (let k = 1; k < stroke.length; k++) {
            const [ax, ay] = place(stroke[k - 1]!);
            const [bx, by] = place(stroke[k]!);
            const dx = bx - ax;
            const dy = by - ay;
            for (let y = Math.floor(Math.min(ay, by) - 3); y <= Math.max(ay, by) + 3; y++) {
              for (let x = Math.floor(Math.min(ax, bx) - 3); x <= Math.max(ax, bx) + 3; x++) {
                const t = Math.max(
                  0,
                  Math.min(1, ((x + 0.5 - ax) * dx + (y + 0.5 - ay) * dy) / (dx * dx + dy * dy)),
                );
                if (Math.hypot(x + 0.5 - ax - t * dx, y + 0.5 - ay - t * dy) <= 2) ink[y * size + x] = 1;
              }
            }
          }
        }
        const pixels: number[] = [];
        ink.forEach((v, at) => {
          if (v) pixels.push(at);
        });
        out.push({ ch, cells: normalized(cells(pixels, size)) });
      }
    }
  }
  return out;
}

/** The templates in one flat array (one row of CELLS_X × CELLS_Y per template), for speed. */
interface TemplateTable {
  chars: string[];
  cells: Float64Array;
}

let table: TemplateTable | undefined;

/** The best-matching glyph of some pixels and its correlation. */
function classify(pixels: number[], width: number): { ch: string; score: number } {
  if (!table) {
    const all = templates();
    const flat = new Float64Array(all.length * CELLS_X * CELLS_Y);
    for (const [i, t] of all.entries()) flat.set(t.cells, i * CELLS_X * CELLS_Y);
    table = { chars: all.map((t) => t.ch), cells: flat };
  }
  const sample = normalized(cells(pixels, width));
  const n = sample.length;
  let best = -1;
  let bestScore = -1;
  for (let t = 0; t < table.chars.length; t++) {
    let score = 0;
    const offset = t * n;
    for (let i = 0; i < n; i++) score += sample[i]! * table.cells[offset + i]!;
    if (score > bestScore) {
      bestScore = score;
      best = t;
    }
  }
  return { ch: table.chars[best] ?? '?', score: bestScore };
}

/**
 * The columns of the text: where the (3-column) projection holds clearly more ink than the lines
 * crossing the margins (the outer tenth on each side, where there is rarely text).
 */
function textColumns(mask: Mask, pixels: number[]): { x0: number; x1: number; smooth: number[] } {
  const { width } = mask;
  const projection = new Array<number>(width).fill(0);
  for (const p of pixels) projection[p % width]!++;
  const smooth = projection.map(
    (_, x) => (projection[x - 1] ?? 0) + projection[x]! + (projection[x + 1] ?? 0),
  );
  const margin = Math.round(width / 10);
  const edges = [...smooth.slice(0, margin), ...smooth.slice(width - margin)].sort((a, b) => a - b);
  // The lower quartile: columns with only the lines in them (text may reach into a margin).
  const lines = edges[Math.floor(edges.length / 4)]!;
  const dense = smooth.map((v) => v >= Math.max(24, lines * 1.8));
  let x0 = Math.max(0, dense.indexOf(true));
  let x1 = dense.lastIndexOf(true) + 1 || width;
  // Out to the thin ends of the first and last characters (a T's bar, a 3's tips).
  while (x0 > 0 && smooth[x0 - 1]! > lines + 3) x0--;
  while (x1 < width && smooth[x1]! > lines + 3) x1++;
  return { x0, x1, smooth };
}

/** The ink of `pieces` within columns [from, to). */
function inColumns(pieces: Piece[], width: number, from: number, to: number): number[] {
  return pieces.flatMap((p) => p.pixels.filter((at) => at % width >= from && at % width < to));
}

/**
 * The textbook segmentation: connected components (a piece lying mostly within another's
 * columns joins it), too many: the smallest go, too few: the widest is split at its emptiest
 * column near where an even split would cut (column projection). Then each piece is classified.
 */
function componentRead(mask: Mask, pieces: Piece[], length: number): string {
  const { width } = mask;
  const { x0, x1 } = textColumns(
    mask,
    pieces.flatMap((p) => p.pixels),
  );
  const charWidth = (x1 - x0) / length;
  let parts = pieces
    .map((p) => ({ from: p.x0, to: p.x1 + 1, area: p.pixels.length }))
    .sort((a, b) => a.from - b.from);
  for (let merged = true; merged; ) {
    merged = false;
    for (let i = 0; i + 1 < parts.length && !merged; i++) {
      const a = parts[i]!;
      const b = parts[i + 1]!;
      const overlap = Math.min(a.to, b.to) - Math.max(a.from, b.from);
      if (overlap > 0.6 * Math.min(a.to - a.from, b.to - b.from)) {
        parts.splice(i, 2, {
          from: Math.min(a.from, b.from),
          to: Math.max(a.to, b.to),
          area: a.area + b.area,
        });
        merged = true;
      }
    }
  }
  // Pieces outside the text columns are noise.
  parts = parts
    .filter((p) => p.to > x0 && p.from < x1)
    .map((p) => ({ ...p, from: Math.max(p.from, x0), to: Math.min(p.to, x1) }));
  while (parts.length > length) {
    const smallest = parts.reduce((m, p, i) => (p.area < parts[m]!.area ? i : m), 0);
    parts.splice(smallest, 1);
  }
  while (parts.length > 0 && parts.length < length) {
    const widest = parts.reduce((m, p, i) => (p.to - p.from > parts[m]!.to - parts[m]!.from ? i : m), 0);
    const part = parts[widest]!;
    const w = part.to - part.from;
    const count = Math.max(2, Math.min(length - parts.length + 1, Math.round(w / charWidth)));
    const column = new Array<number>(w).fill(0);
    for (const at of inColumns(pieces, width, part.from, part.to)) column[(at % width) - part.from]!++;
    const ideal = w / count;
    let cut = Math.round(ideal);
    for (
      let c = Math.max(1, Math.round(ideal - charWidth / 3));
      c <= Math.min(w - 1, ideal + charWidth / 3);
      c++
    ) {
      if (column[c]! < column[cut]!) cut = c;
    }
    parts.splice(
      widest,
      1,
      { from: part.from, to: part.from + cut, area: 0 },
      { from: part.from + cut, to: part.to, area: 0 },
    );
  }
  return parts
    .map((p) => {
      const ink = inColumns(pieces, width, p.from, p.to);
      return ink.length < 25 ? '?' : classify(ink, width).ch;
    })
    .join('')
    .padEnd(length, '?');
}

/**
 * Recognition-driven segmentation: cuts among the valleys of the column projection, chosen so
 * that the `length` pieces together match the font best (dynamic programming over the cuts).
 */
function searchRead(mask: Mask, pieces: Piece[], length: number): string {
  const { width } = mask;
  const pixels = pieces.flatMap((p) => p.pixels);
  const { x0, x1, smooth } = textColumns(mask, pixels);
  const charWidth = (x1 - x0) / length;
  // Candidate cuts: the middle of each valley of the projection (a run of equal lowest columns).
  const candidates: number[] = [];
  for (let x = x0 + 1; x < x1; ) {
    let end = x;
    while (end + 1 < x1 && smooth[end + 1] === smooth[x]) end++;
    if (smooth[x]! < smooth[x - 1]! && smooth[x]! < (smooth[end + 1] ?? 0) + 1) {
      candidates.push(Math.round((x + end) / 2));
    }
    x = end + 1;
  }
  const at = [x0];
  for (const c of candidates) if (c - at.at(-1)! >= 5 && x1 - c >= 5) at.push(c);
  at.push(x1);
  const byColumn: number[][] = Array.from({ length: width }, () => []);
  for (const p of pixels) byColumn[p % width]!.push(p);
  const memo = new Map<string, { ch: string; score: number }>();
  const score = (i: number, j: number) => {
    const key = `${i},${j}`;
    let hit = memo.get(key);
    if (!hit) {
      const inside: number[] = [];
      for (let x = at[i]!; x < at[j]!; x++) inside.push(...byColumn[x]!);
      hit = inside.length < 25 ? { ch: '?', score: -1 } : classify(inside, width);
      memo.set(key, hit);
    }
    return hit;
  };
  // best[k][j]: the best total score of k pieces ending at cut j, with the previous cut.
  const n = at.length;
  const best = Array.from({ length: length + 1 }, () => new Array<number>(n).fill(Number.NEGATIVE_INFINITY));
  const from = Array.from({ length: length + 1 }, () => new Array<number>(n).fill(-1));
  best[0]![0] = 0;
  for (let k = 1; k <= length; k++) {
    for (let j = 1; j < n; j++) {
      for (let i = 0; i < j; i++) {
        const w = at[j]! - at[i]!;
        if (best[k - 1]![i] === Number.NEGATIVE_INFINITY || w < 0.45 * charWidth || w > 1.7 * charWidth)
          continue;
        const total = best[k - 1]![i]! + score(i, j).score;
        if (total > best[k]![j]!) {
          best[k]![j] = total;
          from[k]![j] = i;
        }
      }
    }
  }
  if (best[length]![n - 1] === Number.NEGATIVE_INFINITY) return '?'.repeat(length);
  let text = '';
  for (let k = length, j = n - 1; k > 0; k--) {
    const i = from[k]![j]!;
    text = score(i, j).ch + text;
    j = i;
  }
  return text;
}

/** How the attack cuts the image into characters. */
export type Segmentation = 'components' | 'search';

/**
 * The attack's readings of a captcha PNG of `length` characters ('?' where it found nothing),
 * one per way of cutting it into characters: binarize, drop specks, segment (`components`: the
 * textbook way; `search`: recognition-driven, stronger), match each piece against the font.
 */
export function attackCaptcha(png: Uint8Array, length = 5): Record<Segmentation, string> {
  const mask = binarize(png);
  const pieces = components(mask, 25);
  if (pieces.length === 0) return { components: '?'.repeat(length), search: '?'.repeat(length) };
  return { components: componentRead(mask, pieces, length), search: searchRead(mask, pieces, length) };
}
