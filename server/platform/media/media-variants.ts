import { createHash } from 'node:crypto';
import { focalCrop, type FocalPoint } from '../../../contract/media.js';

export { focalCrop, type FocalPoint };

/**
 * The sizes and formats the shop serves of every picture (docs/admin.md 'Photos'), their names and
 * the focal-point crop. Pure: unit-tested in media-variants.spec.ts.
 *
 * Widths: the shop's product cards are 18 to 22 rem wide on a desktop and the full width of a phone
 * (360 to 430 CSS px), the product page's picture about half a desktop; at 1x to 3x screens that is
 * 320 to 1280 pixels. Formats: AVIF (smallest), WebP, and JPEG for the few browsers without either.
 */
export const MEDIA_WIDTHS = [320, 640, 960, 1280] as const;
export const MEDIA_FORMATS = ['avif', 'webp', 'jpg'] as const;
export type MediaFormat = (typeof MEDIA_FORMATS)[number];
export const MEDIA_CONTENT_TYPES: Readonly<Record<MediaFormat, string>> = {
  avif: 'image/avif',
  webp: 'image/webp',
  jpg: 'image/jpeg',
};

/** The kept original: oriented, without metadata, at most this many pixels on its long side. */
export const MASTER_MAX_SIDE = 2560;
/** The most an upload may weigh (a 48-megapixel phone JPEG is 8 to 12 MB). */
export const MEDIA_MAX_BYTES = 15 * 1024 * 1024;
/** Decompression bombs: an image declaring more pixels than this is refused before it is decoded. */
export const MEDIA_MAX_PIXELS = 100_000_000;

export const CENTRE: FocalPoint = { x: 0.5, y: 0.5 };

/** A public variant's file name: `<version>-<width>.<format>`, the version being 16 hex digits. */
const VARIANT_FILE = /^([0-9a-f]{16})-([1-9][0-9]{1,3})\.(avif|webp|jpg)$/;

export function variantFile(version: string, width: number, format: MediaFormat): string {
  return `${version}-${width}.${format}`;
}

/** The parts of a variant's file name, or null for anything else (hostile or mistyped paths). */
export function parseVariantFile(name: string): { version: string; width: number; format: MediaFormat } | null {
  const m = VARIANT_FILE.exec(name);
  if (!m) return null;
  return { version: m[1]!, width: Number(m[2]), format: m[3] as MediaFormat };
}

/** The storage key of a picture's kept original (never served publicly). */
export function masterKey(hash: string): string {
  return `${hash}-master.jpg`;
}

/**
 * The version of a picture's variants: a hash of the original's bytes, the shape asked for and the
 * focal point. A new focal point gives new names, so a served URL never changes its bytes and can be
 * cached for a year ('immutable').
 */
export function renditionVersion(originalHash: string, aspect: number | null, focal: FocalPoint): string {
  return createHash('sha256')
    .update(`${originalHash}|${aspect === null ? 'free' : aspect.toFixed(4)}|${focal.x.toFixed(3)}|${focal.y.toFixed(3)}|v1`)
    .digest('hex')
    .slice(0, 16);
}

/**
 * The widths made of a picture `sourceWidth` pixels wide (after cropping): the shop's widths it can
 * fill without enlarging, or its own width when it is smaller than the smallest.
 */
export function variantWidths(sourceWidth: number, widths: readonly number[] = MEDIA_WIDTHS): number[] {
  const fit = widths.filter((w) => w <= sourceWidth);
  return fit.length ? fit : [Math.max(1, Math.floor(sourceWidth))];
}

/** A variant's height at `width` for a crop of `crop.width` x `crop.height`. */
export function heightAt(crop: { width: number; height: number }, width: number): number {
  return Math.max(1, Math.round((width * crop.height) / crop.width));
}

/** Whether a focal point is inside the picture (0..1 both ways, finite). */
export function isFocalPoint(p: { x: unknown; y: unknown }): p is FocalPoint {
  return typeof p.x === 'number' && typeof p.y === 'number' && p.x >= 0 && p.x <= 1 && p.y >= 0 && p.y <= 1;
}
