import { Controller, Get, Inject, Param, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { stat } from 'node:fs/promises';
import { resolve, sep } from 'node:path';
import { APP_CONFIG, type AppConfig } from '../../config/index.js';
import { contentImagesRoot } from './content-root.js';
import { ContentError } from './content.errors.js';

/** A year: the API's image addresses carry `?v=<hash of the file>`, so a changed picture is a new address. */
const VERSIONED_MAX_AGE = 365 * 24 * 3600;
/** An address without the version (typed by hand, an old link): an hour, like the other public files. */
const PLAIN_MAX_AGE = 3600;
const SEGMENT = /^[a-z0-9][a-z0-9._-]*$/i;

/**
 * content/images/** at /content-images/** (docs/content.md): SVG pictures only, as static files with
 * long caching. An SVG may hold script: each is answered with its own CSP that allows none
 * (`default-src 'none'`, inline styles only) and nosniff, so opening one directly runs nothing.
 * A malformed or unknown path is a 404, never a look outside content/images/.
 */
@ApiExcludeController()
@Controller('content-images')
export class ContentImagesController {
  private readonly root: string;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.root = contentImagesRoot(config);
  }

  @Get('*path')
  async image(@Req() req: Request, @Res() res: Response, @Param('path') path: string | string[]): Promise<void> {
    const segments = Array.isArray(path) ? path : String(path).split('/');
    if (
      !segments.length ||
      segments.length > 6 ||
      !segments.every((s) => SEGMENT.test(s) && s !== '..') ||
      !segments.at(-1)!.endsWith('.svg')
    ) {
      throw new ContentError('CONTENT_NOT_FOUND');
    }
    const file = resolve(this.root, ...segments);
    if (!file.startsWith(this.root + sep)) throw new ContentError('CONTENT_NOT_FOUND');
    const info = await stat(file).catch(() => null);
    if (!info?.isFile()) throw new ContentError('CONTENT_NOT_FOUND');
    const versioned = typeof req.query.v === 'string' && /^[0-9a-f]{12}$/.test(req.query.v);
    res.setHeader('Cache-Control', versioned ? `public, max-age=${VERSIONED_MAX_AGE}, immutable` : `public, max-age=${PLAIN_MAX_AGE}`);
    res.setHeader('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
    res.setHeader('X-Content-Type-Options', 'nosniff');
    await new Promise<void>((done, fail) =>
      res.sendFile(
        file,
        { dotfiles: 'deny', lastModified: true, etag: true, headers: { 'Content-Type': 'image/svg+xml; charset=utf-8' } },
        (err) => (err ? fail(err) : done()),
      ),
    ).catch((err: unknown) => {
      if (!res.headersSent) throw new ContentError('CONTENT_NOT_FOUND');
      throw err;
    });
  }
}
