import { type ReactNode, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { isApiError } from '../../api/errors.ts';
import { Code } from '../../contract/codes.ts';
import type { SupplierLink } from '../../contract/supplier/schemas.ts';
import { ErrorState } from '../../ui/states/error-state.tsx';
import { useT } from '../../ui/use-t.ts';
import { type AnswerValues, SupplierAnswerForm } from './answer-form.tsx';
import { chinaStamp } from '../../lib/china-time.ts';
import { loadTask, sendAnswer } from './supplier-api.ts';
import { TaskCard } from './task-card.tsx';
import '../../i18n/areas/supplier.ts';

type Shown =
  | { state: 'loading' }
  | { state: 'missing' }
  | { state: 'invalid' }
  | { state: 'failed' }
  /** `used`: this visit's answer was refused because the link already had one. */
  | { state: 'link'; link: SupplierLink; used: boolean; justSent: boolean };

/** A 409 carries what the link shows now (used, expired, closed). */
const linkOf = (data: unknown): SupplierLink | null =>
  data && typeof data === 'object' && 'state' in data ? (data as SupplierLink) : null;

export interface SupplierCallbackProps {
  /** The link's token (the page's `?link=`). */
  link: string;
  /** After the answer was recorded. */
  onAnswered?: (link: SupplierLink) => void;
}

function Notice({
  tone,
  title,
  children,
}: {
  tone: 'info' | 'warn' | 'ok';
  title: string;
  children: ReactNode;
}) {
  return (
    <div className={`supplier__notice supplier__notice--${tone}`} role={tone === 'ok' ? 'status' : 'alert'}>
      <h3 className="supplier__notice-title">{title}</h3>
      {children}
    </div>
  );
}

/** The decision taken with the link, in words. */
function Decision({ link }: { link: SupplierLink }) {
  const t = useT();
  const d = link.decision;
  if (!d) return null;
  return (
    <div className="supplier__decision">
      <p>
        <strong>
          {d.decision === 'propose'
            ? t('supplier.done.propose', { time: chinaStamp(d.proposed_at) })
            : t(`supplier.done.${d.decision}`)}
        </strong>
      </p>
      {d.reason && <p>{t('supplier.done.reason', { reason: d.reason })}</p>}
      <p className="supplier__muted">{t('supplier.done.at', { time: chinaStamp(d.decided_at) })}</p>
    </div>
  );
}

/**
 * The carrier's or supplier's page of one signed link: the task (the order's pickup or delivery,
 * masked as the server sends it) and the one answer it takes. A link already answered shows that
 * answer and says a second one is not possible; an expired link shows nothing of the order; a
 * forged or altered link says it is not valid.
 */
export function SupplierCallback({ link, onAnswered }: SupplierCallbackProps) {
  const t = useT();
  const [shown, setShown] = useState<Shown>(link ? { state: 'loading' } : { state: 'missing' });
  const result = useRef<HTMLDivElement>(null);

  const load = useCallback(async () => {
    if (!link) return setShown({ state: 'missing' });
    setShown({ state: 'loading' });
    try {
      setShown({ state: 'link', link: await loadTask(link), used: false, justSent: false });
    } catch (error) {
      const notFound = isApiError(error) && (error.code === Code.notFound || error.code === Code.invalid);
      setShown({ state: notFound ? 'invalid' : 'failed' });
    }
  }, [link]);

  useEffect(() => {
    void load();
  }, [load]);

  const send = async (answer: AnswerValues) => {
    try {
      const after = await sendAnswer({ link, ...answer });
      setShown({ state: 'link', link: after, used: false, justSent: true });
      onAnswered?.(after);
    } catch (error) {
      const now = isApiError(error) && error.code === Code.conflict ? linkOf(error.data) : null;
      if (now) setShown({ state: 'link', link: now, used: now.state === 'answered', justSent: false });
      else if (isApiError(error) && error.code === Code.notFound) setShown({ state: 'invalid' });
      else if (!(isApiError(error) && error.code === Code.invalid)) setShown({ state: 'failed' });
      throw error;
    }
  };

  // The outcome of an answer is where the keyboard and a screen reader go next: focused in the
  // commit that shows it (a passive effect may run a frame later, after a reader has moved on).
  const justSent = shown.state === 'link' && (shown.justSent || shown.used);
  useLayoutEffect(() => {
    if (justSent) result.current?.focus();
  }, [justSent]);

  if (shown.state === 'loading')
    return (
      <p className="supplier__muted" role="status">
        {t('supplier.loading')}
      </p>
    );
  if (shown.state === 'missing')
    return (
      <Notice tone="warn" title={t('supplier.invalid.title')}>
        <p>{t('supplier.missing')}</p>
      </Notice>
    );
  if (shown.state === 'invalid')
    return (
      <Notice tone="warn" title={t('supplier.invalid.title')}>
        <p>{t('supplier.invalid.text')}</p>
      </Notice>
    );
  if (shown.state === 'failed')
    return <ErrorState message={t('supplier.failed')} onRetry={() => void load()} />;

  const { link: view } = shown;
  if (view.state === 'expired' || !view.task)
    return (
      <Notice tone="warn" title={t('supplier.expired.title')}>
        <p>{t('supplier.expired.text', { time: chinaStamp(view.expires_at) })}</p>
      </Notice>
    );
  const task = view.task;
  return (
    <article className="supplier" aria-labelledby="supplier-title">
      <header className="supplier__header">
        <h2 id="supplier-title" className="supplier__title">
          {t(`supplier.title.${task.task}`)}
        </h2>
        <p className="supplier__intro">{t('supplier.intro', { party: task.party })}</p>
      </header>
      <TaskCard task={task} />
      <div ref={result} tabIndex={-1} className="supplier__result">
        {view.state === 'answered' &&
          (shown.justSent ? (
            <Notice tone="ok" title={t('supplier.done.title')}>
              <Decision link={view} />
              <p>{t('supplier.done.thanks')}</p>
            </Notice>
          ) : (
            <Notice tone="info" title={t('supplier.used.title')}>
              <Decision link={view} />
              <p>{t('supplier.used.text')}</p>
            </Notice>
          ))}
        {view.state === 'closed' && (
          <Notice tone="info" title={t('supplier.closed.title')}>
            <p>{t('supplier.closed.text')}</p>
          </Notice>
        )}
      </div>
      {view.state === 'open' && <SupplierAnswerForm onSend={send} />}
    </article>
  );
}
