/**
 * Code 128 for the waybill's order number (ISO/IEC 15417): code sets B (printable ASCII) and C
 * (digit pairs), switching to C for runs of digits, so `LP20261122000042` takes 12 symbols
 * instead of 19. Written by hand: the small libraries are CommonJS only (jsbarcode) or carry
 * every symbology (bwip-js); this is under 1 KB and has the one symbology the waybill needs.
 */

/** Bar and space widths of symbols 0–106 (bar first; 106 is the stop, 13 modules). */
// biome-ignore format: the standard's table, six to a row
const PATTERNS = [
  '212222', '222122', '222221', '121223', '121322', '131222', '122213', '122312', '132212', '221213',
  '221312', '231212', '112232', '122132', '122231', '113222', '123122', '123221', '223211', '221132',
  '221231', '213212', '223112', '312131', '311222', '321122', '321221', '312212', '322112', '322211',
  '212123', '212321', '232121', '111323', '131123', '131321', '112313', '132113', '132311', '211313',
  '231113', '231311', '112133', '112331', '132131', '113123', '113321', '133121', '313121', '211331',
  '231131', '213113', '213311', '213131', '311123', '311321', '331121', '312113', '312311', '332111',
  '314111', '221411', '431111', '111224', '111422', '121124', '121421', '141122', '141221', '112214',
  '112412', '122114', '122411', '142112', '142211', '241211', '221114', '413111', '241112', '134111',
  '111242', '121142', '121241', '114212', '124112', '124211', '411212', '421112', '421211', '212141',
  '214121', '412121', '111143', '111341', '131141', '114113', '114311', '411113', '411311', '113141',
  '114131', '311141', '411131', '211412', '211214', '211232', '2331112',
] as const;

const CODE_C = 99;
const CODE_B = 100;
const START_B = 104;
const START_C = 105;
const STOP = 106;

const digitRun = (text: string, from: number): number => {
  let end = from;
  while (end < text.length && text.charCodeAt(end) >= 48 && text.charCodeAt(end) <= 57) end++;
  return end - from;
};

/**
 * The symbol values for `text` (start, data, checksum, stop). Throws for characters outside
 * printable ASCII (an order number never has them).
 */
export function code128Symbols(text: string): number[] {
  if (!/^[\x20-\x7e]+$/.test(text)) throw new Error('Code 128 B/C takes printable ASCII only');
  const data: number[] = [];
  let set: 'B' | 'C' = digitRun(text, 0) >= 4 && digitRun(text, 0) % 2 === 0 ? 'C' : 'B';
  const start = set === 'C' ? START_C : START_B;
  let i = 0;
  while (i < text.length) {
    const run = digitRun(text, i);
    if (set === 'B' && (run >= 6 || (run >= 4 && i + run === text.length))) {
      // An odd run keeps its first digit in B, so the pairs end where the run does.
      if (run % 2 === 1) data.push(text.charCodeAt(i++) - 32);
      data.push(CODE_C);
      set = 'C';
      continue;
    }
    if (set === 'C') {
      if (run >= 2) {
        data.push(Number(text.slice(i, i + 2)));
        i += 2;
        continue;
      }
      data.push(CODE_B);
      set = 'B';
    }
    data.push(text.charCodeAt(i++) - 32);
  }
  const sum = data.reduce((total, value, index) => total + value * (index + 1), start);
  return [start, ...data, sum % 103, STOP];
}

/** Module widths, bar first, of the whole symbol without quiet zones. */
export function code128Widths(text: string): number[] {
  return code128Symbols(text).flatMap((symbol) => [...PATTERNS[symbol]!].map(Number));
}

/** The bars as `[x, width]` in modules, after a quiet zone of 10 modules; and the total width. */
export function code128Bars(text: string, quiet = 10): { bars: Array<[number, number]>; width: number } {
  const bars: Array<[number, number]> = [];
  let x = quiet;
  for (const [index, width] of code128Widths(text).entries()) {
    if (index % 2 === 0) bars.push([x, width]);
    x += width;
  }
  return { bars, width: x + quiet };
}
