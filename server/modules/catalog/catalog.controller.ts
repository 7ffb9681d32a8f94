import { Controller, Get, Param, Query, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
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
import { CatalogAnswers } from './answer-cache.js';
import { CatalogService, prefixQuery } from './catalog.service.js';

/** The catalogue's reads. The language: `?locale=` (validated), else the request's language. */
@ApiTags('catalog')
@Controller('api/catalog')
export class CatalogController {
  constructor(
    private readonly catalog: CatalogService,
    private readonly answers: CatalogAnswers,
  ) {}

  @Get('products')
  @ApiOperation({ summary: 'Products, optionally by category and search term (four languages, accents ignored, prefix match), paginated.' })
  @ApiZodQuery(ProductListQuery)
  @ApiZodResponse(ProductPageResponse)
  async products(@Req() req: Request, @Res() res: Response, @Query(new ZodQuery(ProductListQuery)) query: Parsed<typeof ProductListQuery>) {
    // The same for every visitor (nothing personal): served from this process's answer cache when it
    // has it (docs/performance.md 'API answer cache'), as the bytes and ETag that went out the first time.
    const locale = query.locale ?? requestLocale(req);
    const list = {
      locale,
      ...(query.category ? { category: query.category } : {}),
      ...(query.q ? { q: query.q } : {}),
      page: query.page,
      pageSize: query.page_size,
    };
    const cache = this.answers.cache;
    // A search by the words it searches for (prefixQuery: spacing and punctuation do not matter).
    const key = JSON.stringify([
      locale,
      list.category ?? null,
      list.q === undefined ? null : (prefixQuery(list.q) ?? ''),
      list.page,
      list.pageSize,
    ]);
    let answer = cache.enabled ? cache.get(key) : undefined;
    res.setHeader('X-Answer-Cache', !cache.enabled ? 'off' : answer ? 'hit' : 'miss');
    if (!answer) {
      const generation = cache.generation;
      const { page, validUntil } = await this.catalog.listProductsUntil(list);
      const body = Buffer.from(JSON.stringify({ data: page }), 'utf8');
      const etagOf = req.app.get('etag fn') as ((body: Buffer, encoding: string) => string) | undefined;
      answer = { body, etag: etagOf ? etagOf(body, 'utf8') : '' };
      if (cache.enabled) cache.set(key, answer, generation, validUntil);
    }
    if (answer.etag) res.setHeader('ETag', answer.etag);
    res.setHeader('Content-Type', 'application/json; charset=utf-8');
    res.send(answer.body); // a 304 when the ETag matches the request's If-None-Match
  }

  @Get('products/:slug')
  @ApiOperation({
    summary:
      'One product by slug. A slug of another language answers the same product with canonical_slug in the requested language (redirect 301 to it); unknown slugs: 404 CATALOG_PRODUCT_NOT_FOUND.',
  })
  @ApiZodParams(ProductSlugParams)
  @ApiZodQuery(CatalogLocaleQuery)
  @ApiZodResponse(ProductDetailResponse)
  async product(
    @Req() req: Request,
    @Param('slug') slug: string,
    @Query(new ZodQuery(CatalogLocaleQuery)) query: Parsed<typeof CatalogLocaleQuery>,
  ) {
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
