import { useStore } from '@nanostores/react';
import { useRef, useState } from 'react';
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
import { Select } from '../../ui/select/select.tsx';
import { Pagination } from '../../ui/pagination/pagination.tsx';
import { ErrorState } from '../../ui/states/error-state.tsx';
import { useT } from '../../ui/use-t.ts';
import { ZoneNote } from '../../ui/zone-note/zone-note.tsx';
import { useListAddress } from '../../ui/use-list-address.ts';
import { type AuditEntry, exportLog } from './audit-api.ts';
import { AUDIT_LOG_ADDRESS, type AuditFilters, type AuditLogStore, queryOf } from './audit-log-store.ts';
import '../../i18n/areas/audit-log.ts';
import '../../i18n/areas/order-history.ts';

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
export function AuditLog({ list, syncAddress = true }: { list: AuditLogStore; syncAddress?: boolean }) {
  const t = useT();
  const token = useStore($token);
  const root = useRef<HTMLElement>(null);
  useListAddress(list, AUDIT_LOG_ADDRESS, syncAddress, root);
  const state = useStore(list.$state);
  const filter = state.params.filters;
  const [exporting, setExporting] = useState<'xlsx' | 'pdf' | null>(null);
  const set = (patch: Partial<AuditFilters>) => list.setFilters(patch);
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
  const refused = state.status === 'failed' && isApiError(state.error) && state.error.code === Code.forbidden;
  if (refused)
    return (
      <section className="audit-log" part="base" aria-labelledby="audit-log-title" ref={root}>
        <h1 id="audit-log-title" className="lp-page-title">
          {t('auditLog.title')}
        </h1>
        <p className="audit-log__muted">{t('auditLog.refused')}</p>
      </section>
    );

  const log = state.status === 'loaded' || state.answer ? state.answer : null;
  const all = t('auditLog.filter.all');
  const active = Object.values(filter).filter(Boolean).length;
  const actionLabel = (action: string) => {
    const key = `auditLog.action.${action}`;
    return isMessageKey(key) ? t(key) : action;
  };
  return (
    <section className="audit-log" part="base" aria-labelledby="audit-log-title" ref={root}>
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
            <Select<string>
              id={id}
              options={[
                { value: '', label: all },
                ...AUDIT_RECORD_TYPES.map((type) => ({ value: type, label: t(`auditLog.record.${type}`) })),
              ]}
              value={filter.record_type}
              onChange={(value) => set({ record_type: value as AuditFilters['record_type'] })}
            />
          )}
        </FilterField>
        <FilterField label={t('auditLog.filter.user')}>
          {(id) => (
            <Select<string>
              id={id}
              options={[
                { value: '', label: all },
                ...(log?.users ?? []).map((user) => ({ value: String(user.uid), label: user.name })),
              ]}
              value={filter.uid}
              onChange={(value) => set({ uid: value })}
            />
          )}
        </FilterField>
        <FilterField label={t('auditLog.filter.action')}>
          {(id) => (
            <Select<string>
              id={id}
              options={[
                { value: '', label: all },
                ...(log?.actions ?? []).map((action) => ({ value: action, label: actionLabel(action) })),
              ]}
              value={filter.action}
              onChange={(value) => set({ action: value })}
            />
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
          <Button size="sm" variant="text" guardMs={0} onClick={() => list.resetFilters()}>
            {t('auditLog.filter.clear')}
          </Button>
        )}
      </Filters>
      {!log && state.status === 'loading' && (
        <p className="audit-log__muted" role="status">
          {t('common.loading')}
        </p>
      )}
      {state.status === 'failed' && (
        <ErrorState message={t('auditLog.loadFailed')} onRetry={() => void list.retry()} />
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
            page={state.params.page}
            pageSize={state.params.pageSize}
            total={log.total}
            totalAtLeast={log.capped}
            onChange={(page) => list.setPage(page)}
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
    const own = `auditLog.field.${bare}`;
    if (isMessageKey(own)) return t(own);
    const key = `orderHistory.field.${bare}`;
    return isMessageKey(key) ? t(key) : field;
  };
  // a sign-in's record is its actor: named once
  const self = entry.record_type === 'user' && entry.record_id === String(entry.actor_id);
  const changes = entry.changes.filter((c) => c.field !== 'signature');
  return (
    <li className="audit-log__entry">
      <div className="audit-log__head">
        <time dateTime={entry.at} className="audit-log__time">
          {chinaStamp(entry.at)}
        </time>
        <strong>{actionLabel(entry.action)}</strong>
        {!self && <span>{record}</span>}
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
