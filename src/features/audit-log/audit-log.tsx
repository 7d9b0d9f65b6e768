import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { isApiError } from '../../api/errors.ts';
import { AUDIT_RECORD_TYPES } from '../../contract/audit/schemas.ts';
import { Code } from '../../contract/codes.ts';
import { isMessageKey, type MessageKey } from '../../i18n/translate.ts';
import { chinaStamp } from '../../lib/china-time.ts';
import { $token } from '../../stores/auth.ts';
import { toast } from '../../stores/notices.ts';
import { Button } from '../../ui/button/button.tsx';
import { FilterField, Filters } from '../../ui/filters/filter-bar.tsx';
import { useDebouncedKeyword } from '../../ui/form/use-debounced-keyword.ts';
import { PageHeader } from '../../ui/page-header/page-header.tsx';
import { Pagination } from '../../ui/pagination/pagination.tsx';
import { ErrorState } from '../../ui/states/error-state.tsx';
import { useT } from '../../ui/use-t.ts';
import { ZoneNote } from '../../ui/zone-note/zone-note.tsx';
import {
  type AuditEntry,
  type AuditLog as Log,
  type AuditLogQuery,
  exportLog,
  loadLog,
} from './audit-api.ts';
import '../../i18n/areas/audit-log.ts';
import '../../i18n/areas/order-history.ts';

const PAGE = 20;

type Load = { state: 'loading' } | { state: 'failed' } | { state: 'refused' } | { state: 'done'; log: Log };

/** The filters as the page holds them ('' : not set). */
interface Filter {
  record_type: '' | (typeof AUDIT_RECORD_TYPES)[number];
  record: string;
  uid: string;
  action: string;
  date_from: string;
  date_to: string;
}

const NO_FILTER: Filter = { record_type: '', record: '', uid: '', action: '', date_from: '', date_to: '' };

/** The filter as the call takes it (what is not set is left out). */
function queryOf(filter: Filter): AuditLogQuery {
  return {
    ...(filter.record_type ? { record_type: filter.record_type } : {}),
    ...(filter.record.trim() ? { record: filter.record.trim() } : {}),
    ...(filter.uid ? { uid: Number(filter.uid) } : {}),
    ...(filter.action ? { action: filter.action } : {}),
    ...(filter.date_from ? { date_from: filter.date_from } : {}),
    ...(filter.date_to ? { date_to: filter.date_to } : {}),
  };
}

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** A value as a line shows it: nothing as —, a time in China time, text as it is, the rest as JSON. */
function valueText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'string') return ISO_TIME.test(value) ? chinaStamp(value) : value;
  return JSON.stringify(value);
}

/**
 * The customer's audit trail, for its administrators (21 CFR Part 11 §11.10(e), EU GMP Annex 11
 * §9): every act on its records, newest first, as sentences (who did what to which record, when,
 * why, each field old → new, the signature), filtered by record, user, action and days, and
 * exported as .xlsx or PDF for an inspector. Masked values come masked from the server.
 */
