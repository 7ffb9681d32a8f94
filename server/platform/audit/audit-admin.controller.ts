import { Controller, Get, Query, Req, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { AdminAuditListResponse, AdminAuditQuery, type AdminAuditList } from '../../../contract/api/admin-audit.js';
import { ErrorResponseSchema } from '../../../contract/api/fields.js';
import { AUDIT_TYPES_FOR_STAFF, currentUser, RequireOperator } from '../auth/index.js';
import { ApiZodQuery, ApiZodResponse } from '../http/zod-validation.openapi.js';
import { ZodQuery, type Parsed } from '../http/zod-validation.js';
import { AuditTrail } from './audit-trail.js';

/**
 * The audit log for operators (docs/admin.md 'Audit log'): admin reads every entry, staff the
 * entries about the work staff may do (AUDIT_TYPES_FOR_STAFF: orders, invoices, content, stock).
 */
@ApiTags('admin')
@ApiBearerAuth()
@Controller('api/admin/audit')
@UseGuards(RequireOperator)
export class AuditAdminController {
  constructor(private readonly audit: AuditTrail) {}

  @Get()
  @ApiOperation({
    summary:
      'The audit log, newest first, 50 a page: who changed what, when, before and after; filtered by entity, actor, action and time. Staff see orders, invoices, content and stock.',
  })
  @ApiZodQuery(AdminAuditQuery)
  @ApiZodResponse(AdminAuditListResponse)
  @ApiZodResponse(ErrorResponseSchema, 401, 'Not signed in (AUTH_REQUIRED)')
  @ApiZodResponse(ErrorResponseSchema, 403, 'Not an operator (AUTH_FORBIDDEN)')
  @ApiZodResponse(ErrorResponseSchema, 422, 'AUDIT_QUERY_INVALID / AUDIT_DATE_INVALID')
  async list(
    @Req() req: Request,
    @Query(new ZodQuery(AdminAuditQuery)) query: Parsed<typeof AdminAuditQuery>,
  ): Promise<{ data: AdminAuditList }> {
    const scope = currentUser(req)?.role === 'admin' ? undefined : AUDIT_TYPES_FOR_STAFF;
    return { data: await this.audit.list(query, scope) };
  }
}
