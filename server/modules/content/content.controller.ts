import { Controller, Get, Param, Query, Req, UseInterceptors } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import {
  AboutUsResponse,
  BlogPageResponse,
  BlogPostResponse,
  CampaignResponse,
  ContentListQuery,
  ContentLocaleQuery,
  ContentPageKeyParams,
  ContentPageResponse,
  ContentSitemapResponse,
  ContentSlugParams,
  EuProjectsResponse,
  HomeContentResponse,
  MethodListResponse,
  MethodPageResponse,
  MethodWordParams,
  RecipeCategoriesResponse,
  RecipeDetailResponse,
  RecipeListQuery,
  RecipePageResponse,
  SuperfoodieListResponse,
  SuperfoodiePageResponse,
} from '../../../contract/api/content.js';
import { ErrorResponseSchema } from '../../../contract/api/fields.js';
import { requestLocale } from '../../platform/i18n/index.js';
import { ApiZodParams, ApiZodQuery, ApiZodResponse } from '../../platform/http/zod-validation.openapi.js';
import { ZodQuery, type Parsed } from '../../platform/http/zod-validation.js';
import { ContentPreviewInterceptor } from './content-preview.interceptor.js';
import { ContentService } from './content.service.js';

const NOT_FOUND = 'Unknown, unpublished (draft, future, removed) or malformed: CONTENT_NOT_FOUND';

/**
 * The content's public reads (docs/content.md). The language: `?locale=` (validated), else the
 * request's language. Only published entries are answered; anything else is 404 CONTENT_NOT_FOUND.
 */
@ApiTags('content')
@Controller('api/content')
@UseInterceptors(ContentPreviewInterceptor)
export class ContentController {
  constructor(private readonly content: ContentService) {}

  @Get('pages/:key')
  @ApiOperation({
    summary:
      'A page by key (privacy-policy, delivery, about-us, ...): its text as sanitized HTML with the generated parts as data-slot elements.',
  })
  @ApiZodParams(ContentPageKeyParams)
  @ApiZodQuery(ContentLocaleQuery)
  @ApiZodResponse(ContentPageResponse)
  @ApiZodResponse(ErrorResponseSchema, 404, NOT_FOUND)
  async page(
    @Req() req: Request,
    @Param('key') key: string,
    @Query(new ZodQuery(ContentLocaleQuery)) q: Parsed<typeof ContentLocaleQuery>,
  ) {
    return { data: await this.content.pageByKey(key, q.locale ?? requestLocale(req)) };
  }

  @Get('home')
  @ApiOperation({ summary: "The home page's content: the Superfoodie introduction and the newest recipes." })
  @ApiZodQuery(ContentLocaleQuery)
  @ApiZodResponse(HomeContentResponse)
  async home(@Req() req: Request, @Query(new ZodQuery(ContentLocaleQuery)) q: Parsed<typeof ContentLocaleQuery>) {
    return { data: await this.content.home(q.locale ?? requestLocale(req)) };
  }

  @Get('recipe-categories')
  @ApiOperation({ summary: 'Recipe categories with their counts of published recipes.' })
  @ApiZodQuery(ContentLocaleQuery)
  @ApiZodResponse(RecipeCategoriesResponse)
  async recipeCategories(@Req() req: Request, @Query(new ZodQuery(ContentLocaleQuery)) q: Parsed<typeof ContentLocaleQuery>) {
    return { data: await this.content.recipeCategories(q.locale ?? requestLocale(req)) };
  }

  @Get('recipes')
  @ApiOperation({ summary: 'Recipes, newest first, optionally of one category (its slug), limit/offset with next_offset for "load more".' })
  @ApiZodQuery(RecipeListQuery)
  @ApiZodResponse(RecipePageResponse)
  @ApiZodResponse(ErrorResponseSchema, 404, 'Unknown category: CONTENT_CATEGORY_NOT_FOUND')
  @ApiZodResponse(ErrorResponseSchema, 422, 'CONTENT_INVALID_LOCALE / _CATEGORY / _LIMIT / _OFFSET')
  async recipes(@Req() req: Request, @Query(new ZodQuery(RecipeListQuery)) q: Parsed<typeof RecipeListQuery>) {
    return {
      data: await this.content.recipes({ locale: q.locale ?? requestLocale(req), category: q.category, limit: q.limit, offset: q.offset }),
    };
  }

  @Get('recipes/:slug')
  @ApiOperation({ summary: 'One recipe by its slug in the requested language, with related recipes and the catalogue products it uses.' })
  @ApiZodParams(ContentSlugParams)
  @ApiZodQuery(ContentLocaleQuery)
  @ApiZodResponse(RecipeDetailResponse)
  @ApiZodResponse(ErrorResponseSchema, 404, NOT_FOUND)
  async recipe(
    @Req() req: Request,
    @Param('slug') slug: string,
    @Query(new ZodQuery(ContentLocaleQuery)) q: Parsed<typeof ContentLocaleQuery>,
  ) {
    return { data: await this.content.recipe(slug, q.locale ?? requestLocale(req)) };
  }

