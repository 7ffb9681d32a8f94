import { Body, Controller, Get, HttpCode, Param, Patch, Post, Query, Req, Res, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiHeader, ApiOperation, ApiProduces, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import {
  AdminCampaignDetailResponse,
  AdminCampaignListQuery,
  AdminCampaignListResponse,
  AdminSubscriptionListQuery,
  AdminSubscriptionListResponse,
  CampaignIdParams,
  CAMPAIGN_PREVIEW_CSP,
  CampaignPreviewBody,
  CampaignPreviewQuery,
  CampaignSendBody,
  CampaignTestBody,
  CampaignTestSentResponse,
  CreateCampaignBody,
  RenderedCampaignResponse,
  UpdateCampaignBody,
  type AdminCampaignDetail,
  type AdminCampaignList,
  type AdminSubscriptionList,
} from '../../../../contract/api/admin-newsletter.js';
import { ErrorResponseSchema } from '../../../../contract/api/fields.js';
import { auditActor } from '../../../platform/audit/index.js';
import { currentUser, RequireOperator } from '../../../platform/auth/index.js';
import { ApiZodBody, ApiZodParams, ApiZodQuery, ApiZodResponse } from '../../../platform/http/zod-validation.openapi.js';
import { parseOrThrow, ZodBody, ZodQuery, type Parsed } from '../../../platform/http/zod-validation.js';
import { CampaignAdminService } from './campaign-admin.service.js';

/**
 * The operators' newsletter API (admin only: capability `newsletter.manage`; docs/admin.md
 * 'Newsletter'): subscribers with their consent records, and campaigns (write, preview, test, send,
 * figures). Mutations need the CSRF token like every other and are written to the audit log in
 * their own transaction.
 */
@ApiTags('admin')
@ApiBearerAuth()
@Controller('api/admin/newsletter')
@UseGuards(RequireOperator)
export class CampaignAdminController {
  constructor(private readonly admin: CampaignAdminService) {}

  @Get('subscriptions')
  @ApiOperation({
    summary:
      'Newsletter addresses with their consent records (when, from which address, the sentence shown, its version, the form, the confirmation), 25 a page, newest first: by status and part of the address.',
  })
  @ApiZodQuery(AdminSubscriptionListQuery)
  @ApiZodResponse(AdminSubscriptionListResponse)
  @ApiZodResponse(ErrorResponseSchema, 401, 'Not signed in (AUTH_REQUIRED)')
  @ApiZodResponse(ErrorResponseSchema, 403, 'Not an admin: staff and customers (AUTH_FORBIDDEN)')
  @ApiZodResponse(ErrorResponseSchema, 422, 'NEWSLETTER_FILTER_INVALID: an unknown status or page')
  async subscriptions(
    @Query(new ZodQuery(AdminSubscriptionListQuery)) query: Parsed<typeof AdminSubscriptionListQuery>,
  ): Promise<{ data: AdminSubscriptionList }> {
    return { data: await this.admin.subscriptions(query) };
  }

  @Get('campaigns')
  @ApiOperation({
    summary:
      'Campaigns, newest first, 25 a page, each with its figures (recipients, queued, sent, failed, skipped, stopped, unsubscribed since).',
  })
  @ApiZodQuery(AdminCampaignListQuery)
  @ApiZodResponse(AdminCampaignListResponse)
  @ApiZodResponse(ErrorResponseSchema, 422, 'NEWSLETTER_FILTER_INVALID: an unknown page')
  async list(
    @Query(new ZodQuery(AdminCampaignListQuery)) query: Parsed<typeof AdminCampaignListQuery>,
  ): Promise<{ data: AdminCampaignList }> {
    return { data: await this.admin.list(query.page ?? 1) };
  }

  @Post('campaigns')
  @HttpCode(201)
  @ApiOperation({
    summary: 'Writes a new campaign (a draft): its name, the Croatian version and any others, and what subscribers of other languages get.',
  })
  @ApiHeader({ name: 'X-CSRF-Token', required: true })
  @ApiZodBody(CreateCampaignBody)
  @ApiZodResponse(AdminCampaignDetailResponse, 201)
  @ApiZodResponse(
    ErrorResponseSchema,
    422,
    'A field is invalid (every invalid field listed), or an image not from the shop (NEWSLETTER_IMAGE_NOT_SHOP)',
  )
  async create(
    @Req() req: Request,
    @Body(new ZodBody(CreateCampaignBody)) body: Parsed<typeof CreateCampaignBody>,
  ): Promise<{ data: AdminCampaignDetail }> {
    return { data: await this.admin.create(body, auditActor(req)) };
  }

  @Get('campaigns/:id')
  @ApiOperation({
    summary: 'One campaign: its versions, figures and, while a draft, who would get it now (confirmed subscribers per language).',
  })
  @ApiZodParams(CampaignIdParams)
  @ApiZodResponse(AdminCampaignDetailResponse)
  @ApiZodResponse(ErrorResponseSchema, 404, 'No such campaign (NEWSLETTER_CAMPAIGN_NOT_FOUND)')
  @ApiZodResponse(ErrorResponseSchema, 422, 'NEWSLETTER_CAMPAIGN_ID_INVALID: the id is no uuid')
  async detail(@Param('id') id: string): Promise<{ data: AdminCampaignDetail }> {
    return { data: await this.admin.detail(campaignId(id)) };
  }

  @Patch('campaigns/:id')
  @ApiOperation({
    summary:
      'Changes a draft (the fields sent; `content` replaces every version). A campaign being sent or sent stays as it went out (409).',
  })
  @ApiHeader({ name: 'X-CSRF-Token', required: true })
  @ApiZodParams(CampaignIdParams)
  @ApiZodBody(UpdateCampaignBody)
  @ApiZodResponse(AdminCampaignDetailResponse)
  @ApiZodResponse(ErrorResponseSchema, 404, 'No such campaign (NEWSLETTER_CAMPAIGN_NOT_FOUND)')
  @ApiZodResponse(ErrorResponseSchema, 409, 'NEWSLETTER_CAMPAIGN_SENT: no longer a draft')
  @ApiZodResponse(ErrorResponseSchema, 422, 'A field is invalid')
  async update(
    @Req() req: Request,
    @Param('id') id: string,
    @Body(new ZodBody(UpdateCampaignBody)) body: Parsed<typeof UpdateCampaignBody>,
  ): Promise<{ data: AdminCampaignDetail }> {
    return { data: await this.admin.update(campaignId(id), body, auditActor(req)) };
  }

  @Post('preview')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Renders one version (saved or not) as a subscriber of `locale` gets it: subject, HTML and text. Saves and sends nothing.',
  })
  @ApiHeader({ name: 'X-CSRF-Token', required: true })
  @ApiZodBody(CampaignPreviewBody)
  @ApiZodResponse(RenderedCampaignResponse)
  @ApiZodResponse(ErrorResponseSchema, 422, 'A field is invalid')
  async preview(@Body(new ZodBody(CampaignPreviewBody)) body: Parsed<typeof CampaignPreviewBody>) {
    return { data: await this.admin.preview(body.locale, body.version) };
  }

  @Get('campaigns/:id/preview')
  @ApiOperation({
    summary:
      "The saved version of `locale` (default hr) as the HTML document a subscriber gets, for the editor's sandboxed iframe: its own Content-Security-Policy runs nothing and lets only the back office frame it.",
  })
  @ApiProduces('text/html')
  @ApiZodParams(CampaignIdParams)
  @ApiZodQuery(CampaignPreviewQuery)
  @ApiResponse({ status: 200, description: 'text/html; charset=utf-8', content: { 'text/html': { schema: { type: 'string' } } } })
  @ApiZodResponse(ErrorResponseSchema, 404, 'No such campaign (NEWSLETTER_CAMPAIGN_NOT_FOUND)')
  @ApiZodResponse(ErrorResponseSchema, 422, 'NEWSLETTER_VERSION_MISSING, NEWSLETTER_LOCALE_INVALID')
  async previewDocument(
    @Res() res: Response,
    @Param('id') id: string,
    @Query(new ZodQuery(CampaignPreviewQuery)) { locale }: Parsed<typeof CampaignPreviewQuery>,
  ): Promise<void> {
    const { html } = await this.admin.previewSaved(campaignId(id), locale);
    res.setHeader('Content-Security-Policy', CAMPAIGN_PREVIEW_CSP);
    res.setHeader('X-Frame-Options', 'SAMEORIGIN');
    // a sandboxed frame has an opaque origin: asking to key it by origin only makes Chromium warn
    res.removeHeader('Origin-Agent-Cluster');
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.send(html);
  }

  @Post('campaigns/:id/test')
  @HttpCode(200)
  @ApiOperation({
    summary:
      "Sends the saved version of `locale` to the signed-in operator's own address only, '[TEST]' before the subject, from the newsletter's sender. Counted nowhere.",
  })
  @ApiHeader({ name: 'X-CSRF-Token', required: true })
  @ApiZodParams(CampaignIdParams)
  @ApiZodBody(CampaignTestBody)
  @ApiZodResponse(CampaignTestSentResponse)
  @ApiZodResponse(ErrorResponseSchema, 404, 'No such campaign (NEWSLETTER_CAMPAIGN_NOT_FOUND)')
  @ApiZodResponse(ErrorResponseSchema, 422, 'NEWSLETTER_VERSION_MISSING: not written in that language; NEWSLETTER_LOCALE_INVALID')
  async test(@Req() req: Request, @Param('id') id: string, @Body(new ZodBody(CampaignTestBody)) body: Parsed<typeof CampaignTestBody>) {
    return { data: await this.admin.sendTest(campaignId(id), body.locale, currentUser(req)?.label) };
  }

  @Post('campaigns/:id/send')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Sends the campaign to the subscribers confirmed at this moment (snapshot), each in their language or skipped, paced at NEWSLETTER_RATE_PER_MINUTE through the newsletter queue. A second call changes nothing.',
  })
  @ApiHeader({ name: 'X-CSRF-Token', required: true })
  @ApiZodParams(CampaignIdParams)
  @ApiZodBody(CampaignSendBody)
  @ApiZodResponse(AdminCampaignDetailResponse)
  @ApiZodResponse(ErrorResponseSchema, 404, 'No such campaign (NEWSLETTER_CAMPAIGN_NOT_FOUND)')
  @ApiZodResponse(ErrorResponseSchema, 409, 'NEWSLETTER_NO_RECIPIENTS: no confirmed subscriber would get it')
  async send(
    @Req() req: Request,
    @Param('id') id: string,
    @Body(new ZodBody(CampaignSendBody)) _body: Parsed<typeof CampaignSendBody>,
  ): Promise<{ data: AdminCampaignDetail }> {
    return { data: await this.admin.send(campaignId(id), auditActor(req)) };
  }
}

/** The path's campaign id, or the 422 a malformed one gets. */
function campaignId(raw: string): string {
  return parseOrThrow(CampaignIdParams, { id: raw }).id;
}
