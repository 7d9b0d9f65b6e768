import { Code } from '../../contract/codes.ts';
import { auditLog, auditLogPdf, auditLogXlsx } from '../../contract/audit/operations.ts';
import type { AuditLog, AuditLogQuery } from '../../contract/audit/schemas.ts';
import { call, callFile } from '../../api/transport.ts';
import { saveBlob } from '../../lib/save-blob.ts';

export type { AuditLog, AuditLogQuery };
export type AuditEntry = AuditLog['list'][number];

/** The page says itself when the user is not an administrator (403) or the filter is too wide (422). */
const QUIET = { silentCodes: [Code.forbidden, Code.invalid] } as const;

export const loadLog = (query: AuditLogQuery, signal?: AbortSignal): Promise<AuditLog> =>
  call(auditLog, query, { ...QUIET, ...(signal ? { signal } : {}) });

/** The filtered trail as a file (.xlsx or PDF), saved as a download. */
export async function exportLog(format: 'xlsx' | 'pdf', query: AuditLogQuery, name: string): Promise<void> {
  saveBlob(await callFile(format === 'xlsx' ? auditLogXlsx : auditLogPdf, query, QUIET), `${name}.${format}`);
}
