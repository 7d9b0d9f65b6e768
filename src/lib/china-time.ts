/**
 * The portal speaks China time (UTC+8 all year, no daylight saving since 1991), as the provider's
 * dispatch does, whatever zone the user's device is set to: times are shown as
 * `yyyy-mm-dd hh:mm` and a time typed into a `datetime-local` field is read as China time. By
 * arithmetic, not `Intl.DateTimeFormat`: a page's first Intl formatter sets up ICU, about 130 ms of
 * a slow phone's main thread (Lighthouse's 4x CPU, measured), which the home overview would pay as
 * it first draws.
 */
const CHINA_OFFSET_MS = 8 * 60 * 60_000;

/**
 * True when the viewer's device keeps China time at `at`: then a China time needs no zone beside
 * it (src/ui/zone-note); elsewhere every time says it is China time.
 */
export const viewerKeepsChinaTime = (at: Date = new Date()): boolean => at.getTimezoneOffset() === -480;

/** `2026-12-01T01:00:00Z` → `2026-12-01 09:00`; null → ''. */
export function chinaStamp(iso: string | null | undefined): string {
  if (!iso) return '';
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return '';
  return new Date(at + CHINA_OFFSET_MS).toISOString().slice(0, 16).replace('T', ' ');
}

/** `2026-12-01T01:05:00Z` → `09:05`: the hour and minute in China. */
export const chinaClock = (iso: string): string => chinaStamp(iso).slice(11);

/** A `datetime-local` value (`2026-12-01T09:00`) typed as China time → ISO with its zone; '' when not a time. */
export function fromChinaInput(value: string): string {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value)) return '';
  return Number.isNaN(Date.parse(`${value}:00+08:00`)) ? '' : `${value}:00+08:00`;
}

/** The `min` of the time field: now in China time, to the minute. */
export const chinaInputNow = (now: Date = new Date()): string =>
  new Date(now.getTime() + CHINA_OFFSET_MS).toISOString().slice(0, 16);
