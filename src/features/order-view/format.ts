/** Times as the provider's staff read them: China time, `yyyy-mm-dd hh:mm`, in either language. */
const stamp = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Asia/Shanghai',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

export function formatStamp(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const parts = Object.fromEntries(stamp.formatToParts(date).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}

/** A day (`yyyy-mm-dd`) as sent, or a dash. */
export const formatDay = (day: string | null | undefined): string => (day ? day.slice(0, 10) : '—');

/** `1.5` → `1.5`, `2` → `2`, at most `digits` decimals. */
export const formatNumber = (value: number, digits = 1): string =>
  String(Math.round(value * 10 ** digits) / 10 ** digits);
