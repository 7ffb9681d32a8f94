import { Controller, Get, Param, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { MediaStore } from './media-store.js';

/** A year: a variant's name is derived from its content's inputs, so its bytes never change. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * The shop's pictures, public: `GET /media/<version>-<width>.<avif|webp|jpg>` (docs/admin.md
 * 'Photos'). Cached a year by browsers and CDNs, with an ETag (the name) for revalidation and the
 * format's own Content-Type. Any other name, or one no picture has, is a plain 404 (never a 500, never
 * a file of the disk: names are looked up, not opened).
 */
@ApiExcludeController()
@Controller('media')
export class MediaController {
  constructor(private readonly store: MediaStore) {}

  @Get(':file')
  async serve(@Param('file') file: string, @Req() req: Request, @Res() res: Response): Promise<void> {
    const found = await this.store.variant(file);
    if (!found) {
      res.status(404).set('Cache-Control', 'no-store').type('text/plain').send('Not found');
      return;
    }
    const etag = `"${file}"`;
    res.set({ 'Cache-Control': IMMUTABLE, ETag: etag, 'Content-Type': found.contentType, 'X-Content-Type-Options': 'nosniff' });
    const match = req.headers['if-none-match'];
    if (match && match.split(',').some((t) => t.trim().replace(/^W\//, '') === etag)) {
      res.status(304).end();
      return;
    }
    res.status(200).send(found.bytes);
  }
}
