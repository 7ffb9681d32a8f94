import { z } from 'zod';
import { LOCALES, type Locale } from '../locales.js';
import { data, report } from './fields.js';
import { AdminProductParams } from './admin-catalog.js';

/**
 * The back office's product photos (`/api/admin/products/{code}/photos`, docs/admin.md 'Photos'):
 * upload (multipart, field `file`), reorder, alt text per language, focal point, remove. Reading:
 * `content.read`; changes: `content.write` (admin and staff: a product's photos are shop content, like
 * its texts; prices stay admin-only). Every value a caller sends is checked here: a wrong one is a 422
 * naming its field.
 */

/** Most photos one product has. */
export const MAX_PRODUCT_PHOTOS = 12;
/** Longest alt text (characters): a sentence saying what the photo shows. */
export const MAX_ALT_LENGTH = 250;
/** The most an upload may weigh (bytes): a 48-megapixel phone photo is 8 to 12 MB. */
export const MAX_PHOTO_BYTES = 15 * 1024 * 1024;
/** The shape (width / height) of product photos in the shop: its cards and product page show 4:3. */
export const PRODUCT_PHOTO_ASPECT = 4 / 3;

const photoId = z.uuid({ message: 'CATALOG_PHOTO_ID_INVALID' });

/** `{code}/{id}` of one photo's routes. */
export const AdminPhotoParams = AdminProductParams.extend({ id: photoId });

const coordinate = z
  .number({ message: 'MEDIA_FOCAL_INVALID' })
  .min(0, 'MEDIA_FOCAL_INVALID')
  .max(1, 'MEDIA_FOCAL_INVALID')
  .meta({ description: '0 (left / top edge) to 1 (right / bottom edge)' });
export const FocalPointSchema = z.object({ x: coordinate, y: coordinate }).meta({
  description: 'The point of the photo the shop keeps in view when it crops it to 4:3',
});

const altText = z
  .string({ message: 'CATALOG_PHOTO_ALT_INVALID' })
  .max(MAX_ALT_LENGTH, 'CATALOG_PHOTO_ALT_TOO_LONG')
  .regex(/^[^\p{Cc}]*$/u, 'CATALOG_PHOTO_ALT_INVALID')
  .nullable();

/** Alt texts by language; a blank text is stored as missing (null). Languages not sent stay as they are. */
export const AltTexts = z
  .object(Object.fromEntries(LOCALES.map((l) => [l, altText.optional()])) as Record<Locale, z.ZodOptional<typeof altText>>)
  .strict();
export type AltTexts = z.infer<typeof AltTexts>;

export const PhotoVariant = z.object({
  width: z.number().int(),
  height: z.number().int(),
  format: z.enum(['avif', 'webp', 'jpg']),
  url: z.string().meta({ example: '/media/3f2a9c0d1b2e4f56-640.webp' }),
});

export const AdminPhoto = z.object({
  id: z.uuid(),
  position: z.number().int().meta({ description: '0: the photo shops show first' }),
  width: z.number().int().meta({ description: 'The kept original (oriented, at most 2560 px)' }),
  height: z.number().int(),
  focal: FocalPointSchema,
  alt: z.object(Object.fromEntries(LOCALES.map((l) => [l, z.string().nullable()])) as Record<Locale, z.ZodNullable<z.ZodString>>),
  preview_url: z.string().meta({ description: "The shop's JPEG of about 640 px (cut to 4:3 around the focal point)" }),
  full: PhotoVariant.nullable().meta({ description: 'The whole picture, about 480 px wide, for choosing the focal point' }),
  variants: z.array(PhotoVariant),
});
export type AdminPhoto = z.infer<typeof AdminPhoto>;

export const AdminPhotoList = z.object({
  code: z.string(),
  name: z.string().meta({ description: "The product's name in the caller's language" }),
  photos: z.array(AdminPhoto),
  max_photos: z.number().int(),
  max_bytes: z.number().int(),
  storage: z.enum(['postgres', 's3']),
});
export type AdminPhotoList = z.infer<typeof AdminPhotoList>;
export const AdminPhotoListResponse = data(AdminPhotoList);

/**
 * `PATCH /api/admin/products/{code}/photos`: what the photos screen's one save bar saves, in one
 * transaction: `order` (every photo id of the product, first shown first) and per photo its alt texts
 * and/or focal point.
 */
export const PhotoChangesBody = z
  .object({
    order: z.array(photoId).max(MAX_PRODUCT_PHOTOS, 'CATALOG_PHOTO_ORDER_INVALID').optional(),
    photos: z
      .array(z.object({ id: photoId, alt: AltTexts.optional(), focal: FocalPointSchema.optional() }).strict())
      .max(MAX_PRODUCT_PHOTOS, 'CATALOG_PHOTO_ORDER_INVALID')
      .optional(),
  })
  .strict()
  .superRefine((body, ctx) => {
    if (!body.order && !body.photos?.length) report(ctx, 'CATALOG_NOTHING_TO_CHANGE');
    if (body.order && new Set(body.order).size !== body.order.length) report(ctx, 'CATALOG_PHOTO_ORDER_INVALID', ['order']);
    if (body.photos && new Set(body.photos.map((p) => p.id)).size !== body.photos.length)
      report(ctx, 'CATALOG_PHOTO_ORDER_INVALID', ['photos']);
  });
export type PhotoChangesBody = z.infer<typeof PhotoChangesBody>;

/** The form fields besides `file` of an upload (all optional). */
export const PhotoUploadFields = z.object({
  focal_x: z.coerce.number({ message: 'MEDIA_FOCAL_INVALID' }).min(0, 'MEDIA_FOCAL_INVALID').max(1, 'MEDIA_FOCAL_INVALID').optional(),
  focal_y: z.coerce.number({ message: 'MEDIA_FOCAL_INVALID' }).min(0, 'MEDIA_FOCAL_INVALID').max(1, 'MEDIA_FOCAL_INVALID').optional(),
});
