/**
 * The page speaks China time (UTC+8, no daylight saving), as the provider's dispatch does,
 * whatever zone the carrier's phone is set to: times are shown as `yyyy-mm-dd hh:mm` and a time
 * typed into the `datetime-local` field is read as China time.
 */
const CHINA_OFFSET_MS = 8 * 60 * 60_000;

/** `2026-12-01T01:00:00Z` → `2026-12-01 09:00`; null → ''. */
export function chinaStamp(iso: string | null | undefined): string {
  if (!iso) return '';
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return '';
  return new Date(at + CHINA_OFFSET_MS).toISOString().slice(0, 16).replace('T', ' ');
}

/** A `datetime-local` value (`2026-12-01T09:00`) typed as China time → ISO with its zone; '' when not a time. */
export function fromChinaInput(value: string): string {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value)) return '';
  return Number.isNaN(Date.parse(`${value}:00+08:00`)) ? '' : `${value}:00+08:00`;
}

/** The `min` of the time field: now in China time, to the minute. */
export const chinaInputNow = (now: Date = new Date()): string =>
  new Date(now.getTime() + CHINA_OFFSET_MS).toISOString().slice(0, 16);
