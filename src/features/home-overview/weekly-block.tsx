import { useCallback, useState } from 'react';
import { ORDER_STATUSES } from '../../contract/orders/domain.ts';
import type { Overview } from '../../contract/orders/overview.ts';
import { Button } from '../../ui/button/button.tsx';
import { useDomId } from '../../ui/use-id.ts';
import { useT } from '../../ui/use-t.ts';
import { LazyChart } from './lazy-chart.tsx';
import { Block } from './parts.tsx';
import '../../i18n/areas/home-overview.ts';

type Weeks = Overview['weekly'];

/**
 * Orders created per week for the last 12 weeks, stacked by status. The chart is for sighted
 * users; the same numbers are a table, visually hidden under the chart (screen readers read it)
 * or shown instead of it ("Show as Table").
 */
export function WeeklyBlock({ weekly }: { weekly: Weeks }) {
  const t = useT();
  const [asTable, setAsTable] = useState(false);
  const captionId = useDomId('ho-weekly');
  const draw = useCallback<Parameters<typeof LazyChart>[0]['draw']>(
    (charts, target, width) => charts.drawWeekly(target, weekly, ORDER_STATUSES, width),
    [weekly],
  );
  const total = (counts: Weeks[number]['counts']) => ORDER_STATUSES.reduce((n, s) => n + counts[s], 0);
  const none = weekly.every((w) => total(w.counts) === 0);
  return (
    <Block title={t('homeOverview.weekly.title')} className="ho-block--weekly">
      <p className="ho-muted" id={captionId}>
        {none ? t('homeOverview.weekly.none') : t('homeOverview.weekly.caption', { weeks: weekly.length })}
      </p>
      {!none && (
        <>
          <div className="ho-weekly__tools">
            <ul className="ho-legend" aria-hidden={asTable ? 'true' : undefined}>
              {ORDER_STATUSES.map((status) => (
                <li key={status}>
                  <span className={`ho-swatch ho-swatch--${status}`} />
                  {t(`homeOverview.status.${status}`)}
                </li>
              ))}
            </ul>
            <Button
              size="sm"
              variant="text"
              guardMs={0}
              aria-pressed={asTable}
              onClick={() => setAsTable((v) => !v)}
            >
              {t('homeOverview.weekly.showTable')}
            </Button>
          </div>
          {!asTable && <LazyChart className="ho-weekly__chart" height={200} draw={draw} />}
          {/* shown, it scrolls sideways on a phone: focusable, so the keyboard can scroll it */}
          <div
            className={asTable ? 'ho-table-wrap' : 'lp-visually-hidden'}
            tabIndex={asTable ? 0 : undefined}
          >
            <table className="ho-table" aria-describedby={captionId}>
              <caption className="lp-visually-hidden">{t('homeOverview.weekly.title')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('homeOverview.weekly.week')}</th>
                  {ORDER_STATUSES.map((status) => (
                    <th scope="col" key={status}>
                      {t(`homeOverview.status.${status}`)}
                    </th>
                  ))}
                  <th scope="col">{t('homeOverview.weekly.total')}</th>
                </tr>
              </thead>
              <tbody>
                {weekly.map((w) => (
                  <tr key={w.week}>
                    <th scope="row">{w.week}</th>
                    {ORDER_STATUSES.map((status) => (
                      <td key={status}>{w.counts[status]}</td>
                    ))}
                    <td>{total(w.counts)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </Block>
  );
}
