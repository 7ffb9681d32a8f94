import { Controller, Get, Query, Res, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiProduces, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { ErrorResponseSchema } from '../../../contract/api/fields.js';
import { NewsletterExportQuery } from '../../../contract/api/newsletter.js';
import { ApiZodQuery, ApiZodResponse } from '../../platform/http/zod-validation.openapi.js';
import { ZodQuery, type Parsed } from '../../platform/http/zod-validation.js';
import { RequireOperator } from '../../platform/auth/index.js';
import { NewsletterService } from './newsletter.service.js';

/** The operators' newsletter export (role admin; docs/newsletter.md 'Export'). */
@ApiTags('admin')
@ApiBearerAuth()
@Controller('api/admin/newsletter')
@UseGuards(RequireOperator)
export class NewsletterAdminController {
  constructor(private readonly newsletter: NewsletterService) {}

  @Get('subscribers')
  @ApiOperation({
    summary:
      'Confirmed subscribers as a CSV download (email, locale, confirmed_at, source), one language (`?locale=hr`) or all. Cells starting with = + - @ are prefixed with an apostrophe (CSV injection).',
  })
  @ApiProduces('text/csv')
  @ApiZodQuery(NewsletterExportQuery)
  @ApiResponse({
    status: 200,
    description: 'text/csv; charset=utf-8, UTF-8 with byte-order mark, CRLF line ends, a header row',
    content: { 'text/csv': { schema: { type: 'string' } } },
  })
  @ApiZodResponse(ErrorResponseSchema, 401, 'Not signed in (AUTH_REQUIRED)')
  @ApiZodResponse(ErrorResponseSchema, 403, 'Not an operator (AUTH_FORBIDDEN)')
  @ApiZodResponse(ErrorResponseSchema, 422, 'An unknown language (NEWSLETTER_LOCALE_INVALID)')
  async subscribers(
    @Res() res: Response,
    @Query(new ZodQuery(NewsletterExportQuery)) { locale }: Parsed<typeof NewsletterExportQuery>,
  ): Promise<void> {
    const csv = await this.newsletter.exportCsv(locale);
    const day = new Date().toISOString().slice(0, 10);
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    res.setHeader('Content-Disposition', `attachment; filename="newsletter-subscribers-${locale ?? 'all'}-${day}.csv"`);
    res.send(csv);
  }
}
