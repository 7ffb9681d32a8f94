import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { DomainError } from '../http/domain-error.js';
import { sniffImage } from './media-sniff.js';
import {
  focalCrop,
  heightAt,
  MASTER_MAX_SIDE,
  MEDIA_CONTENT_TYPES,
  MEDIA_FORMATS,
  MEDIA_MAX_BYTES,
  MEDIA_MAX_PIXELS,
  variantWidths,
  type FocalPoint,
  type MediaFormat,
} from './media-variants.js';

/** The media store's error codes; their texts are in server/locales (`media.errors`). */
export const MEDIA_ERRORS = {
  FILE_MISSING: 'MEDIA_FILE_MISSING',
  TOO_LARGE: 'MEDIA_TOO_LARGE',
  NOT_AN_IMAGE: 'MEDIA_NOT_AN_IMAGE',
  HEIC_UNSUPPORTED: 'MEDIA_HEIC_UNSUPPORTED',
  TOO_MANY_PIXELS: 'MEDIA_TOO_MANY_PIXELS',
  UNREADABLE: 'MEDIA_UNREADABLE',
  FOCAL_INVALID: 'MEDIA_FOCAL_INVALID',
} as const;

// Phones' photos are big; two cores serve the shop too: one picture at a time per libvips thread pool.
sharp.concurrency(1);
sharp.cache({ memory: 64, files: 0, items: 50 });

/** An upload made ready to keep: oriented, without any metadata (EXIF, GPS, XMP), at most MASTER_MAX_SIDE. */
export interface Master {
  bytes: Buffer;
  width: number;
  height: number;
  sha256: string;
  /** What the upload was (sniffed from its bytes). */
  sourceType: string;
}

export interface RenderedVariant {
  width: number;
  height: number;
  format: MediaFormat;
  contentType: string;
  bytes: Buffer;
}

const refuse = (code: string, message: string, kind: 'invalid' | 'too_large' = 'invalid') => new DomainError(code, message, kind, 'file');

/**
 * Reads an upload: refuses what is too big, not an image (by its bytes), a HEIC file this libvips
 * cannot decode (its prebuilt binaries carry no HEVC decoder) and decompression bombs (more than
 * MEDIA_MAX_PIXELS), then applies the EXIF orientation and drops all metadata, GPS position included.
 */
export async function readUpload(input: Buffer): Promise<Master> {
  if (input.length > MEDIA_MAX_BYTES) throw refuse(MEDIA_ERRORS.TOO_LARGE, 'The file is larger than 15 MB.', 'too_large');
  const kind = sniffImage(input);
  if (!kind) throw refuse(MEDIA_ERRORS.NOT_AN_IMAGE, 'The file is not a JPEG, PNG, WebP or AVIF picture.');
  try {
    const meta = await sharp(input, { limitInputPixels: MEDIA_MAX_PIXELS, failOn: 'error' }).metadata();
    if ((meta.width ?? 0) * (meta.height ?? 0) > MEDIA_MAX_PIXELS) throw new Error('Input image exceeds pixel limit');
    const { data, info } = await sharp(input, { limitInputPixels: MEDIA_MAX_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ width: MASTER_MAX_SIDE, height: MASTER_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 90, mozjpeg: true })
      .toBuffer({ resolveWithObject: true });
    return {
      bytes: data,
      width: info.width,
      height: info.height,
      sha256: createHash('sha256').update(data).digest('hex'),
      sourceType: kind,
    };
  } catch (error) {
    const text = error instanceof Error ? error.message : String(error);
    if (/pixel limit/i.test(text)) throw refuse(MEDIA_ERRORS.TOO_MANY_PIXELS, 'The picture has too many pixels.');
    if (kind === 'heic') throw refuse(MEDIA_ERRORS.HEIC_UNSUPPORTED, 'HEIC pictures cannot be read here.');
    throw refuse(MEDIA_ERRORS.UNREADABLE, 'The picture cannot be read (damaged or cut short).');
  }
}

/** The whole picture, small, for the back office's focal-point picker (the crops hide what they cut). */
export const FULL_PREVIEW_WIDTH = 480;

export async function renderFullPreview(master: Buffer): Promise<RenderedVariant> {
  const { data, info } = await sharp(master)
    .resize({ width: FULL_PREVIEW_WIDTH, withoutEnlargement: true })
    .jpeg({ quality: 75, mozjpeg: true })
    .toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, format: 'jpg', contentType: MEDIA_CONTENT_TYPES.jpg, bytes: data };
}

/**
 * The shop's sizes of a kept original: cropped to `aspect` (width / height; null keeps the picture's
 * own) around the focal point, each width in AVIF, WebP and JPEG, never enlarged.
 */
export async function renderVariants(master: Buffer, aspect: number | null, focal: FocalPoint): Promise<RenderedVariant[]> {
  const meta = await sharp(master).metadata();
  const crop = focalCrop({ width: meta.width, height: meta.height }, aspect, focal);
  const out: RenderedVariant[] = [];
  for (const width of variantWidths(crop.width)) {
    const height = heightAt(crop, width);
    for (const format of MEDIA_FORMATS) {
      const base = sharp(master).extract(crop).resize(width, height, { fit: 'fill' });
      const encoded =
        format === 'avif'
          ? base.avif({ quality: 50, effort: 2 })
          : format === 'webp'
            ? base.webp({ quality: 76, effort: 4 })
            : base.jpeg({ quality: 80, mozjpeg: true, progressive: true });
      out.push({ width, height, format, contentType: MEDIA_CONTENT_TYPES[format], bytes: await encoded.toBuffer() });
    }
  }
  return out;
}
