import { useChanges } from '../../ui/use-changes.ts';
import { useEffect, useRef, useState } from 'react';
import type { CaseView } from '../../contract/excursions/schemas.ts';
import { chinaStamp } from '../../lib/china-time.ts';
import { toast } from '../../stores/notices.ts';
import { Button } from '../../ui/button/button.tsx';
import { PageHeader } from '../../ui/page-header/page-header.tsx';
import { ErrorState } from '../../ui/states/error-state.tsx';
import { useT } from '../../ui/use-t.ts';
import { ZoneNote } from '../../ui/zone-note/zone-note.tsx';
import { celsiusText, durationText, rangeText } from '../excursion-list/case-words.ts';
import { Badge } from '../excursion-list/badge.tsx';
import { OrderLink } from '../excursion-list/portal-link.tsx';
import { downloadReport } from './api.ts';
import { AssignForm, DecideForm } from './case-actions.tsx';
import { CaseChart } from './case-chart.tsx';
import { CaseLines } from './case-lines.tsx';
import { CaseTimeline, CommentForm } from './case-timeline.tsx';
import { useCase } from './use-case.ts';
import '../../i18n/areas/excursion-case.ts';
import '../../i18n/areas/excursions.ts';

export interface ExcursionCaseProps {
  /** The case's id (`/excursion/view/{id}`); null: none (the page says it is not found). */
  caseId: number | null;
  /** The case is shown: a title for the page's tab (its number). */
  onTitle?: (title: string) => void;
}

/**
 * A temperature-excursion case: what happened (the readings against the order's range, the
 * episodes out of it, time out, peak, mean kinetic temperature), what it did to each goods line's
 * stability budget over its batch's life, the server's proposal, the timeline with comments and
 * their evidence; the user assigns it, comments and decides (signed), and then sees the decision
 * with its signature and the lines' new hold.
 */
export function ExcursionCase({ caseId, onTitle }: ExcursionCaseProps) {
  const t = useT();
  const { load, reload } = useCase(caseId);
  // the case moved elsewhere (assigned, commented, decided, closed, new readings)
  useChanges(
    (change) => change.kind === 'excursion' && change.id === String(caseId),
    () => void reload(),
    caseId !== null,
  );
  const titled = useRef<string | null>(null);

  const caseNo = load.state === 'ready' ? load.view.case.case_no : null;
  useEffect(() => {
    if (caseNo && titled.current !== caseNo) {
      titled.current = caseNo;
      onTitle?.(caseNo);
    }
  }, [caseNo, onTitle]);

  if (load.state === 'loading')
    return (
      <p className="exc-muted" role="status">
        {t('common.loading')}
      </p>
    );
  if (load.state === 'not-found')
    return (
      <section className="excursion-case" part="base" aria-labelledby="excursion-case-title">
        <h1 id="excursion-case-title" className="lp-page-title">
          {t('excursionCase.title')}
        </h1>
        <p className="exc-muted">{t('excursionCase.notFound')}</p>
      </section>
    );
  if (load.state === 'failed')
    return <ErrorState message={t('excursionCase.loadFailed')} onRetry={() => void reload()} />;

  const changed = () => {
    toast(t('excursionCase.changed'), 'info');
    void reload();
  };
  return <CasePage view={load.view} reload={reload} changed={changed} />;
}

