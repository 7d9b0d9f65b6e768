import { useCallback } from 'react';
import type { Overview } from '../../contract/orders/overview.ts';
import { useT } from '../../ui/use-t.ts';
import { OrderItem } from './actions-block.tsx';
import { LazyChart } from './lazy-chart.tsx';
import { activeCasesLink, dueLink, excursionLink } from './links.ts';
import { Block, CountLink, formatCelsius, OrderLink, SHOWN } from './parts.tsx';
import '../../i18n/areas/home-overview.ts';

type ColdChain = Overview['cold_chain'];
type Excursion = ColdChain['excursion_items'][number];

const LEVELS = ['high', 'medium', 'low'] as const;

const range = (min: number | null, max: number | null) =>
  min !== null && max !== null ? `${min} – ${max} °C` : max !== null ? `≤ ${max} °C` : `≥ ${min} °C`;

/** One order in transit with an excursion: its readings against the class's limits. */
function ExcursionItem({ item }: { item: Excursion }) {
  const t = useT();
  const { order, readings, min, max } = item;
  const draw = useCallback<Parameters<typeof LazyChart>[0]['draw']>(
    (charts, target, width) => charts.drawSparkline(target, readings, { min, max }, width),
    [readings, min, max],
  );
  const values = readings.map((r) => r.celsius);
  const last = readings.at(-1);
  return (
    <li className={`ho-excursion ho-excursion--${order.excursion}`}>
      <p className="ho-excursion__head">
        <OrderLink order={order} />
        <span className={`ho-tag ho-tag--${order.excursion}`}>
          {order.excursion === 'none' ? '' : t(`homeOverview.cold.${order.excursion}`)}
        </span>
      </p>
      <p className="ho-item__meta">
        {[order.to_company, order.to_city].filter(Boolean).join(' · ')}
        {min !== null || max !== null
          ? ` · ${t('homeOverview.cold.limits', { range: range(min, max) })}`
          : ''}
        {last ? ` · ${t('homeOverview.cold.last', { celsius: formatCelsius(last.celsius) })}` : ''}
      </p>
      {values.length > 1 ? (
        <>
          <LazyChart className="ho-spark" height={44} draw={draw} />
          <p className="lp-visually-hidden">
            {t('homeOverview.cold.chart', {
              no: order.order_no,
              count: values.length,
              min: formatCelsius(Math.min(...values)),
              max: formatCelsius(Math.max(...values)),
            })}
          </p>
        </>
      ) : (
        <p className="ho-muted">{t('homeOverview.cold.noReadings')}</p>
      )}
    </li>
  );
}

/** Excursions by level, due today and late, the excursion cases to decide, and the shown orders' readings. */
export function ColdChainBlock({ cold }: { cold: ColdChain }) {
  const t = useT();
  const excursions = cold.excursions.high + cold.excursions.medium + cold.excursions.low;
  const count = (href: string, n: number, label: string, tone: string) => (
    <li key={href}>
      <CountLink href={href} count={n} label={label} unit={t('homeOverview.unit.orders')} tone={tone} />
    </li>
  );
  return (
    <Block title={t('homeOverview.cold.title')} className="ho-block--cold">
      <ul className="ho-counts ho-counts--cold">
        {LEVELS.map((level) =>
          count(excursionLink(level), cold.excursions[level], t(`homeOverview.cold.${level}`), level),
        )}
        {count(dueLink('today'), cold.due_today.total, t('homeOverview.cold.dueToday'), 'due')}
        {count(dueLink('late'), cold.late.total, t('homeOverview.cold.late'), 'late')}
      </ul>
      <ul className="ho-counts ho-counts--cold" aria-label={t('homeOverview.cold.cases')}>
        <li>
          <CountLink
            href={activeCasesLink()}
            count={cold.cases.active}
            label={t('homeOverview.cold.casesActive')}
            unit={t('homeOverview.unit.cases')}
            tone="due"
          />
        </li>
        <li>
          <CountLink
            href={activeCasesLink()}
            count={cold.cases.over_budget}
            label={t('homeOverview.cold.casesOver')}
            unit={t('homeOverview.unit.cases')}
            tone="late"
          />
        </li>
      </ul>
      {excursions === 0 ? (
        <p className="ho-muted">{t('homeOverview.cold.none')}</p>
      ) : (
        <ul className="ho-excursions">
          {cold.excursion_items.slice(0, SHOWN).map((item) => (
            <ExcursionItem key={item.order.id} item={item} />
          ))}
        </ul>
      )}
      {cold.late.items.length > 0 && (
        <>
          <h4 className="ho-subtitle">{t('homeOverview.cold.late')}</h4>
          <ul className="ho-items">
            {cold.late.items.slice(0, SHOWN).map((order) => (
              <OrderItem key={order.id} order={order} />
            ))}
          </ul>
        </>
      )}
      {cold.due_today.items.length > 0 && (
        <>
          <h4 className="ho-subtitle">{t('homeOverview.cold.dueToday')}</h4>
          <ul className="ho-items">
            {cold.due_today.items.slice(0, SHOWN).map((order) => (
              <OrderItem key={order.id} order={order} />
            ))}
          </ul>
        </>
      )}
    </Block>
  );
}
