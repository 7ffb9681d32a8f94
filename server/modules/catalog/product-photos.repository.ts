import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { ImageView } from '../../../contract/api/catalog.js';
import type { Locale } from '../../../contract/locales.js';
import { MediaStore, type MediaView } from '../../platform/media/index.js';

/** The width of the plain `src` (and of the width/height the page reserves): a card at 2x, a product page at 1x. */
const FALLBACK_WIDTH = 640;
const TYPES = { avif: 'image/avif', webp: 'image/webp' } as const;

/**
 * What the shop shows of a product's photos (docs/admin.md 'Photos'): the first one, as `<picture>`
 * sources (AVIF, WebP) and a JPEG `srcset` with `src`, its width and height (no layout shift), and its
 * alt text in the page's language (the product's name when that language has none).
 */
export function photoImage(media: MediaView, alt: string): ImageView {
  const jpgs = media.variants.filter((v) => v.format === 'jpg');
  const fallback = jpgs.find((v) => v.width === FALLBACK_WIDTH) ?? jpgs.filter((v) => v.width <= FALLBACK_WIDTH).at(-1) ?? jpgs[0]!;
  const srcset = (format: 'avif' | 'webp' | 'jpg') =>
    media.variants
      .filter((v) => v.format === format)
      .map((v) => `${v.url} ${v.width}w`)
      .join(', ');
  return {
    src: fallback.url,
    width: fallback.width,
    height: fallback.height,
    alt,
    srcset: srcset('jpg'),
    sources: (['avif', 'webp'] as const).map((f) => ({ type: TYPES[f], srcset: srcset(f) })).filter((s) => s.srcset !== ''),
  };
}

/** The first photo of products, for the shop's lists and product pages. */
@Injectable()
export class ProductPhotos {
  constructor(private readonly media: MediaStore) {}

  /** Per product id: its first photo and that photo's alt text in `locale` (null: none written). */
  async first(
    manager: EntityManager,
    productIds: readonly number[],
    locale: Locale,
  ): Promise<Map<number, { media: MediaView; alt: string | null }>> {
    const out = new Map<number, { media: MediaView; alt: string | null }>();
    if (!productIds.length) return out;
    const rows = (await manager.query(
      `SELECT DISTINCT ON (product_id) product_id, media_id, alt ->> $2 AS alt
         FROM product_image WHERE product_id = ANY($1::int[])
        ORDER BY product_id, position`,
      [productIds, locale],
    )) as Array<{ product_id: number; media_id: string; alt: string | null }>;
    if (!rows.length) return out;
    const described = await this.media.describe(
      rows.map((r) => r.media_id),
      manager,
    );
    for (const r of rows) {
      const media = described.get(r.media_id);
      if (media?.variants.some((v) => v.format === 'jpg')) out.set(r.product_id, { media, alt: r.alt });
    }
    return out;
  }
}
