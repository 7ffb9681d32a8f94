import { Controller, Get, Req, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { AdminDashboardResponse, type AdminDashboard } from '../../../contract/api/admin-dashboard.js';
import { ErrorResponseSchema } from '../../../contract/api/fields.js';
import { currentUser, RequireOperator } from '../../platform/auth/index.js';
import { ApiZodResponse } from '../../platform/http/zod-validation.openapi.js';
import { requestLocale } from '../../platform/i18n/index.js';
import { DashboardService } from './dashboard.service.js';

/**
 * The back office's dashboard (docs/admin.md 'Dashboard'): for every operator (roles admin and
 * staff); revenue only for admin. Private, never cached. No input besides the caller and the
 * language (product names).
 */
@ApiTags('admin')
@ApiBearerAuth()
@Controller('api/admin/dashboard')
@UseGuards(RequireOperator)
export class DashboardController {
  constructor(private readonly dashboard: DashboardService) {}

  @Get()
  @ApiOperation({
    summary:
      "Today's and this week's orders (revenue for role admin only), orders to ship, card payments pending, low stock, failed jobs, invoices not yet fiscalized.",
  })
  @ApiZodResponse(AdminDashboardResponse)
  @ApiZodResponse(ErrorResponseSchema, 401, 'Not signed in (AUTH_REQUIRED)')
  @ApiZodResponse(ErrorResponseSchema, 403, 'Not an operator (AUTH_FORBIDDEN)')
  async get(@Req() req: Request): Promise<{ data: AdminDashboard }> {
    const withRevenue = currentUser(req)?.role === 'admin';
    return { data: await this.dashboard.figures({ now: new Date(), locale: requestLocale(req), withRevenue }) };
  }
}