export function AuditLog() {
  const t = useT();
  const token = useStore($token);
  const [filter, setFilter] = useState<Filter>(NO_FILTER);
  const [page, setPage] = useState(1);
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [exporting, setExporting] = useState<'xlsx' | 'pdf' | null>(null);
  const request = useRef(0);

  const fetchLog = useCallback(async () => {
    const id = ++request.current;
    setLoad((now) => (now.state === 'done' ? now : { state: 'loading' }));
    try {
      const log = await loadLog({ ...queryOf(filter), start: (page - 1) * PAGE, limit: PAGE });
      if (id === request.current) setLoad({ state: 'done', log });
    } catch (error) {
      if (id !== request.current) return;
      setLoad({ state: isApiError(error) && error.code === Code.forbidden ? 'refused' : 'failed' });
    }
  }, [filter, page]);

  useEffect(() => {
    if (token) void fetchLog();
    return () => {
      request.current++;
    };
  }, [token, fetchLog]);

  const set = (patch: Partial<Filter>) => {
    setFilter((now) => ({ ...now, ...patch }));
    setPage(1);
  };
  // the record's number is typed: the log is asked again once typing pauses
  const record = useDebouncedKeyword(filter.record, (value) => set({ record: value }));

  const download = async (format: 'xlsx' | 'pdf') => {
    setExporting(format);
    try {
      await exportLog(format, queryOf(filter), t('auditLog.title'));
    } catch (error) {
      // a filter too wide says so; anything else the notices already showed
      if (isApiError(error) && error.code === Code.invalid) toast(error.message, 'error');
    } finally {
      setExporting(null);
    }
  };

  if (!token) return <p className="audit-log__muted">{t('auditLog.signedOut')}</p>;
  if (load.state === 'refused')
    return (
      <section className="audit-log" part="base" aria-labelledby="audit-log-title">
        <h1 id="audit-log-title" className="lp-page-title">
          {t('auditLog.title')}
        </h1>
        <p className="audit-log__muted">{t('auditLog.refused')}</p>
      </section>
    );

  const log = load.state === 'done' ? load.log : null;
  const active = Object.values(filter).filter(Boolean).length;
  const actionLabel = (action: string) => {
    const key = `auditLog.action.${action}`;
    return isMessageKey(key) ? t(key) : action;
  };
  return (
    <section className="audit-log" part="base" aria-labelledby="audit-log-title">
      <PageHeader titleId="audit-log-title" title={t('auditLog.title')} intro={t('auditLog.intro')}>
        <Button size="sm" guardMs={0} loading={exporting === 'xlsx'} onClick={() => void download('xlsx')}>
          {t('auditLog.exportXlsx')}
        </Button>
        <Button size="sm" guardMs={0} loading={exporting === 'pdf'} onClick={() => void download('pdf')}>
          {t('auditLog.exportPdf')}
        </Button>
      </PageHeader>
      <Filters label={t('auditLog.filters')} active={active}>
        <FilterField label={t('auditLog.filter.record')}>
          {(id) => (
            <input
              id={id}
              className="lp-input"
              type="search"
              value={record.keyword}
              placeholder={t('auditLog.filter.recordHint')}
              onChange={(event) => record.type(event.currentTarget.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter') record.submit(event.currentTarget.value);
              }}
            />
          )}
        </FilterField>
        <FilterField label={t('auditLog.filter.recordType')}>
          {(id) => (
            <select
              id={id}
              className="lp-input"
              value={filter.record_type}
              onChange={(event) => set({ record_type: event.currentTarget.value as Filter['record_type'] })}
            >
              <option value="">{t('auditLog.filter.all')}</option>
              {AUDIT_RECORD_TYPES.map((type) => (
                <option key={type} value={type}>
                  {t(`auditLog.record.${type}`)}
                </option>
              ))}
            </select>
          )}
        </FilterField>
        <FilterField label={t('auditLog.filter.user')}>
          {(id) => (
            <select
              id={id}
              className="lp-input"
              value={filter.uid}
              onChange={(event) => set({ uid: event.currentTarget.value })}
            >
              <option value="">{t('auditLog.filter.all')}</option>
              {log?.users.map((user) => (
                <option key={user.uid} value={String(user.uid)}>
                  {user.name}
                </option>
              ))}
            </select>
          )}
        </FilterField>
        <FilterField label={t('auditLog.filter.action')}>
          {(id) => (
            <select
              id={id}
              className="lp-input"
              value={filter.action}
              onChange={(event) => set({ action: event.currentTarget.value })}
            >
              <option value="">{t('auditLog.filter.all')}</option>
              {log?.actions.map((action) => (
                <option key={action} value={action}>
                  {actionLabel(action)}
                </option>
              ))}
            </select>
          )}
        </FilterField>
        <FilterField label={t('auditLog.filter.from')}>
          {(id) => (
            <input
              id={id}
              className="lp-input"
              type="date"
              value={filter.date_from}
              onChange={(event) => set({ date_from: event.currentTarget.value })}
            />
          )}
        </FilterField>
        <FilterField label={t('auditLog.filter.to')}>
          {(id) => (
            <input
              id={id}
              className="lp-input"
              type="date"
              value={filter.date_to}
              onChange={(event) => set({ date_to: event.currentTarget.value })}
            />
          )}
        </FilterField>
        {active > 0 && (
          <Button size="sm" variant="text" guardMs={0} onClick={() => set(NO_FILTER)}>
            {t('auditLog.filter.clear')}
          </Button>
        )}
      </Filters>
      {load.state === 'loading' && (
        <p className="audit-log__muted" role="status">
          {t('common.loading')}
        </p>
      )}
      {load.state === 'failed' && (
        <ErrorState message={t('auditLog.loadFailed')} onRetry={() => void fetchLog()} />
      )}
      {log && log.list.length === 0 && (
        <p className="audit-log__muted" role="status">
          {t('auditLog.empty')}
        </p>
      )}
      {log && log.list.length > 0 && (
        <>
          <ZoneNote />
          <ol className="audit-log__list" aria-label={t('auditLog.title')}>
            {log.list.map((entry) => (
              <Entry key={entry.id} entry={entry} actionLabel={actionLabel} />
            ))}
          </ol>
          <Pagination
            page={page}
            pageSize={PAGE}
            total={log.total}
            totalAtLeast={log.capped}
            onChange={setPage}
          />
        </>
      )}
    </section>
  );
}

