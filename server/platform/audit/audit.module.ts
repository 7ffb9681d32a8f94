import { Global, Module } from '@nestjs/common';
import { AuditAdminController } from './audit-admin.controller.js';
import { AuditTrail } from './audit-trail.js';

/** The audit log (docs/admin.md 'Audit log'). Global: any module's service injects AuditTrail. */
@Global()
@Module({
  controllers: [AuditAdminController],
  providers: [AuditTrail],
  exports: [AuditTrail],
})
export class AuditModule {}
