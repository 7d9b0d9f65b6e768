import '../../i18n/areas/stations.ts';
import type { Station } from '../../contract/stations/schemas.ts';
import type { Locale, MessageKey } from '../../i18n/translate.ts';
import { useT } from '../../ui/use-t.ts';
import { openingHoursLines } from './opening-hours.ts';

/** `tel:` link target: digits and a leading + only (`021-5080 3326` → `tel:02150803326`). */
export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

/** A name in the page's language: the English one where there is one. */
const named = (locale: Locale, zh: string, en: string) => (locale === 'en' && en ? en : zh);

/**
 * One station or depot: its name and kind, address, phone (a `tel:` link), opening hours and the
 * temperature classes it handles, as a description list under a heading (screen readers move by
 * the headings and read each value with its term).
 */
export function StationCard({ station, locale }: { station: Station; locale: Locale }) {
  const t = useT();
  const titleId = `station-${station.st_id}`;
  const address = named(locale, station.address, station.address_en);
  return (
    <article className="station-card" aria-labelledby={titleId}>
      <header className="station-card__header">
        <h3 id={titleId} className="station-card__name">
          {named(locale, station.name, station.name_en)}
        </h3>
        <span className={`station-card__kind station-card__kind--${station.kind}`}>
          {t(`stations.kind.${station.kind}` as MessageKey)}
        </span>
      </header>
      <dl className="station-card__facts">
        <div>
          <dt>{t('stations.address')}</dt>
          <dd>{address}</dd>
        </div>
        <div>
          <dt>{t('stations.phone')}</dt>
          <dd>
            <a href={telHref(station.phone)}>{station.phone}</a>
          </dd>
        </div>
        <div>
          <dt>{t('stations.hours')}</dt>
          <dd>
            {openingHoursLines(station.hours, t).map((line) => (
              <span key={line} className="station-card__line">
                {line}
              </span>
            ))}
          </dd>
        </div>
        <div>
          <dt>{t('stations.temps')}</dt>
          <dd>
            <ul className="station-card__temps">
              {station.temp_classes.map((temp) => (
                <li key={temp} className={`station-temp station-temp--${temp}`}>
                  {t(`stations.temp.${temp}` as MessageKey)}
                </li>
              ))}
            </ul>
          </dd>
        </div>
      </dl>
    </article>
  );
}
