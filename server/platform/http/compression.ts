import compression from 'compression';
import type { RequestHandler } from 'express';
import { constants } from 'node:zlib';

/** Smaller answers are sent as they are: compressing them costs more than it saves. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * On-the-fly compression of what the shop renders or answers (pages, JSON, the queue dashboard's
 * API): brotli (quality 4: fast, still well ahead of gzip) or gzip (level 6), by the browser's
 * Accept-Encoding, for compressible types of 1 kB or more, with Vary: Accept-Encoding. Every write
 * is flushed (SYNC_FLUSH), so a streamed page still reaches the browser chunk by chunk: the shell
 * first, the rest as it renders. Static assets are never compressed here: they were compressed at
 * build time and carry their Content-Encoding, which this middleware leaves alone.
 */
export function compressResponses(): RequestHandler {
  return compression({
    threshold: COMPRESS_THRESHOLD_BYTES,
    level: 6,
    flush: constants.Z_SYNC_FLUSH,
    brotli: { flush: constants.BROTLI_OPERATION_FLUSH, params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
}