  @Get('blog')
  @ApiOperation({ summary: 'Blog posts, newest first, limit/offset.' })
  @ApiZodQuery(ContentListQuery)
  @ApiZodResponse(BlogPageResponse)
  async blog(@Req() req: Request, @Query(new ZodQuery(ContentListQuery)) q: Parsed<typeof ContentListQuery>) {
    return { data: await this.content.blog({ locale: q.locale ?? requestLocale(req), limit: q.limit, offset: q.offset }) };
  }

  @Get('blog/:slug')
  @ApiOperation({ summary: 'One blog post by its slug in the requested language.' })
  @ApiZodParams(ContentSlugParams)
  @ApiZodQuery(ContentLocaleQuery)
  @ApiZodResponse(BlogPostResponse)
  @ApiZodResponse(ErrorResponseSchema, 404, NOT_FOUND)
  async blogPost(
    @Req() req: Request,
    @Param('slug') slug: string,
    @Query(new ZodQuery(ContentLocaleQuery)) q: Parsed<typeof ContentLocaleQuery>,
  ) {
    return { data: await this.content.blogPost(slug, q.locale ?? requestLocale(req)) };
  }

  @Get('superfoodie')
  @ApiOperation({ summary: 'The Superfoodie pages, by position.' })
  @ApiZodQuery(ContentListQuery)
  @ApiZodResponse(SuperfoodieListResponse)
  async superfoodie(@Req() req: Request, @Query(new ZodQuery(ContentListQuery)) q: Parsed<typeof ContentListQuery>) {
    return { data: await this.content.superfoodie({ locale: q.locale ?? requestLocale(req), limit: q.limit, offset: q.offset }) };
  }

  @Get('superfoodie/:slug')
  @ApiOperation({ summary: 'One Superfoodie page, with the catalogue products it presents.' })
  @ApiZodParams(ContentSlugParams)
  @ApiZodQuery(ContentLocaleQuery)
  @ApiZodResponse(SuperfoodiePageResponse)
  @ApiZodResponse(ErrorResponseSchema, 404, NOT_FOUND)
  async superfoodiePage(
    @Req() req: Request,
    @Param('slug') slug: string,
    @Query(new ZodQuery(ContentLocaleQuery)) q: Parsed<typeof ContentLocaleQuery>,
  ) {
    return { data: await this.content.superfoodiePage(slug, q.locale ?? requestLocale(req)) };
  }

  @Get('methods')
  @ApiOperation({ summary: 'The production-method pages (one per product line that has one): for links from the products.' })
  @ApiZodQuery(ContentLocaleQuery)
  @ApiZodResponse(MethodListResponse)
  async methods(@Req() req: Request, @Query(new ZodQuery(ContentLocaleQuery)) q: Parsed<typeof ContentLocaleQuery>) {
    return { data: await this.content.methods(q.locale ?? requestLocale(req)) };
  }

  @Get('methods/:word')
  @ApiOperation({ summary: "A method page by the word before '-metoda' / '-method' in the requested language; any other word is 404." })
  @ApiZodParams(MethodWordParams)
  @ApiZodQuery(ContentLocaleQuery)
  @ApiZodResponse(MethodPageResponse)
  @ApiZodResponse(ErrorResponseSchema, 404, NOT_FOUND)
  async method(
    @Req() req: Request,
    @Param('word') word: string,
    @Query(new ZodQuery(ContentLocaleQuery)) q: Parsed<typeof ContentLocaleQuery>,
  ) {
    return { data: await this.content.method(word, q.locale ?? requestLocale(req)) };
  }

  @Get('campaign')
  @ApiOperation({ summary: 'The song-preservation campaign (the story page): the alphabet collection and the book.' })
  @ApiZodQuery(ContentLocaleQuery)
  @ApiZodResponse(CampaignResponse)
  @ApiZodResponse(ErrorResponseSchema, 404, NOT_FOUND)
  async campaign(@Req() req: Request, @Query(new ZodQuery(ContentLocaleQuery)) q: Parsed<typeof ContentLocaleQuery>) {
    return { data: await this.content.campaign(q.locale ?? requestLocale(req)) };
  }

  @Get('about-us')
  @ApiOperation({ summary: 'About us: the story page, team, B2B customers, certificates, timeline (by year), downloads.' })
  @ApiZodQuery(ContentLocaleQuery)
  @ApiZodResponse(AboutUsResponse)
  async aboutUs(@Req() req: Request, @Query(new ZodQuery(ContentLocaleQuery)) q: Parsed<typeof ContentLocaleQuery>) {
    return { data: await this.content.aboutUs(q.locale ?? requestLocale(req)) };
  }

  @Get('eu-projects')
  @ApiOperation({ summary: 'EU projects: the page and each project with fund, values, period, objectives and results.' })
  @ApiZodQuery(ContentLocaleQuery)
  @ApiZodResponse(EuProjectsResponse)
  async euProjects(@Req() req: Request, @Query(new ZodQuery(ContentLocaleQuery)) q: Parsed<typeof ContentLocaleQuery>) {
    return { data: await this.content.euProjects(q.locale ?? requestLocale(req)) };
  }

  @Get('sitemap')
  @ApiOperation({
    summary: 'Every published entry with a page of its own and its slug per published language (for the sitemaps and hreflang).',
  })
  @ApiZodResponse(ContentSitemapResponse)
  async sitemap() {
    return { data: await this.content.sitemap() };
  }
}
