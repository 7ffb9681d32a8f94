import { Body, Controller, Get, HttpCode, Param, Patch, Post, Put, Query, Req, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import {
  AdminOfferBody,
  AdminPriceBody,
  AdminProductDetailResponse,
  AdminProductListQuery,
  AdminProductListResponse,
  AdminProductParams,
  AdminStockBody,
  BulkEditResponse,
  BulkPriceBody,
  BulkStockBody,
  OfferCreatedResponse,
  OfferPreviewResponse,
  type AdminProductDetail,
  type AdminProductList,
  type BulkEditResult,
  type OfferPreview,
} from '../../../../contract/api/admin-catalog.js';
import { ErrorResponseSchema } from '../../../../contract/api/fields.js';
import { auditActor, type AuditActor } from '../../../platform/audit/index.js';
import { RequireOperator } from '../../../platform/auth/index.js';
import { requestLocale } from '../../../platform/i18n/index.js';
import { ApiZodBody, ApiZodParams, ApiZodQuery, ApiZodResponse } from '../../../platform/http/zod-validation.openapi.js';
import { parseOrThrow, ZodBody, ZodQuery, type Parsed } from '../../../platform/http/zod-validation.js';
import { CatalogAdminService } from './catalog-admin.service.js';

/** The path's product code, checked like any input (422 CATALOG_CODE_INVALID). */
function productCode(code: string): string {
  return parseOrThrow(AdminProductParams, { code }).code;
}

function operator(req: Request): AuditActor {
  return auditActor(req);
}

const AUTH_ANSWERS = [
  ApiZodResponse(ErrorResponseSchema, 401, 'Not signed in (AUTH_REQUIRED)'),
  ApiZodResponse(ErrorResponseSchema, 403, 'A role this route does not allow (AUTH_FORBIDDEN)'),
];
function withAuthAnswers(): MethodDecorator {
  return (target, key, descriptor) => {
    for (const d of AUTH_ANSWERS) d(target, key, descriptor);
  };
}

/**
 * The back office's stock and price API (docs/admin.md 'Stock and prices API'). Who may call which
 * route is the operator policy's (platform/auth/operator-policy.ts): reading and stock (`stock.read`,
 * `stock.write`): admin and staff; prices and special offers (`prices.write`): admin only. Every
 * answer is private and never cached; writes need the CSRF token like every mutation (csrf.ts).
 */
@ApiTags('admin')
@ApiBearerAuth()
@Controller('api/admin/products')
@UseGuards(RequireOperator)
export class CatalogAdminController {
  constructor(private readonly admin: CatalogAdminService) {}

  @Get()
  @ApiOperation({
    summary:
      'Products for the stock and price screens, 25 a page: search by code or name, category, availability shoppers see, the ready view low_stock=true, sort.',
  })
  @ApiZodQuery(AdminProductListQuery)
  @ApiZodResponse(AdminProductListResponse)
  @withAuthAnswers()
  @ApiZodResponse(ErrorResponseSchema, 422, 'An invalid filter value')
  async list(
    @Req() req: Request,
    @Query(new ZodQuery(AdminProductListQuery)) query: Parsed<typeof AdminProductListQuery>,
  ): Promise<{ data: AdminProductList }> {
    return { data: await this.admin.list({ ...query, locale: query.locale ?? requestLocale(req) }) };
  }

  @Post('bulk/stock')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Stock of many products (code + stock): dry_run true shows old -> new of every row, the count and the refused rows; false applies all in one transaction, or nothing.',
  })
  @ApiHeader({ name: 'X-CSRF-Token', required: true })
  @ApiZodBody(BulkStockBody)
  @ApiZodResponse(BulkEditResponse)
  @withAuthAnswers()
  @ApiZodResponse(ErrorResponseSchema, 422, 'An invalid row, or (applying) a refused row: CATALOG_BULK_REFUSED, nothing changed')
  async bulkStock(
    @Req() req: Request,
    @Body(new ZodBody(BulkStockBody)) body: Parsed<typeof BulkStockBody>,
  ): Promise<{ data: BulkEditResult }> {
    return { data: await this.admin.bulkStock(body.rows, body.dry_run, operator(req), requestLocale(req)) };
  }

  @Post('bulk/prices')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Regular prices of many products (code + price_cents; admin only): previewed (dry_run true) or applied all or nothing.',
  })
  @ApiHeader({ name: 'X-CSRF-Token', required: true })
  @ApiZodBody(BulkPriceBody)
  @ApiZodResponse(BulkEditResponse)
  @withAuthAnswers()
  @ApiZodResponse(ErrorResponseSchema, 422, 'An invalid row, or (applying) a refused row: CATALOG_BULK_REFUSED, nothing changed')
  async bulkPrices(
    @Req() req: Request,
    @Body(new ZodBody(BulkPriceBody)) body: Parsed<typeof BulkPriceBody>,
  ): Promise<{ data: BulkEditResult }> {
    return { data: await this.admin.bulkPrices(body.rows, body.dry_run, operator(req), requestLocale(req)) };
  }

  @Get(':code')
  @ApiOperation({
    summary: 'One product: stock, reserved stock, threshold, availability, price now, offers, price history and the 30-day lowest price.',
  })
  @ApiZodParams(AdminProductParams)
  @ApiZodResponse(AdminProductDetailResponse)
  @withAuthAnswers()
  @ApiZodResponse(ErrorResponseSchema, 404, 'No such product (CATALOG_PRODUCT_NOT_FOUND)')
  @ApiZodResponse(ErrorResponseSchema, 422, 'A malformed code (CATALOG_CODE_INVALID)')
  async detail(@Req() req: Request, @Param('code') code: string): Promise<{ data: AdminProductDetail }> {
    return { data: await this.admin.detail(productCode(code), requestLocale(req)) };
  }

  @Patch(':code/stock')
  @ApiOperation({
    summary:
      "Sets the stock (null: not tracked), the availability ('soon_available_again') and/or the low-stock threshold; expected_stock refuses the change if an order took packs meanwhile.",
  })
  @ApiHeader({ name: 'X-CSRF-Token', required: true })
  @ApiZodParams(AdminProductParams)
  @ApiZodBody(AdminStockBody)
  @ApiZodResponse(AdminProductDetailResponse)
  @withAuthAnswers()
  @ApiZodResponse(ErrorResponseSchema, 404, 'No such product (CATALOG_PRODUCT_NOT_FOUND)')
  @ApiZodResponse(ErrorResponseSchema, 409, 'CATALOG_STOCK_CHANGED: the stock is no longer expected_stock')
  @ApiZodResponse(ErrorResponseSchema, 422, 'An invalid value')
  async setStock(
    @Req() req: Request,
    @Param('code') code: string,
    @Body(new ZodBody(AdminStockBody)) body: Parsed<typeof AdminStockBody>,
  ): Promise<{ data: AdminProductDetail }> {
    const valid = productCode(code);
    return { data: await this.admin.setStock(valid, body, operator(req), requestLocale(req)) };
  }

  @Put(':code/price')
  @ApiOperation({ summary: 'Changes the regular price from now on (admin only); the price history and the 30-day lowest price follow.' })
  @ApiHeader({ name: 'X-CSRF-Token', required: true })
  @ApiZodParams(AdminProductParams)
  @ApiZodBody(AdminPriceBody)
  @ApiZodResponse(AdminProductDetailResponse)
  @withAuthAnswers()
  @ApiZodResponse(ErrorResponseSchema, 404, 'No such product (CATALOG_PRODUCT_NOT_FOUND)')
  @ApiZodResponse(ErrorResponseSchema, 422, 'CATALOG_INVALID_PRICE / CATALOG_PRICE_UNCHANGED')
  async changePrice(
    @Req() req: Request,
    @Param('code') code: string,
    @Body(new ZodBody(AdminPriceBody)) body: Parsed<typeof AdminPriceBody>,
  ): Promise<{ data: AdminProductDetail }> {
    const valid = productCode(code);
    return { data: await this.admin.changePrice(valid, body.price_cents, operator(req), requestLocale(req)) };
  }

  @Post(':code/offers/preview')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'What a proposed special offer will show (nothing saved): the struck price, the lowest price of the 30 days before the cut and the percentage computed from it (C-330/23); refused as saving would be.',
  })
  @ApiHeader({ name: 'X-CSRF-Token', required: true })
  @ApiZodParams(AdminProductParams)
  @ApiZodBody(AdminOfferBody)
  @ApiZodResponse(OfferPreviewResponse)
  @withAuthAnswers()
  @ApiZodResponse(ErrorResponseSchema, 404, 'No such product (CATALOG_PRODUCT_NOT_FOUND)')
  @ApiZodResponse(ErrorResponseSchema, 409, 'CATALOG_OFFER_OVERLAPS: another offer runs then')
  @ApiZodResponse(
    ErrorResponseSchema,
    422,
    'CATALOG_OFFER_NOT_A_CUT / CATALOG_OFFER_STARTS_IN_PAST / CATALOG_OFFER_ENDS_BEFORE_START / an invalid value',
  )
  async previewOffer(
    @Req() req: Request,
    @Param('code') code: string,
    @Body(new ZodBody(AdminOfferBody)) body: Parsed<typeof AdminOfferBody>,
  ): Promise<{ data: OfferPreview }> {
    const valid = productCode(code);
    return { data: await this.admin.previewOffer(valid, body, requestLocale(req)) };
  }

  @Post(':code/offers')
  @HttpCode(201)
  @ApiOperation({ summary: 'Schedules a special offer [starts_at, ends_at) after the checks of the preview (admin only).' })
  @ApiHeader({ name: 'X-CSRF-Token', required: true })
  @ApiZodParams(AdminProductParams)
  @ApiZodBody(AdminOfferBody)
  @ApiZodResponse(OfferCreatedResponse, 201, 'Saved')
  @withAuthAnswers()
  @ApiZodResponse(ErrorResponseSchema, 404, 'No such product (CATALOG_PRODUCT_NOT_FOUND)')
  @ApiZodResponse(ErrorResponseSchema, 409, 'CATALOG_OFFER_OVERLAPS: another offer runs then')
  @ApiZodResponse(
    ErrorResponseSchema,
    422,
    'CATALOG_OFFER_NOT_A_CUT / CATALOG_OFFER_STARTS_IN_PAST / CATALOG_OFFER_ENDS_BEFORE_START / an invalid value',
  )
  async createOffer(
    @Req() req: Request,
    @Param('code') code: string,
    @Body(new ZodBody(AdminOfferBody)) body: Parsed<typeof AdminOfferBody>,
  ) {
    const valid = productCode(code);
    return { data: await this.admin.createOffer(valid, body, operator(req), requestLocale(req)) };
  }
}
