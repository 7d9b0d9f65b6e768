/** A cell of a spreadsheet the server writes (exports of orders and of stock). */
export type CellValue = string | number;

/** Characters a spreadsheet may read as the start of a formula (OWASP "CSV injection"). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** Characters XML 1.0 cannot hold (controls other than tab, newline, return): they would break the file. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: these control characters are what it removes.
const NOT_XML = /[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]/g;

/**
 * A cell's value made safe: numbers stay numbers; text is always written as a text cell (never a
 * formula), and text a spreadsheet could take for a formula once edited or saved as CSV gets a
 * leading apostrophe, so `=HYPERLINK(…)` reads as the text it is.
 */
export function safeCell(value: CellValue): CellValue {
  if (typeof value === 'number') return value;
  const clean = value.replace(NOT_XML, '');
  return FORMULA_START.test(clean) ? `'${clean}` : clean;
}
