import { Body, Controller, Get, HttpCode, Param, Patch, Post, Query, Req, Res, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import {
  AdminContentListQuery,
  AdminEntryListResponse,
  AdminEntryParams,
  AdminEntryResponse,
  AdminPublishBody,
  AdminTranslationParams,
  AdminTranslationUpdate,
  type AdminEntryDetail,
  type AdminEntryList,
} from '../../../contract/api/content.js';
import { ErrorResponseSchema } from '../../../contract/api/fields.js';
import { ApiZodBody, ApiZodParams, ApiZodQuery, ApiZodResponse } from '../../platform/http/zod-validation.openapi.js';
import { ZodBody, ZodQuery, type Parsed } from '../../platform/http/zod-validation.js';
import { auditActor } from '../../platform/audit/index.js';
import { RequireOperator } from '../../platform/auth/index.js';
import { ContentAdminService } from './content-admin.service.js';
import { ContentEditorService } from './content-editor.service.js';
import {
  AdminContentImagesResponse,
  AdminEntryCreate,
  AdminEntrySave,
  AdminPreviewRequest,
  AdminPreviewResponse,
  type AdminContentImage,
  type AdminPreview,
} from '../../../contract/api/admin-content.js';

/**
 * The operators' content API (admin and staff, docs/admin.md 'Roles'; docs/content.md 'Admin API'). Answers are private and never
 * cached; writes need the CSRF token like every mutation. Publishing or an edit of a visible text
 * publishes `content.published` (the render cache and the sitemap follow).
 */
@ApiTags('admin')
@ApiBearerAuth()
@Controller('api/admin/content')
@UseGuards(RequireOperator)
export class ContentAdminController {
  constructor(
    private readonly admin: ContentAdminService,
    private readonly editor: ContentEditorService,
  ) {}

  @Get('images')
  @ApiOperation({ summary: 'The pictures an entry may take (content/images; `path` is the value of `shared.image`).' })
  @ApiZodResponse(AdminContentImagesResponse)
  async images(): Promise<{ data: AdminContentImage[] }> {
    return { data: await this.editor.images() };
  }

  @Post('entries')
  @ApiOperation({ summary: 'Creates an entry (its languages start as drafts; the key follows the Croatian title unless given).' })
  @ApiHeader({ name: 'X-CSRF-Token', required: true })
  @ApiZodBody(AdminEntryCreate)
  @ApiZodResponse(AdminEntryResponse, 201)
  @ApiZodResponse(ErrorResponseSchema, 409, 'CONTENT_KEY_TAKEN, CONTENT_SLUG_TAKEN')
  @ApiZodResponse(ErrorResponseSchema, 422, 'CONTENT_FIELD_REQUIRED, CONTENT_FIELD_INVALID (field: shared.<name> or translations.<lang>.<name>)')
  async create(@Req() req: Request, @Body(new ZodBody(AdminEntryCreate)) body: Parsed<typeof AdminEntryCreate>): Promise<{ data: AdminEntryDetail }> {
    return { data: await this.editor.create(body, auditActor(req)) };
  }

  @Patch('entries/:id')
  @ApiOperation({
    summary:
      'Saves the editor: shared fields once, texts per language (a new language starts as a draft). The slug follows the title until first published, then it is locked (409 CONTENT_SLUG_LOCKED). The import keeps what is saved here.',
  })
  @ApiHeader({ name: 'X-CSRF-Token', required: true })
  @ApiZodParams(AdminEntryParams)
  @ApiZodBody(AdminEntrySave)
  @ApiZodResponse(AdminEntryResponse)
  @ApiZodResponse(ErrorResponseSchema, 404, 'CONTENT_NOT_FOUND')
  @ApiZodResponse(ErrorResponseSchema, 409, 'CONTENT_SLUG_LOCKED, CONTENT_SLUG_TAKEN')
  @ApiZodResponse(ErrorResponseSchema, 422, 'CONTENT_FIELD_REQUIRED, CONTENT_FIELD_INVALID (field: shared.<name> or translations.<lang>.<name>)')
  async save(
    @Req() req: Request,
    @Param('id') id: string,
    @Body(new ZodBody(AdminEntrySave)) body: Parsed<typeof AdminEntrySave>,
  ): Promise<{ data: AdminEntryDetail }> {
    return { data: await this.editor.save(id, body, auditActor(req)) };
  }

  @Post('entries/:id/preview')
  @HttpCode(200)
  @ApiOperation({ summary: "Stores one language's unsaved draft for 15 minutes and answers the shop page's URL with a signed preview token." })
  @ApiHeader({ name: 'X-CSRF-Token', required: true })
  @ApiZodParams(AdminEntryParams)
  @ApiZodBody(AdminPreviewRequest)
  @ApiZodResponse(AdminPreviewResponse)
  @ApiZodResponse(ErrorResponseSchema, 404, 'CONTENT_NOT_FOUND')
  @ApiZodResponse(ErrorResponseSchema, 422, 'CONTENT_FIELD_REQUIRED, CONTENT_FIELD_INVALID')
  async preview(
    @Req() req: Request,
    @Param('id') id: string,
    @Body(new ZodBody(AdminPreviewRequest)) body: Parsed<typeof AdminPreviewRequest>,
  ): Promise<{ data: AdminPreview }> {
    return { data: await this.editor.preview(id, body, auditActor(req)) };
  }

  @Get('entries')
  @ApiOperation({ summary: 'Content entries by type and key, with each language’s status.' })
  @ApiZodQuery(AdminContentListQuery)
  @ApiZodResponse(AdminEntryListResponse)
  @ApiZodResponse(ErrorResponseSchema, 401, 'Not signed in (AUTH_REQUIRED)')
  @ApiZodResponse(ErrorResponseSchema, 403, 'Not an operator (AUTH_FORBIDDEN)')
  async list(
    @Res({ passthrough: true }) res: Response,
    @Query(new ZodQuery(AdminContentListQuery)) q: Parsed<typeof AdminContentListQuery>,
  ): Promise<{ data: AdminEntryList }> {
    res.setHeader('Cache-Control', 'no-store');
    return { data: await this.admin.list(q) };
  }

  @Get('entries/:id')
  @ApiOperation({ summary: 'One entry with its shared fields and every translation (Markdown, HTML, status, source file).' })
  @ApiZodParams(AdminEntryParams)
  @ApiZodResponse(AdminEntryResponse)
  @ApiZodResponse(ErrorResponseSchema, 404, 'CONTENT_NOT_FOUND')
  async detail(@Res({ passthrough: true }) res: Response, @Param('id') id: string): Promise<{ data: AdminEntryDetail }> {
    res.setHeader('Cache-Control', 'no-store');
    return { data: await this.admin.detail(id) };
  }

  @Patch('entries/:id/translations/:locale')
  @ApiOperation({ summary: "Edits a translation's texts (fields left out stay). The import then keeps the edit (docs/admin.md 'Content in the back office'; `content:import --force` overwrites it)." })
  @ApiHeader({ name: 'X-CSRF-Token', required: true })
  @ApiZodParams(AdminTranslationParams)
  @ApiZodBody(AdminTranslationUpdate)
  @ApiZodResponse(AdminEntryResponse)
  @ApiZodResponse(ErrorResponseSchema, 404, 'CONTENT_NOT_FOUND')
  @ApiZodResponse(ErrorResponseSchema, 422, 'CONTENT_TITLE_REQUIRED, CONTENT_UPDATE_EMPTY, ...')
  async update(
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
    @Param('id') id: string,
    @Param('locale') locale: string,
    @Body(new ZodBody(AdminTranslationUpdate)) body: Parsed<typeof AdminTranslationUpdate>,
  ): Promise<{ data: AdminEntryDetail }> {
    res.setHeader('Cache-Control', 'no-store');
    return { data: await this.admin.update(id, locale, body, auditActor(req)) };
  }

  @Post('entries/:id/publish')
  @HttpCode(200)
  @ApiOperation({ summary: 'Publishes the entry (every language whose translation is published), or with `locale` that translation.' })
  @ApiHeader({ name: 'X-CSRF-Token', required: true })
  @ApiZodParams(AdminEntryParams)
  @ApiZodBody(AdminPublishBody)
  @ApiZodResponse(AdminEntryResponse)
  @ApiZodResponse(ErrorResponseSchema, 404, 'CONTENT_NOT_FOUND')
  @ApiZodResponse(ErrorResponseSchema, 409, 'CONTENT_TRANSLATION_REMOVED: its file is gone')
  async publish(
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
    @Param('id') id: string,
    @Body(new ZodBody(AdminPublishBody)) body: Parsed<typeof AdminPublishBody>,
  ): Promise<{ data: AdminEntryDetail }> {
    res.setHeader('Cache-Control', 'no-store');
    return { data: await this.admin.setPublished(id, body.locale, true, auditActor(req)) };
  }

  @Post('entries/:id/unpublish')
  @HttpCode(200)
  @ApiOperation({ summary: 'Unpublishes the entry in every language, or with `locale` that translation (it becomes a draft).' })
  @ApiHeader({ name: 'X-CSRF-Token', required: true })
  @ApiZodParams(AdminEntryParams)
  @ApiZodBody(AdminPublishBody)
  @ApiZodResponse(AdminEntryResponse)
  @ApiZodResponse(ErrorResponseSchema, 404, 'CONTENT_NOT_FOUND')
  async unpublish(
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
    @Param('id') id: string,
    @Body(new ZodBody(AdminPublishBody)) body: Parsed<typeof AdminPublishBody>,
  ): Promise<{ data: AdminEntryDetail }> {
    res.setHeader('Cache-Control', 'no-store');
    return { data: await this.admin.setPublished(id, body.locale, false, auditActor(req)) };
  }
}
