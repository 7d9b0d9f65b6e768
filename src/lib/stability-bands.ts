import type { StabilityBand } from '../contract/excursions/domain.ts';
import { StabilitySaveRequest } from '../contract/excursions/schemas.ts';
import { firstIssues, validate } from './form-schema.ts';

/**
 * A product's stability budget as its edit form holds it: one row per band, each field the text
 * typed (a bound left empty is open; the hours must be given).
 */
export interface BandRow {
  min: string;
  max: string;
  hours: string;
}

/** The rows of a saved budget (the form's start). */
export const rowsOf = (bands: readonly StabilityBand[]): BandRow[] =>
  bands.map((b) => ({
    min: b.min === null ? '' : String(b.min),
    max: b.max === null ? '' : String(b.max),
    hours: String(b.hours),
  }));

/** A typed number: '' is none; a minus sign as people type it (−, －) counts; else NaN. */
function numberOf(text: string): number | null {
  const plain = text.trim().replace(/[−－]/g, '-').replace(/[，,]/g, '.');
  return plain === '' ? null : Number(plain);
}

/** The bands of the rows as the call takes them (an empty hours field is no number: refused). */
export const bandsOf = (
  rows: readonly BandRow[],
): Array<{ min: number | null; max: number | null; hours: number }> =>
  rows.map((r) => ({ min: numberOf(r.min), max: numberOf(r.max), hours: numberOf(r.hours) ?? Number.NaN }));

/**
 * What the contract's schema says of the rows, by dot path as the server's 422 keys them
 * (`bands.0.min`, `bands.0` for a band's bounds, `bands` for the list), in `lang`; empty: it may
 * be saved, with `request` the call's body.
 */
export function checkBudget(
  prId: number,
  code: string,
  rows: readonly BandRow[],
  lang: string,
): { problems: Map<string, string>; request: StabilitySaveRequest | null } {
  const body = { pr_id: prId, code, bands: bandsOf(rows) };
  const result = validate(StabilitySaveRequest, body, lang);
  const problems = new Map<string, string>();
  for (const [path, issue] of firstIssues(result.issues ?? [])) problems.set(path, issue.message);
  return { problems, request: result.success ? body : null };
}

/** The phrases of a band in the user's language (the stability area's bandText, range, …). */
export type BandWords = (
  key: 'bandText' | 'range' | 'above' | 'below' | 'hoursText' | 'never',
  params?: Record<string, string>,
) => string;

const num = (n: number) => n.toLocaleString('en', { maximumFractionDigits: 2 }).replace('-', '−');

/**
 * A band in words: "8–25 °C: 72 h", "> 25 °C: never", "< 2 °C: 4 h" (`words` gives the phrases in
 * the user's language).
 */
export function bandText(band: StabilityBand, words: BandWords): string {
  const range =
    band.min !== null && band.max !== null
      ? words('range', { min: num(band.min), max: num(band.max) })
      : band.min !== null
        ? words('above', { min: num(band.min) })
        : words('below', { max: num(band.max ?? 0) });
  const hours = band.hours === 0 ? words('never') : words('hoursText', { n: num(band.hours) });
  return words('bandText', { range, hours });
}
