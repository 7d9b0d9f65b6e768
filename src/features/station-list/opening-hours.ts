import '../../i18n/areas/stations.ts';
import type { OpeningHours } from '../../contract/stations/schemas.ts';
import type { MessageKey } from '../../i18n/translate.ts';

type T = (key: MessageKey, params?: Record<string, string | number>) => string;

const dayName = (t: T, day: number) => t(`stations.day.${day}` as MessageKey);

/** `周一至周五` / `Mon–Fri`, `周六` / `Sat`, `每天` / `Every day`. */
function daysText(t: T, from: number, to: number): string {
  if (from === 1 && to === 7) return t('stations.days.every');
  if (from === to) return dayName(t, from);
  return t('stations.days.range', { from: dayName(t, from), to: dayName(t, to) });
}

/** Runs of three or more consecutive weekdays (1–7) in `days` as [from, to]; shorter ones day by day. */
function runs(days: readonly number[]): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  for (const day of [...days].sort((a, b) => a - b)) {
    const last = out.at(-1);
    if (last && day === last[1] + 1) last[1] = day;
    else out.push([day, day]);
  }
  // `周六、周日` reads better than `周六至周日`
  return out.flatMap(
    ([from, to]): Array<[number, number]> =>
      to - from === 1
        ? [
            [from, from],
            [to, to],
          ]
        : [[from, to]],
  );
}

/**
 * Opening hours as lines to show: one per run of days (`周一至周五 08:30–18:00`, `每天 24 小时`),
 * then the days in no run (`周日休息` / `Closed Sun`); with no hours at all, "please call".
 */
export function openingHoursLines(hours: readonly OpeningHours[], t: T): string[] {
  if (hours.length === 0) return [t('stations.hours.none')];
  const lines = hours.map((h) => {
    const days = daysText(t, h.from_day, h.to_day);
    const time =
      h.open === '00:00' && h.close === '24:00' ? t('stations.hours.allDay') : `${h.open}–${h.close}`;
    return t('stations.hours.line', { days, time });
  });
  const open = new Set(
    hours.flatMap((h) => Array.from({ length: h.to_day - h.from_day + 1 }, (_, i) => h.from_day + i)),
  );
  const closed = [1, 2, 3, 4, 5, 6, 7].filter((d) => !open.has(d));
  if (closed.length > 0) {
    const days = runs(closed)
      .map(([from, to]) => daysText(t, from, to))
      .join(t('stations.days.separator'));
    lines.push(t('stations.hours.closed', { days }));
  }
  return lines;
}
