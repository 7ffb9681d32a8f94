// The audit log, knowing no module (docs/admin.md 'Audit log'): modules declare what may be logged
// (registerAuditFields) and record their operators' changes in their own transaction (AuditTrail).
export { AuditModule } from './audit.module.js';
export { AuditTrail, auditActor, ERASED, type AuditActor } from './audit-trail.js';
/** @public What a module hands AuditTrail.record (the back office's modules build it). */
export type { AuditEntry } from './audit-trail.js';
export { registerAuditFields } from './audit-fields.js';
