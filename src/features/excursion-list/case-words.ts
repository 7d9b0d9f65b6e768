import type { MessageKey } from '../../i18n/translate.ts';
import '../../i18n/areas/excursions.ts';

type T = (key: MessageKey, params?: Record<string, string | number>) => string;

/** Minutes as people read them: `25 min`, `3 h`, `3 h 25 min` (`25 分钟`, `3 小时 25 分钟`). */
export function durationText(t: T, minutes: number): string {
  const whole = Math.max(0, Math.round(minutes));
  const h = Math.floor(whole / 60);
  const m = whole % 60;
  if (h === 0) return t('excursions.minutes', { m });
  return m === 0 ? t('excursions.hours', { h }) : t('excursions.hoursMinutes', { h, m });
}

/** A temperature with one decimal at least (`8.0 °C`, `8.25 °C`); the sign of a frozen one kept. */
export const celsiusText = (c: number): string => `${Number.isInteger(c) ? c.toFixed(1) : String(c)} °C`;

/**
 * A range as the portal writes it: `2 – 8 °C`, `≤ 2 °C`, `> 25 °C` (none: `—`). A stability band is
 * `(min, max]` (docs/decisions/excursions.md), so a band with only a lower bound starts above it.
 */
export function rangeText(min: number | null, max: number | null): string {
  if (min !== null && max !== null) return `${min} – ${max} °C`;
  if (max !== null) return `≤ ${max} °C`;
  if (min !== null) return `> ${min} °C`;
  return '—';
}
