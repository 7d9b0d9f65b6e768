import { AUDIT_RECORD_TYPES } from '../../contract/audit/schemas.ts';
import {
  choiceParam,
  createListStore,
  type ListStore,
  listAddressCodec,
  textParam,
} from '../../stores/list/index.ts';
import { type AuditEntry, type AuditLog, type AuditLogQuery, loadLog } from './audit-api.ts';

/** The log's filters as the page holds them ('' : not set). */
export interface AuditFilters {
  record_type: '' | (typeof AUDIT_RECORD_TYPES)[number];
  record: string;
  uid: string;
  action: string;
  date_from: string;
  date_to: string;
}

export const NO_FILTER: AuditFilters = {
  record_type: '',
  record: '',
  uid: '',
  action: '',
  date_from: '',
  date_to: '',
};

export type AuditLogStore = ListStore<AuditEntry, AuditFilters, AuditLog>;

/** The filters as the calls take them (what is not set is left out). */
export function queryOf(filters: AuditFilters): AuditLogQuery {
  return {
    ...(filters.record_type ? { record_type: filters.record_type } : {}),
    ...(filters.record.trim() ? { record: filters.record.trim() } : {}),
    ...(filters.uid ? { uid: Number(filters.uid) } : {}),
    ...(filters.action ? { action: filters.action } : {}),
    ...(filters.date_from ? { date_from: filters.date_from } : {}),
    ...(filters.date_to ? { date_to: filters.date_to } : {}),
  };
}

/** The customer's audit trail, newest first, server paged, by record, user, action and days. */
export function createAuditLogStore(pageSize = 20): AuditLogStore {
  return createListStore<AuditEntry, AuditFilters, AuditLog>({
    fetch: (params, signal) =>
      loadLog(
        { ...queryOf(params.filters), start: (params.page - 1) * params.pageSize, limit: params.pageSize },
        signal,
      ),
    filters: NO_FILTER,
    pageSize,
    rowId: (entry) => String(entry.id),
  });
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const dayParam = {
  read: (text: string) => (DAY.test(text) ? text : undefined),
  write: (value: string) => value,
};

/** The log in the page's address (`?record=LP…&action=approve&date_from=…&page=2`): a link shows the same. */
export const AUDIT_LOG_ADDRESS = listAddressCodec<AuditFilters>(
  {
    record_type: choiceParam<AuditFilters['record_type']>(['', ...AUDIT_RECORD_TYPES]),
    record: textParam(40),
    uid: textParam(10),
    action: textParam(40),
    date_from: dayParam,
    date_to: dayParam,
  },
  { filters: NO_FILTER, pageSize: 20, sorts: [] },
);
