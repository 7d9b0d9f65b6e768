export { AuditLog } from './audit-log.tsx';