/** One entry as a sentence: when, what, which record, who, why, the changes, the signature, the hash. */
function Entry({ entry, actionLabel }: { entry: AuditEntry; actionLabel: (action: string) => string }) {
  const t = useT();
  const record = `${t(
    isMessageKey(`auditLog.record.${entry.record_type}`)
      ? (`auditLog.record.${entry.record_type}` as MessageKey)
      : 'auditLog.record.other',
  )} ${entry.record_label || entry.record_id}`;
  const fieldLabel = (field: string) => {
    const bare = field.replace(/^requested\./, '');
    const key = `orderHistory.field.${bare}`;
    return isMessageKey(key) ? t(key) : field;
  };
  const changes = entry.changes.filter((c) => c.field !== 'signature');
  return (
    <li className="audit-log__entry">
      <div className="audit-log__head">
        <time dateTime={entry.at} className="audit-log__time">
          {chinaStamp(entry.at)}
        </time>
        <strong>{actionLabel(entry.action)}</strong>
        <span>{record}</span>
        <span className="audit-log__muted">
          {t(`auditLog.actor.${entry.actor_kind}`)} {entry.actor_name}
        </span>
      </div>
      {entry.reason && <div>{t('auditLog.reason', { reason: entry.reason })}</div>}
      {changes.length > 0 && (
        <ul className="audit-log__changes">
          {changes.map((c) => (
            // an entry names each field once
            <li key={c.field}>
              {c.old === null || c.old === undefined
                ? t('auditLog.set', { field: fieldLabel(c.field), value: valueText(c.new) })
                : t('auditLog.changed', {
                    field: fieldLabel(c.field),
                    old: valueText(c.old),
                    new: valueText(c.new),
                  })}
            </li>
          ))}
        </ul>
      )}
      {entry.signature && (
        <div className="audit-log__signature">
          {t('auditLog.signature', {
            name: entry.signature.name,
            meaning: t(`auditLog.meaning.${entry.signature.meaning}`),
            at: chinaStamp(entry.signature.signed_at),
          })}
          {!entry.signature.current && <span className="audit-log__earlier"> · {t('auditLog.earlier')}</span>}
        </div>
      )}
      <div className="audit-log__hash" title={entry.hash}>
        {t('auditLog.place', { chain: entry.chain, seq: entry.seq })} · {entry.hash.slice(0, 16)}…
      </div>
    </li>
  );
}
