import { type Locale, t } from '../i18n/translate.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Spec §9: minutes under an hour, hours under a day, then days. Future times read as now. */
export function relativeTime(at: Date | number, now: Date | number = Date.now(), locale?: Locale): string {
  const elapsed = Math.max(0, Number(now) - Number(at));
  if (elapsed < MINUTE) return t('time.justNow', undefined, locale);
  if (elapsed < HOUR) return t('time.minutesAgo', { n: Math.floor(elapsed / MINUTE) }, locale);
  if (elapsed < DAY) return t('time.hoursAgo', { n: Math.floor(elapsed / HOUR) }, locale);
  return t('time.daysAgo', { n: Math.floor(elapsed / DAY) }, locale);
}
