import * as v from 'valibot';
import { Code } from '../codes.ts';
import { operation, READS } from '../operation.ts';
import { AuditLogQuery, AuditLogSchema } from './schemas.ts';

/**
 * The customer's audit trail for its administrators (21 CFR Part 11 §11.10(e): "available for
 * agency review and copying"; EU GMP Annex 11 §9: "convertible to a generally intelligible form").
 * A user who is not an administrator of the session's customer is refused (403).
 */
const area = 'audit';

export const AUDIT_XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const AUDIT_PDF_TYPE = 'application/pdf';

export const auditLog = operation({
  area,
  method: 'GET',
  path: 'customer-audit/index',
  summary:
    'A page of the customer’s audit trail, newest first, filtered by record, user, action and days (masked values masked)',
  auth: 'session',
  audit: READS,
  input: AuditLogQuery,
  output: AuditLogSchema,
  codes: [Code.forbidden],
});

/** An export of the trail is itself recorded: who took a copy of which entries, and when. */
const EXPORTS = { records: ['user'] } as const;
const EXPORT_LIMIT = [{ by: 'user', limit: 10, windowMs: 60_000, bucket: 'audit/export' }] as const;

export const auditLogXlsx = operation({
  area,
  method: 'GET',
  path: 'customer-audit/xlsx',
  summary:
    'The filtered audit trail as .xlsx (at most 20,000 entries: a larger set asks for a narrower filter)',
  auth: 'session',
  audit: EXPORTS,
  input: AuditLogQuery,
  output: v.string(),
  media: AUDIT_XLSX_TYPE,
  codes: [Code.forbidden, Code.invalid],
  rateLimits: EXPORT_LIMIT,
});

export const auditLogPdf = operation({
  area,
  method: 'GET',
  path: 'customer-audit/pdf',
  summary:
    'The filtered audit trail as a PDF for people (at most 20,000 entries), with each entry’s chain hash',
  auth: 'session',
  audit: EXPORTS,
  input: AuditLogQuery,
  output: v.string(),
  media: AUDIT_PDF_TYPE,
  codes: [Code.forbidden, Code.invalid],
  rateLimits: EXPORT_LIMIT,
});
