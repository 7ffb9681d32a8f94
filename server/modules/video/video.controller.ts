import { Controller, Get, Param, Query, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiProduces, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { ErrorResponseSchema } from '../../../contract/api/fields.js';
import { videoRefOf, VideoOembedQuery, VideoOembedResponse, VideoPosterParams, VideoPosterQuery } from '../../../contract/api/video.js';
import { ApiZodParams, ApiZodQuery, ApiZodResponse } from '../../platform/http/zod-validation.openapi.js';
import { ZodQuery, type Parsed } from '../../platform/http/zod-validation.js';
import { CACHE_CONTROL, VideoService } from './video.service.js';
import { VideoError } from './video.errors.js';

/**
 * Video metadata and posters from our own origin (docs/video.md): the page never asks YouTube or Vimeo
 * anything before the visitor clicks the poster.
 */
@ApiTags('video')
@Controller('api/video')
export class VideoController {
  constructor(private readonly videos: VideoService) {}

  @Get('oembed')
  @ApiOperation({
    summary:
      "A YouTube or Vimeo video's title, author, poster (served by us) and privacy-friendly player address, from the provider's oEmbed endpoint; cached.",
  })
  @ApiZodQuery(VideoOembedQuery)
  @ApiZodResponse(VideoOembedResponse)
  @ApiZodResponse(ErrorResponseSchema, 422, "VIDEO_INVALID_ID 'not a valid video id', VIDEO_NOT_VIMEO_URL 'not a vimeo url'")
  @ApiZodResponse(ErrorResponseSchema, 404, "VIDEO_NOT_FOUND 'was not found' (the provider answered 404)")
  @ApiZodResponse(ErrorResponseSchema, 403, "VIDEO_NOT_EMBEDDABLE 'is not embeddable' (the provider answered 401 or 403)")
  @ApiZodResponse(
    ErrorResponseSchema,
    502,
    "VIDEO_EMBED_FAILED 'embed error: status {status}', VIDEO_EMBED_UNREACHABLE, VIDEO_EMBED_INVALID_ANSWER",
  )
  @ApiZodResponse(ErrorResponseSchema, 504, 'VIDEO_EMBED_TIMEOUT: the provider did not answer in time')
  @ApiZodResponse(ErrorResponseSchema, 429, 'RATE_LIMITED: this address had too many videos looked up that were not cached (Retry-After)')
  async oembed(
    @Req() req: Request,
    @Query(new ZodQuery(VideoOembedQuery)) q: Parsed<typeof VideoOembedQuery>,
    @Res({ passthrough: true }) res: Response,
  ) {
    const data = await this.videos.oembed(q.url, clientAddress(req));
    res.setHeader('Cache-Control', CACHE_CONTROL.success);
    return { data };
  }

  @Get('poster/:provider/:id')
  @ApiOperation({
    summary: "The video's poster picture, fetched by the server from the provider's picture host (JPEG, PNG or WebP, at most 2 MB).",
  })
  @ApiZodParams(VideoPosterParams)
  @ApiZodQuery(VideoPosterQuery)
  @ApiProduces('image/jpeg', 'image/png', 'image/webp')
  @ApiResponse({ status: 200, description: 'The picture', content: { 'image/jpeg': { schema: { type: 'string', format: 'binary' } } } })
  @ApiZodResponse(ErrorResponseSchema, 404, 'VIDEO_POSTER_NOT_FOUND, VIDEO_NOT_FOUND')
  @ApiZodResponse(ErrorResponseSchema, 502, 'VIDEO_POSTER_UNAVAILABLE and the oEmbed failures')
  async poster(
    @Req() req: Request,
    @Res() res: Response,
    @Param('provider') provider: string,
    @Param('id') id: string,
    @Query(new ZodQuery(VideoPosterQuery)) q: Parsed<typeof VideoPosterQuery>,
  ): Promise<void> {
    const parsed = videoRefOf(provider, id, q.h);
    if (!parsed.ok) throw new VideoError(provider === 'youtube' || provider === 'vimeo' ? parsed.code : 'VIDEO_POSTER_NOT_FOUND');
    const poster = await this.videos.poster(parsed.ref, clientAddress(req));
    res.status(200);
    res.setHeader('Content-Type', poster.type);
    res.setHeader('Content-Length', String(poster.bytes.length));
    res.setHeader('Cache-Control', CACHE_CONTROL.poster);
    res.setHeader('Content-Security-Policy', "default-src 'none'; sandbox");
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.end(req.method === 'HEAD' ? undefined : poster.bytes);
  }
}

/** The caller's address as Express sees it (TRUST_PROXY decides whether X-Forwarded-For counts). */
function clientAddress(req: Request): string {
  return req.ip ?? req.socket.remoteAddress ?? 'unknown';
}
