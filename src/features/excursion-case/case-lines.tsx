import type { CaseLine } from '../../contract/excursions/schemas.ts';
import { chinaStamp } from '../../lib/china-time.ts';
import { useT } from '../../ui/use-t.ts';
import { CASE_LIST_PATH, casePath } from '../excursion-list/case-links.ts';
import { durationText, rangeText } from '../excursion-list/case-words.ts';
import { Badge } from '../excursion-list/badge.tsx';
import { PortalLink } from '../excursion-list/portal-link.tsx';
import '../../i18n/areas/excursion-case.ts';
import '../../i18n/areas/excursions.ts';

type Band = CaseLine['bands'][number];

/**
 * One bar of a band's budget: minutes used against the band's hours, the words beside it (used
 * of allowed, and "over" in words, not only in red). The bar is decoration for sighted users.
 */
function BudgetBar({
  label,
  used,
  hours,
  over,
}: {
  label: string;
  used: number;
  hours: number;
  over: boolean;
}) {
  const t = useT();
  const allowed = hours * 60;
  const share = allowed > 0 ? Math.min(1, used / allowed) : used > 0 ? 1 : 0;
  return (
    <div className={`exc-bar${over ? ' exc-bar--over' : ''}`} data-over={over}>
      <span className="exc-bar__label">{label}</span>
      <span className="exc-bar__track" aria-hidden="true">
        <span className="exc-bar__fill" style={{ width: `${Math.round(share * 1000) / 10}%` }} />
      </span>
      <span className="exc-bar__text">
        {t('excursionCase.band.used', {
          used: durationText(t, used),
          allowed: hours > 0 ? durationText(t, allowed) : t('excursionCase.band.never'),
        })}
        {over && <strong className="exc-bar__over"> · {t('excursionCase.band.over')}</strong>}
      </span>
    </div>
  );
}

/** A band of the product's budget: this shipment's use, and the batch's over its life. */
function BandUse({ band }: { band: Band }) {
  const t = useT();
  const life = band.earlier_minutes + band.shipment_minutes;
  return (
    <li className="exc-band">
      <p className="exc-band__head">
        <strong>{rangeText(band.min, band.max)}</strong>{' '}
        <span className="exc-muted">
          {band.hours > 0
            ? t('excursionCase.band.allowed', { hours: durationText(t, band.hours * 60) })
            : t('excursionCase.band.neverAllowed')}
        </span>
      </p>
      <BudgetBar
        label={t('excursionCase.band.shipment')}
        used={band.shipment_minutes}
        hours={band.hours}
        over={band.shipment_minutes > band.hours * 60}
      />
      <BudgetBar label={t('excursionCase.band.life')} used={life} hours={band.hours} over={band.over} />
    </li>
  );
}

/** A goods line of the shipment: what and where it is, its hold, its batch's budget and earlier cases. */
function Line({ line }: { line: CaseLine }) {
  const t = useT();
  return (
    <li className="exc-line">
      <div className="exc-line__head">
        <h3 className="exc-line__name">
          {line.name} <span className="exc-muted">{line.code}</span>
        </h3>
        <Badge kind="budget" value={line.budget}>
          {t(`excursions.budget.${line.budget}`)}
        </Badge>
      </div>
      <dl className="exc-facts exc-facts--line">
        <div>
          <dt>{t('excursionCase.line.batch')}</dt>
          <dd>{line.batch_no || '—'}</dd>
        </div>
        <div>
          <dt>{t('excursionCase.line.quantity')}</dt>
          <dd>
            {line.quantity} {line.unit}
          </dd>
        </div>
        <div>
          <dt>{t('excursionCase.line.depot')}</dt>
          <dd>
            {line.in_id === null
              ? t('excursionCase.line.noStock')
              : t('excursionCase.line.onHand', { depot: line.depot, n: line.on_hand, unit: line.unit })}
          </dd>
        </div>
        <div>
          <dt>{t('excursionCase.line.hold')}</dt>
          <dd>
            <Badge kind="hold" value={line.hold}>
              {t(`excursions.hold.${line.hold}`)}
            </Badge>
          </dd>
        </div>
      </dl>
      {line.bands.length === 0 ? (
        <p className="exc-muted">{t('excursionCase.noBudget')}</p>
      ) : (
        <ul className="exc-bands" aria-label={t('excursionCase.bands', { name: line.name })}>
          {line.bands.map((band) => (
            <BandUse key={`${band.min}:${band.max}`} band={band} />
          ))}
        </ul>
      )}
      {line.unbudgeted_minutes > 0 && (
        <p className="exc-unbudgeted">
          <strong>
            {t('excursionCase.unbudgeted', { duration: durationText(t, line.unbudgeted_minutes) })}
          </strong>
        </p>
      )}
      <h4 className="exc-subtitle">{t('excursionCase.earlier')}</h4>
      {line.earlier.length === 0 ? (
        <p className="exc-muted">{t('excursionCase.noEarlier')}</p>
      ) : (
        <ul className="exc-earlier">
          {line.earlier.map((c) => (
            <li key={c.id}>
              <PortalLink
                href={casePath(c.id)}
                title={c.case_no}
                activeMenu={CASE_LIST_PATH}
                className="exc-link"
              >
                {c.case_no}
              </PortalLink>{' '}
              <span className="exc-muted">
                {t('excursionCase.earlierItem', {
                  order: c.order_no,
                  at: chinaStamp(c.opened_at),
                  duration: durationText(t, c.minutes_out),
                  decision: c.decision
                    ? t(`excursions.decision.${c.decision}`)
                    : t('excursionCase.undecided'),
                })}
              </span>
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

/** The shipment's goods lines, each with its stock and its batch's stability budget. */
export function CaseLines({ lines }: { lines: readonly CaseLine[] }) {
  const t = useT();
  if (lines.length === 0) return <p className="exc-muted">{t('excursionCase.noLines')}</p>;
  return (
    <ul className="exc-lines">
      {lines.map((line) => (
        <Line key={`${line.code}:${line.batch_no}:${line.in_id ?? ''}`} line={line} />
      ))}
    </ul>
  );
}
