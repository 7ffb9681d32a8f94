// The audit log, knowing no module (docs/admin.md 'Audit log'): modules declare what may be logged
// (registerAuditFields) and record their operators' changes in their own transaction (AuditTrail).
export { AuditModule } from './audit.module.js';
export { AuditTrail, auditActor, ERASED, type AuditActor, type AuditEntry } from './audit-trail.js';
export { registerAuditFields } from './audit-fields.js';
