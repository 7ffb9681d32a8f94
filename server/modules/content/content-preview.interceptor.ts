import { Inject, Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import type { Request, Response } from 'express';
import { from, lastValueFrom, type Observable } from 'rxjs';
import { APP_CONFIG, type AppConfig } from '../../config/index.js';
import { PREVIEW_HEADER, previewScope, verifyPreview } from './content-preview.js';
import { ContentRepository, type VisibleRow } from './content.repository.js';
import { ContentError } from './content.errors.js';

/**
 * The public content reads with `X-Preview-Token` (the shop's page rendering a draft, content-preview.ts):
 * a valid token runs the request with its draft in place of the stored row, never cached and noindex;
 * a forged, altered or expired token is 404 CONTENT_PREVIEW_INVALID (the page's 404), so a stale
 * preview never shows anything but the published state.
 */
@Injectable()
export class ContentPreviewInterceptor implements NestInterceptor {
  constructor(
    private readonly content: ContentRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const http = context.switchToHttp();
    const req = http.getRequest<Request>();
    const token = req.headers[PREVIEW_HEADER];
    if (token === undefined) return next.handle();
    const res = http.getResponse<Response>();
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('X-Robots-Tag', 'noindex, nofollow');
    const now = new Date();
    const id = verifyPreview(this.config.secretKey, token, now);
    const row = id ? await this.content.previewById(id) : null;
    if (!row || row.expiresAt <= now) throw new ContentError('CONTENT_PREVIEW_INVALID');
    const draft = row.draft as unknown as VisibleRow;
    return from(previewScope.run(draft, () => lastValueFrom(next.handle(), { defaultValue: undefined })));
  }
}
