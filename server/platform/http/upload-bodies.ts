import type { Request } from 'express';

/**
 * A route that takes a file upload (`multipart/form-data`, read by the route's own FileInterceptor
 * with its size limit). Everything else in the shop reads JSON only (json-bodies.ts). The CSRF check
 * runs for these routes as for every write (the token in the X-CSRF-Token header), and the route's
 * guard refuses anyone the operator policy does not allow before a byte of the file is read.
 */
export interface UploadRoute {
  method: 'POST';
  /** Matched against the path as the router sees it (whole path). */
  pattern: RegExp;
  /** Who uploads here and what. */
  reason: string;
}

export const UPLOAD_ROUTES: readonly UploadRoute[] = [
  {
    method: 'POST',
    pattern: /^\/api\/admin\/products\/[^/]{1,64}\/photos$/,
    reason: "the back office's product photos (docs/admin.md 'Photos'): a picture straight from a phone, resized on the server",
  },
];

/** `multipart/form-data`, any parameters (the boundary). */
export function isMultipartMediaType(contentType: string | undefined): boolean {
  if (!contentType) return false;
  return contentType.split(';')[0]!.trim().toLowerCase() === 'multipart/form-data';
}

/** A multipart body on one of the upload routes. */
export function isUploadPost(req: Pick<Request, 'method' | 'path' | 'headers'>, routes: readonly UploadRoute[] = UPLOAD_ROUTES): boolean {
  return isMultipartMediaType(req.headers['content-type']) && routes.some((r) => r.method === req.method && r.pattern.test(req.path));
}
