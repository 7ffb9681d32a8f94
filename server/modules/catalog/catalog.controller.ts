import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import { CatalogService } from './catalog.service.js';
import { parseLocale, parseProductQuery } from './dto/product-query.js';
import { CategoriesResponse, ProductDetailResponse, ProductPageResponse } from './dto/catalog.responses.js';

const LOCALE_QUERY = { name: 'locale', required: false, enum: ['hr', 'en', 'de', 'sl'], description: 'Language of the texts (default hr)' } as const;

@ApiTags('catalog')
@Controller('api/catalog')
export class CatalogController {
  constructor(private readonly catalog: CatalogService) {}

  @Get('products')
  @ApiOperation({ summary: 'Products, optionally by category and search term (four languages, accents ignored, prefix match), paginated.' })
  @ApiQuery(LOCALE_QUERY)
  @ApiQuery({ name: 'category', required: false, description: 'Category slug in the requested language' })
  @ApiQuery({ name: 'q', required: false, description: 'Search term (at most 100 characters)' })
  @ApiQuery({ name: 'page', required: false, type: Number })
  @ApiQuery({ name: 'page_size', required: false, type: Number, description: '1 to 48, default 12' })
  @ApiOkResponse({ type: ProductPageResponse })
  async products(@Query() query: Record<string, unknown>) {
    return { data: await this.catalog.listProducts(parseProductQuery(query)) };
  }

  @Get('products/:slug')
  @ApiOperation({
    summary: 'One product by slug. A slug of another language answers the same product with canonical_slug in the requested language (redirect 301 to it); unknown slugs: 404 CATALOG_PRODUCT_NOT_FOUND.',
  })
  @ApiQuery(LOCALE_QUERY)
  @ApiOkResponse({ type: ProductDetailResponse })
  async product(@Param('slug') slug: string, @Query('locale') locale: unknown) {
    return { data: await this.catalog.productBySlug(slug, parseLocale(locale)) };
  }

  @Get('categories')
  @ApiOperation({ summary: 'Categories with their product counts.' })
  @ApiQuery(LOCALE_QUERY)
  @ApiOkResponse({ type: CategoriesResponse })
  async categories(@Query('locale') locale: unknown) {
    return { data: await this.catalog.categories(parseLocale(locale)) };
  }
}
