import { Controller, Get, Param, Query, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiProduces, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { DownloadFileParams, DownloadsQuery, DownloadsResponse, isDownloadKind } from '../../../../contract/api/downloads.js';
import { DomainError } from '../../../platform/http/domain-error.js';
import { ApiZodParams, ApiZodQuery, ApiZodResponse } from '../../../platform/http/zod-validation.openapi.js';
import { ZodQuery, type Parsed } from '../../../platform/http/zod-validation.js';
import { requestLocale } from '../../../platform/i18n/index.js';
import { DOWNLOADS_ERRORS } from './downloads.errors.js';
import { DownloadsService } from './downloads.service.js';

/** `Content-Disposition: attachment` with an ASCII name and the exact UTF-8 one (RFC 6266 / 8187). */
export function attachment(fileName: string): string {
  const ascii = fileName
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[đĐ]/g, (c) => (c === 'đ' ? 'd' : 'D'))
    .replace(/ß/g, 'ss')
    .replace(/[^A-Za-z0-9._-]/g, '-');
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return ascii === fileName ? `attachment; filename="${ascii}"` : `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** Whether an If-None-Match header names `etag` (weak comparison, `*` included). */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const bare = (t: string) => t.trim().replace(/^W\//, '');
  return header.split(',').some((t) => bare(t) === bare(etag));
}

@ApiTags('content')
@Controller('api/content/downloads')
export class DownloadsController {
  constructor(private readonly downloads: DownloadsService) {}

  @Get()
  @ApiOperation({ summary: 'The about-us downloads (product catalogue from the live catalogue, fun book) with their URLs and exact sizes.' })
  @ApiZodQuery(DownloadsQuery)
  @ApiZodResponse(DownloadsResponse)
  async list(@Req() req: Request, @Query(new ZodQuery(DownloadsQuery)) query: Parsed<typeof DownloadsQuery>) {
    return { data: await this.downloads.list(query.locale ?? requestLocale(req)) };
  }

  @Get(':file')
  @ApiOperation({
    summary:
      'A download as application/pdf (attachment, localized file name, Content-Length, ETag; If-None-Match answers 304). The catalogue is current: priced now from the live catalogue. Unknown file: 404 DOWNLOADS_NOT_FOUND.',
  })
  @ApiZodParams(DownloadFileParams)
  @ApiZodQuery(DownloadsQuery)
  @ApiProduces('application/pdf')
  @ApiResponse({ status: 200, description: 'The PDF', content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } } })
  @ApiResponse({ status: 304, description: 'Not modified (If-None-Match matched the ETag)' })
  async file(@Req() req: Request, @Res() res: Response, @Param('file') file: string, @Query(new ZodQuery(DownloadsQuery)) query: Parsed<typeof DownloadsQuery>): Promise<void> {
    const kind = /^([a-z-]{1,20})\.pdf$/.exec(file)?.[1];
    if (!isDownloadKind(kind)) throw new DomainError(DOWNLOADS_ERRORS.NOT_FOUND, `No download ${file.slice(0, 40)}.`, 'not_found', 'file');
    const pdf = await this.downloads.file(kind, query.locale ?? requestLocale(req));
    res.setHeader('ETag', pdf.etag);
    // Always revalidated: the catalogue follows the shop's prices, a 304 costs one catalogue read.
    res.setHeader('Cache-Control', 'public, no-cache');
    res.setHeader('Vary', 'Accept-Language, Cookie');
    if (matchesEtag(req.headers['if-none-match'], pdf.etag)) {
      res.status(304).end();
      return;
    }
    res.status(200);
    res.setHeader('Content-Type', 'application/pdf');
    res.setHeader('Content-Length', String(pdf.bytes.length));
    res.setHeader('Content-Disposition', attachment(pdf.fileName));
    res.end(req.method === 'HEAD' ? undefined : pdf.bytes);
  }
}
