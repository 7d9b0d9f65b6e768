/**
 * Times of `<lp-order-status>`: formatted with Intl.DateTimeFormat in a chosen IANA time zone
 * (the viewer's by default), and the short list of zones its select offers.
 */

/** Offered besides the viewer's own zone and the one the page asked for (`time-zone`). */
export const COMMON_ZONES = [
  'Asia/Shanghai',
  'Asia/Tokyo',
  'Asia/Singapore',
  'Europe/London',
  'Europe/Berlin',
  'America/New_York',
  'America/Los_Angeles',
  'UTC',
] as const;

/** The viewer's time zone (UTC when the browser does not say). */
export function viewerZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** True for a time zone this browser knows. */
export function isZone(zone: string | null | undefined): zone is string {
  if (!zone) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The zones of the select: the viewer's first, then the page's, then the common ones (no repeats). */
export function zoneChoices(viewer: string, ...more: Array<string | null>): string[] {
  return [...new Set([viewer, ...more.filter(isZone), ...COMMON_ZONES])];
}

const formats = new Map<string, Intl.DateTimeFormat>();
function formatter(locale: string, zone: string, offset = false): Intl.DateTimeFormat {
  const key = `${locale}|${zone}|${offset}`;
  let f = formats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(
      locale,
      offset
        ? { timeZone: zone, timeZoneName: 'shortOffset' }
        : {
            timeZone: zone,
            year: 'numeric',
            month: '2-digit',
            day: '2-digit',
            hour: '2-digit',
            minute: '2-digit',
            hourCycle: 'h23',
          },
    );
    formats.set(key, f);
  }
  return f;
}

/**
 * `iso` as a date and time in `zone`, `2026-03-01 14:05` in either language (as the portal, its
 * waybills and its emails write times: no month/day order to guess); '—' for none.
 */
export function formatTime(iso: string | null, zone: string): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const parts = Object.fromEntries(
    formatter('en-CA', zone)
      .formatToParts(date)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}

/** The zone's offset from UTC at `at` (`GMT+8`). */
export function zoneOffset(zone: string, at = new Date()): string {
  return (
    formatter('en', zone, true)
      .formatToParts(at)
      .find((p) => p.type === 'timeZoneName')?.value ?? ''
  );
}
