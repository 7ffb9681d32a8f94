import { Controller, Get, Query, Res, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { EuDistanceSalesQuery, EuDistanceSalesResponse, type EuDistanceSalesView } from '../../../../contract/api/admin-vat.js';
import { ErrorResponseSchema } from '../../../../contract/api/fields.js';
import { RequireOperator } from '../../../platform/auth/index.js';
import { ApiZodQuery, ApiZodResponse } from '../../../platform/http/zod-validation.openapi.js';
import { ZodQuery, type Parsed } from '../../../platform/http/zod-validation.js';
import { EuDistanceSales } from './eu-distance-sales.js';

/** The operators' VAT figures (role admin: capability settings.vat, docs/admin.md 'Roles'; docs/invoicing/vat.md). Never cached. */
@ApiTags('admin')
@ApiBearerAuth()
@Controller('api/admin/vat')
@UseGuards(RequireOperator)
export class VatAdminController {
  constructor(private readonly sales: EuDistanceSales) {}

  @Get('eu-distance-sales')
  @ApiOperation({
    summary:
      "The year's EU distance sales (net, refunds deducted) against the EUR 10,000 threshold of the OSS (art. 59c), with a warning from 80 %.",
  })
  @ApiZodQuery(EuDistanceSalesQuery)
  @ApiZodResponse(EuDistanceSalesResponse)
  @ApiZodResponse(ErrorResponseSchema, 401, 'Not signed in (AUTH_REQUIRED)')
  @ApiZodResponse(ErrorResponseSchema, 403, 'Not an operator (AUTH_FORBIDDEN)')
  @ApiZodResponse(ErrorResponseSchema, 422, 'A year that is not four digits between 2000 and 2999')
  async euDistanceSales(
    @Res({ passthrough: true }) res: Response,
    @Query(new ZodQuery(EuDistanceSalesQuery)) query: Parsed<typeof EuDistanceSalesQuery>,
  ): Promise<{ data: EuDistanceSalesView }> {
    res.setHeader('Cache-Control', 'no-store');
    return { data: await this.sales.report(query.year ?? EuDistanceSales.yearOf(new Date())) };
  }
}
