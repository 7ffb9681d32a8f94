import { Controller, Get, Param, Query, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import {
  CatalogLocaleQuery,
  CategoriesResponse,
  ProductDetailResponse,
  ProductListQuery,
  ProductPageResponse,
  ProductSlugParams,
} from '../../../contract/api/catalog.js';
import { requestLocale } from '../../platform/i18n/index.js';
import { ApiZodParams, ApiZodQuery, ApiZodResponse } from '../../platform/http/zod-validation.openapi.js';
import { ZodQuery, type Parsed } from '../../platform/http/zod-validation.js';
import { CatalogService } from './catalog.service.js';

/** The catalogue's reads. The language: `?locale=` (validated), else the request's language. */
@ApiTags('catalog')
@Controller('api/catalog')
export class CatalogController {
  constructor(private readonly catalog: CatalogService) {}

  @Get('products')
  @ApiOperation({ summary: 'Products, optionally by category and search term (four languages, accents ignored, prefix match), paginated.' })
  @ApiZodQuery(ProductListQuery)
  @ApiZodResponse(ProductPageResponse)
  async products(@Req() req: Request, @Query(new ZodQuery(ProductListQuery)) query: Parsed<typeof ProductListQuery>) {
    return {
      data: await this.catalog.listProducts({
        locale: query.locale ?? requestLocale(req),
        ...(query.category ? { category: query.category } : {}),
        ...(query.q ? { q: query.q } : {}),
        page: query.page,
        pageSize: query.page_size,
      }),
    };
  }

  @Get('products/:slug')
  @ApiOperation({
    summary: 'One product by slug. A slug of another language answers the same product with canonical_slug in the requested language (redirect 301 to it); unknown slugs: 404 CATALOG_PRODUCT_NOT_FOUND.',
  })
  @ApiZodParams(ProductSlugParams)
  @ApiZodQuery(CatalogLocaleQuery)
  @ApiZodResponse(ProductDetailResponse)
  async product(@Req() req: Request, @Param('slug') slug: string, @Query(new ZodQuery(CatalogLocaleQuery)) query: Parsed<typeof CatalogLocaleQuery>) {
    return { data: await this.catalog.productBySlug(slug, query.locale ?? requestLocale(req)) };
  }

  @Get('categories')
  @ApiOperation({ summary: 'Categories with their product counts.' })
  @ApiZodQuery(CatalogLocaleQuery)
  @ApiZodResponse(CategoriesResponse)
  async categories(@Req() req: Request, @Query(new ZodQuery(CatalogLocaleQuery)) query: Parsed<typeof CatalogLocaleQuery>) {
    return { data: await this.catalog.categories(query.locale ?? requestLocale(req)) };
  }
}
