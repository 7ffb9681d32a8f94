import { Body, Controller, Get, HttpCode, Param, Patch, Post, Req, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { AdminProductParams } from '../../../../contract/api/admin-catalog.js';
import {
  AdminProductStateBody,
  AdminCategoryCreateBody,
  AdminCategoryListResponse,
  AdminCategoryMoveBody,
  AdminCategoryParams,
  AdminCategoryPatchBody,
  AdminCategoryResponse,
  AdminProductCreateBody,
  AdminProductEditableResponse,
  AdminProductPatchBody,
  type AdminCategory,
  type AdminProductEditable,
} from '../../../../contract/api/admin-products.js';
import { ErrorResponseSchema } from '../../../../contract/api/fields.js';
import { auditActor } from '../../../platform/audit/index.js';
import { RequireOperator } from '../../../platform/auth/index.js';
import { requestLocale } from '../../../platform/i18n/index.js';
import { ApiZodBody, ApiZodParams, ApiZodResponse } from '../../../platform/http/zod-validation.openapi.js';
import { parseOrThrow, ZodBody, type Parsed } from '../../../platform/http/zod-validation.js';
import { ProductEditorService } from './product-editor.service.js';

const productCode = (code: string) => parseOrThrow(AdminProductParams, { code }).code;
const categoryCode = (code: string) => parseOrThrow(AdminCategoryParams, { code }).code;

function answers(...extra: Array<[number, string]>): MethodDecorator {
  return (target, key, descriptor) => {
    for (const [status, text] of [
      [401, 'Not signed in (AUTH_REQUIRED)'],
      [403, 'A role this route does not allow (AUTH_FORBIDDEN): changing the catalogue is admin only'],
      ...extra,
    ] as Array<[number, string]>)
      ApiZodResponse(ErrorResponseSchema, status, text)(target, key, descriptor);
  };
}

/**
 * The back office's product editing (docs/admin.md 'Products and categories'). Reading: admin and
 * staff (`stock.read`); every change: admin only (`products.write`), as the operator policy says.
 */
@ApiTags('admin')
@ApiBearerAuth()
@Controller('api/admin/products')
@UseGuards(RequireOperator)
export class ProductEditorController {
  constructor(private readonly editor: ProductEditorService) {}

  @Post()
  @HttpCode(201)
  @ApiOperation({
    summary:
      'A new product (admin), not yet in the shop: its fields, the first regular price, texts in any of the four languages (missing ones stay null; a slug follows its name).',
  })
  @ApiHeader({ name: 'X-CSRF-Token', required: true })
  @ApiZodBody(AdminProductCreateBody)
  @ApiZodResponse(AdminProductEditableResponse, 201, 'Created (a draft)')
  @answers([409, 'CATALOG_CODE_TAKEN / CATALOG_SLUG_TAKEN'], [422, 'An invalid value, an unknown category or related product'])
  async create(
    @Req() req: Request,
    @Body(new ZodBody(AdminProductCreateBody)) body: Parsed<typeof AdminProductCreateBody>,
  ): Promise<{ data: AdminProductEditable }> {
    return { data: await this.editor.create(body, auditActor(req), requestLocale(req)) };
  }

  @Get(':code/details')
  @ApiOperation({
    summary:
      'Everything the Details screen edits: fields, texts per language (null: missing), what is missing, state, slugs and old slugs.',
  })
  @ApiZodParams(AdminProductParams)
  @ApiZodResponse(AdminProductEditableResponse)
  @answers([404, 'CATALOG_PRODUCT_NOT_FOUND'], [422, 'CATALOG_CODE_INVALID'])
  async details(@Param('code') code: string): Promise<{ data: AdminProductEditable }> {
    return { data: await this.editor.editable(productCode(code)) };
  }

  @Patch(':code/details')
  @ApiOperation({
    summary:
      "Changes any field or text (admin). Slugs follow names until first published; afterwards a slug given is the 'change the address' action and the old one answers 301. A published product keeps every text.",
  })
  @ApiHeader({ name: 'X-CSRF-Token', required: true })
  @ApiZodParams(AdminProductParams)
  @ApiZodBody(AdminProductPatchBody)
  @ApiZodResponse(AdminProductEditableResponse)
  @answers(
    [404, 'CATALOG_PRODUCT_NOT_FOUND'],
    [409, 'CATALOG_SLUG_TAKEN / CATALOG_PRODUCT_CHANGED (expected_updated_at)'],
    [422, 'An invalid value / CATALOG_PRODUCT_TEXTS_MISSING (a published product) / CATALOG_SLUG_REQUIRED'],
  )
  async update(
    @Req() req: Request,
    @Param('code') code: string,
    @Body(new ZodBody(AdminProductPatchBody)) body: Parsed<typeof AdminProductPatchBody>,
  ): Promise<{ data: AdminProductEditable }> {
    const valid = productCode(code);
    return { data: await this.editor.update(valid, body, auditActor(req), requestLocale(req)) };
  }

  @Post(':code/publish')
  @HttpCode(200)
  @ApiZodBody(AdminProductStateBody)
  @ApiOperation({ summary: 'Puts the product in the shop (admin); refused while a text is missing in any language (422 listing each).' })
  @ApiHeader({ name: 'X-CSRF-Token', required: true })
  @ApiZodParams(AdminProductParams)
  @ApiZodResponse(AdminProductEditableResponse)
  @answers([404, 'CATALOG_PRODUCT_NOT_FOUND'], [422, 'CATALOG_PRODUCT_TEXTS_MISSING'])
  async publish(@Req() req: Request, @Param('code') code: string): Promise<{ data: AdminProductEditable }> {
    const valid = productCode(code);
    return { data: await this.editor.setState(valid, 'publish', auditActor(req), requestLocale(req)) };
  }

  @Post(':code/unpublish')
  @HttpCode(200)
  @ApiZodBody(AdminProductStateBody)
  @ApiOperation({ summary: 'Takes the product out of the shop (admin); its slugs stay locked.' })
  @ApiHeader({ name: 'X-CSRF-Token', required: true })
  @ApiZodParams(AdminProductParams)
  @ApiZodResponse(AdminProductEditableResponse)
  @answers([404, 'CATALOG_PRODUCT_NOT_FOUND'])
  async unpublish(@Req() req: Request, @Param('code') code: string): Promise<{ data: AdminProductEditable }> {
    const valid = productCode(code);
    return { data: await this.editor.setState(valid, 'unpublish', auditActor(req), requestLocale(req)) };
  }

  @Post(':code/archive')
  @HttpCode(200)
  @ApiZodBody(AdminProductStateBody)
  @ApiOperation({ summary: 'No longer sold (admin): out of the shop lists, search, sitemap and carts; its page is 404; orders keep it.' })
  @ApiHeader({ name: 'X-CSRF-Token', required: true })
  @ApiZodParams(AdminProductParams)
  @ApiZodResponse(AdminProductEditableResponse)
  @answers([404, 'CATALOG_PRODUCT_NOT_FOUND'])
  async archive(@Req() req: Request, @Param('code') code: string): Promise<{ data: AdminProductEditable }> {
    const valid = productCode(code);
    return { data: await this.editor.setState(valid, 'archive', auditActor(req), requestLocale(req)) };
  }

  @Post(':code/unarchive')
  @HttpCode(200)
  @ApiZodBody(AdminProductStateBody)
  @ApiOperation({ summary: 'Sold again (admin): back in the shop if it is published.' })
  @ApiHeader({ name: 'X-CSRF-Token', required: true })
  @ApiZodParams(AdminProductParams)
  @ApiZodResponse(AdminProductEditableResponse)
  @answers([404, 'CATALOG_PRODUCT_NOT_FOUND'])
  async unarchive(@Req() req: Request, @Param('code') code: string): Promise<{ data: AdminProductEditable }> {
    const valid = productCode(code);
    return { data: await this.editor.setState(valid, 'unarchive', auditActor(req), requestLocale(req)) };
  }
}

/** The categories: names and slugs in four languages and their order in the shop (docs/admin.md 'Products and categories'). */
@ApiTags('admin')
@ApiBearerAuth()
@Controller('api/admin/categories')
@UseGuards(RequireOperator)
export class CategoryEditorController {
  constructor(private readonly editor: ProductEditorService) {}

  @Get()
  @ApiOperation({ summary: 'Every category in the shop’s order, with names and slugs per language and product counts.' })
  @ApiZodResponse(AdminCategoryListResponse)
  @answers()
  async list(): Promise<{ data: { categories: AdminCategory[] } }> {
    return { data: { categories: await this.editor.categories() } };
  }

  @Post()
  @HttpCode(201)
  @ApiOperation({ summary: 'A new category (admin), last in the order; a name in every language, slugs follow the names unless given.' })
  @ApiHeader({ name: 'X-CSRF-Token', required: true })
  @ApiZodBody(AdminCategoryCreateBody)
  @ApiZodResponse(AdminCategoryResponse, 201, 'Created')
  @answers([409, 'CATALOG_CATEGORY_CODE_TAKEN / CATALOG_SLUG_TAKEN'], [422, 'CATALOG_CATEGORY_NAME_REQUIRED / an invalid value'])
  async create(
    @Req() req: Request,
    @Body(new ZodBody(AdminCategoryCreateBody)) body: Parsed<typeof AdminCategoryCreateBody>,
  ): Promise<{ data: AdminCategory }> {
    return { data: await this.editor.createCategory(body, auditActor(req), requestLocale(req)) };
  }

  @Patch(':code')
  @ApiOperation({
    summary: 'Names and slugs (admin); a changed slug leaves the old one answering (the shop’s category filter still finds it).',
  })
  @ApiHeader({ name: 'X-CSRF-Token', required: true })
  @ApiZodParams(AdminCategoryParams)
  @ApiZodBody(AdminCategoryPatchBody)
  @ApiZodResponse(AdminCategoryResponse)
  @answers([404, 'CATALOG_CATEGORY_NOT_FOUND'], [409, 'CATALOG_SLUG_TAKEN'], [422, 'CATALOG_CATEGORY_NAME_REQUIRED / an invalid value'])
  async update(
    @Req() req: Request,
    @Param('code') code: string,
    @Body(new ZodBody(AdminCategoryPatchBody)) body: Parsed<typeof AdminCategoryPatchBody>,
  ): Promise<{ data: AdminCategory }> {
    const valid = categoryCode(code);
    return { data: await this.editor.updateCategory(valid, body, auditActor(req), requestLocale(req)) };
  }

  @Post(':code/move')
  @HttpCode(200)
  @ApiOperation({ summary: 'One place up or down in the shop’s order (admin); answers every category in the new order.' })
  @ApiHeader({ name: 'X-CSRF-Token', required: true })
  @ApiZodParams(AdminCategoryParams)
  @ApiZodBody(AdminCategoryMoveBody)
  @ApiZodResponse(AdminCategoryListResponse)
  @answers([404, 'CATALOG_CATEGORY_NOT_FOUND'], [422, 'CATALOG_MOVE_INVALID'])
  async move(
    @Req() req: Request,
    @Param('code') code: string,
    @Body(new ZodBody(AdminCategoryMoveBody)) body: Parsed<typeof AdminCategoryMoveBody>,
  ): Promise<{ data: { categories: AdminCategory[] } }> {
    const valid = categoryCode(code);
    return { data: { categories: await this.editor.moveCategory(valid, body.direction, auditActor(req)) } };
  }
}
