export { auditRoutes } from './audit.routes.ts';
export { type AuditEntry, type AuditLog, createAuditLog, withAuditRequest } from './audit-log.ts';