function CasePage({
  view,
  reload,
  changed,
}: {
  view: CaseView;
  reload: () => Promise<void>;
  changed: () => void;
}) {
  const t = useT();
  const c = view.case;
  const [downloading, setDownloading] = useState(false);
  const download = async () => {
    setDownloading(true);
    try {
      await downloadReport(c.id, t('excursionCase.reportName', { no: c.case_no }));
    } catch {
      // said by the call's outcome
    } finally {
      setDownloading(false);
    }
  };

  return (
    <section className="excursion-case" part="base" aria-labelledby="excursion-case-title">
      <PageHeader
        titleId="excursion-case-title"
        title={t('excursionCase.heading', { no: c.case_no })}
        intro={t('excursionCase.intro')}
      >
        <Button size="sm" guardMs={0} loading={downloading} onClick={() => void download()}>
          {t('excursionCase.report')}
        </Button>
      </PageHeader>

      <dl className="exc-facts exc-facts--head">
        <div>
          <dt>{t('excursionCase.state')}</dt>
          <dd>
            <Badge kind="state" value={c.state}>
              {t(`excursions.state.${c.state}`)}
            </Badge>
          </dd>
        </div>
        <div>
          <dt>{t('excursionCase.level')}</dt>
          <dd>
            <Badge kind="level" value={c.level}>
              {t(`excursions.level.${c.level}`)}
            </Badge>
          </dd>
        </div>
        <div>
          <dt>{t('excursionCase.budget')}</dt>
          <dd>
            <Badge kind="budget" value={c.budget}>
              {t(`excursions.budget.${c.budget}`)}
            </Badge>
          </dd>
        </div>
        <div>
          <dt>{t('excursionCase.order')}</dt>
          <dd>
            <OrderLink className="exc-link" order={view.order} />
            <span className="exc-muted exc-route">
              {view.order.from_company} → {view.order.to_company}
            </span>
          </dd>
        </div>
        <div>
          <dt>{t('excursionCase.project')}</dt>
          <dd>{c.protocol_no || '—'}</dd>
        </div>
        <div>
          <dt>{t('excursionCase.logger')}</dt>
          <dd>{c.logger_id}</dd>
        </div>
        <div>
          <dt>{t('excursionCase.opened')}</dt>
          <dd>
            <time dateTime={c.opened_at}>{chinaStamp(c.opened_at)}</time>
          </dd>
        </div>
        <div>
          <dt>{t('excursionCase.assignee')}</dt>
          <dd>{c.assignee?.name ?? <span className="exc-muted">{t('excursionCase.unassigned')}</span>}</dd>
        </div>
      </dl>
      <ZoneNote />

      {view.decision && (
        <section className="exc-panel exc-decision" aria-labelledby="exc-decision-title">
          <h2 id="exc-decision-title" className="exc-title">
            {t('excursionCase.decidedTitle', {
              decision: t(`excursions.decision.${view.decision.decision}`),
            })}
          </h2>
          <p className="exc-decision__reason">
            {t('excursionCase.decidedReason', { reason: view.decision.reason })}
          </p>
          <p className="exc-muted">
            {t('excursionCase.decidedBy', { by: view.decision.by, at: chinaStamp(view.decision.at) })}
          </p>
          {view.decision.signature && (
            <p className="exc-signature">
              {t('excursionCase.signature', {
                name: view.decision.signature.name,
                meaning: t(`excursionCase.meaning.${view.decision.signature.meaning}`),
                at: chinaStamp(view.decision.signature.signed_at),
              })}
              {!view.decision.signature.current && (
                <span className="exc-error"> · {t('excursionCase.signatureEarlier')}</span>
              )}
            </p>
          )}
        </section>
      )}

      {!view.decision && view.proposal && (
        <p className="exc-proposal" role="note">
          {view.proposal === 'release'
            ? t('excursionCase.proposalRelease')
            : t('excursionCase.proposal', { decision: t(`excursions.decision.${view.proposal}`) })}
        </p>
      )}

      <section className="exc-panel" aria-labelledby="exc-readings-title">
        <h2 id="exc-readings-title" className="exc-title">
          {t('excursionCase.readings')}
        </h2>
        <dl className="exc-figures">
          <div>
            <dt>{t('excursionCase.minutesOut')}</dt>
            <dd>{durationText(t, c.minutes_out)}</dd>
          </div>
          <div>
            <dt>{t('excursionCase.peak')}</dt>
            <dd>{celsiusText(c.peak)}</dd>
          </div>
          {view.mkt !== null && (
            <div>
              <dt>{t('excursionCase.mkt')}</dt>
              <dd>{celsiusText(Math.round(view.mkt * 100) / 100)}</dd>
            </div>
          )}
          <div>
            <dt>{t('excursionCase.limits')}</dt>
            <dd>{rangeText(view.limits.min, view.limits.max)}</dd>
          </div>
        </dl>
        {view.readings.length > 1 ? (
          <CaseChart view={view} />
        ) : (
          <p className="exc-muted">{t('excursionCase.noReadings')}</p>
        )}
        <h3 className="exc-subtitle">{t('excursionCase.episodes')}</h3>
        <ol className="exc-episodes">
          {view.episodes.map((e) => (
            <li key={e.from}>
              {t('excursionCase.episode', {
                from: chinaStamp(e.from),
                to: chinaStamp(e.to),
                duration: durationText(t, e.minutes),
                min: celsiusText(e.min),
                max: celsiusText(e.max),
                level: t(`excursions.level.${e.level}`),
              })}
            </li>
          ))}
        </ol>
      </section>

      <section className="exc-panel" aria-labelledby="exc-lines-title">
        <h2 id="exc-lines-title" className="exc-title">
          {t('excursionCase.lines')}
        </h2>
        <CaseLines lines={view.lines} />
      </section>

      {(view.may.assign || view.may.decide) && (
        <section className="exc-panel" aria-labelledby="exc-act-title">
          <h2 id="exc-act-title" className="exc-title">
            {t('excursionCase.act')}
          </h2>
          {view.may.assign && <AssignForm view={view} onDone={reload} onChanged={changed} />}
          {view.may.decide && <DecideForm key={c.state} view={view} onDone={reload} onChanged={changed} />}
        </section>
      )}

      <section className="exc-panel" aria-labelledby="exc-timeline-title">
        <h2 id="exc-timeline-title" className="exc-title">
          {t('excursionCase.timeline')}
        </h2>
        <CaseTimeline timeline={view.timeline} />
        {view.may.comment && (
          <CommentForm caseId={c.id} evidence={view.evidence} onDone={reload} onChanged={changed} />
        )}
      </section>
    </section>
  );
}
