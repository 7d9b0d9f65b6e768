/**
 * Wanted times are typed in the customer's time zone (`EditorStart.time_zone`), whatever the
 * browser's zone is, and sent as ISO 8601 with that zone's offset.
 */

/** The zone's offset from UTC in minutes at `instant` (`Asia/Shanghai` → 480). */
export function zoneOffsetMinutes(zone: string, instant: Date): number {
  const name =
    new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })
      .formatToParts(instant)
      .find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  const m = /GMT([+-])(\d{2}):?(\d{2})?/.exec(name);
  if (!m) return 0;
  const minutes = Number(m[2]) * 60 + Number(m[3] ?? 0);
  return m[1] === '-' ? -minutes : minutes;
}

const pad = (n: number) => String(Math.abs(n)).padStart(2, '0');
const offsetText = (minutes: number) =>
  `${minutes < 0 ? '-' : '+'}${pad(Math.trunc(minutes / 60))}:${pad(minutes % 60)}`;

/** `2026-11-23T09:00` read in `zone` → `2026-11-23T09:00:00+08:00`; '' for an empty or bad text. */
export function localToIso(local: string, zone: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local);
  if (!m) return '';
  const asUtc = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]));
  // The offset at the moment meant (two passes settle a moment next to a DST change).
  let offset = zoneOffsetMinutes(zone, new Date(asUtc));
  offset = zoneOffsetMinutes(zone, new Date(asUtc - offset * 60_000));
  return `${local}:00${offsetText(offset)}`;
}

/** An ISO moment → the `datetime-local` text it reads as in `zone` ('' for an empty or bad text). */
export function isoToLocal(iso: string | undefined | null, zone: string): string {
  if (!iso) return '';
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '';
  const shifted = new Date(at.getTime() + zoneOffsetMinutes(zone, at) * 60_000);
  return shifted.toISOString().slice(0, 16);
}

/** The zone as a person reads it: `Asia/Shanghai (UTC+08:00)`. */
export function zoneLabel(zone: string, at = new Date()): string {
  return `${zone} (UTC${offsetText(zoneOffsetMinutes(zone, at))})`;
}
