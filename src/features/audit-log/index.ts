export { AuditLog } from './audit-log.tsx';
export { AUDIT_LOG_ADDRESS, type AuditLogStore, createAuditLogStore } from './audit-log-store.ts';
