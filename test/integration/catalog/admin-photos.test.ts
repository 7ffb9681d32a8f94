// The back office's product photos (docs/admin.md 'Photos') on the real shop: a JPEG made by sharp
// with an EXIF orientation, a camera name and a GPS position is uploaded by staff, cleaned (oriented,
// no metadata), resized into AVIF/WebP/JPEG and served under /media/ with a year's cache; the shop's
// answers show it (the answer cache dropped); reorder, alt texts, focal point and removal write their
// audit rows; refusals are localized and never a 500; the S3 adapter against a signature-checking emulator.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import sharp from 'sharp';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { AdminPhotoListResponse, type AdminPhotoList } from '../../../contract/api/admin-photos.js';
import type { RunningShop } from '../../../server/main.js';
import { S3MediaStorage } from '../../../server/platform/media/index.js';
import { createProduct } from '../../factories/catalog.js';
import { createUser, signIn } from '../../factories/user.js';
import { startShop } from '../../support/app.js';
import { deleteRedisKeys } from '../../support/redis-keys.js';
import { startS3Emulator, type S3Emulator } from '../../support/s3-emulator.js';
import { shopper, type Shopper } from '../../support/shopper.js';

/** A 1600x1200 JPEG as a phone stores a portrait shot: turned sideways with EXIF orientation 6, a camera name and a GPS position. */
async function phoneJpeg(): Promise<Buffer> {
  const left = await sharp({ create: { width: 800, height: 1200, channels: 3, background: '#d01010' } })
    .png()
    .toBuffer();
  return sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#1030d0' } })
    .composite([{ input: left, left: 0, top: 0 }])
    .jpeg({ quality: 85 })
    .withExif({
      IFD0: { Make: 'TestPhone', Model: 'X1' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '45/1 48/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '15/1 58/1 0/1' },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

/** The EXIF block's GPS pointer (tag 0x8825) in either byte order. */
const hasGps = (exif: Buffer | undefined) =>
  !!exif && (exif.includes(Buffer.from([0x25, 0x88])) || exif.includes(Buffer.from([0x88, 0x25])));

describe("back office's product photos (/api/admin/products/{code}/photos)", () => {
  let shop: RunningShop & { url: string };
  let db: DataSource;
  let admin: Shopper;
  let staff: Shopper;
  let customer: Shopper;
  let anonymous: Shopper;
  let jpeg: Buffer;

  beforeAll(async () => {
    shop = await startShop({ env: { RENDER_CACHE_TTL_SECONDS: '300', AUTH_RATE_LIMIT_PER_IP: '1000' } });
    db = shop.app.get(DataSource);
    const as = async (role: 'admin' | 'staff' | 'customer') => {
      const u = await createUser(db, { role });
      return signIn(shop.url, u.email, u.password);
    };
    admin = await as('admin');
    staff = await as('staff');
    customer = await as('customer');
    anonymous = await shopper(shop.url);
    jpeg = await phoneJpeg();
  });
  afterAll(async () => {
    await shop?.stop();
    if (shop?.config.redis.url) await deleteRedisKeys(shop.config.queue.prefix);
  });

  const upload = (who: Shopper, code: string, file: Buffer, name = 'photo.jpg', language = 'en', type = 'image/jpeg') =>
    who.agent
      .post(`/api/admin/products/${code}/photos`)
      .set('X-CSRF-Token', who.token)
      .set('Accept-Language', language)
      .attach('file', file, { filename: name, contentType: type });
  const listOf = (body: unknown) => AdminPhotoListResponse.parse(body).data;
  const auditOf = async (code: string) =>
    (await db.query(
      `SELECT actor_role, action, before, after FROM audit_log WHERE entity_type = 'product_photo' AND entity_id = $1 ORDER BY at, id`,
      [code],
    )) as Array<{ actor_role: string; action: string; before: Record<string, unknown> | null; after: Record<string, unknown> | null }>;
  const shopImage = async (slug: string, locale = 'en') => {
    const res = await request(shop.url)
      .get(`/api/catalog/products/${encodeURIComponent(slug)}?locale=${locale}`)
      .expect(200);
    return (
      res.body as {
        data: { image: { src: string; alt: string; srcset?: string; sources?: Array<{ type: string; srcset: string }> } | null };
      }
    ).data.image;
  };

  it('answers by role: admin and staff may, a customer 403, anonymous 401', async () => {
    const p = await createProduct(shop.app, {});
    const id = '00000000-0000-4000-8000-000000000000';
    const calls: Array<[string, (w: Shopper) => Promise<{ status: number }>, number]> = [
      ['GET', (w) => w.call('get', `/api/admin/products/${p.code}/photos`), 200],
      ['PATCH', (w) => w.call('patch', `/api/admin/products/${p.code}/photos`, { order: [] }), 200],
      ['DELETE', (w) => w.call('delete', `/api/admin/products/${p.code}/photos/${id}`), 404],
      ['POST', (w) => upload(w, p.code, Buffer.from('not a photo')), 422],
    ];
    for (const [method, call, ok] of calls) {
      expect([method, (await call(anonymous)).status]).toEqual([method, 401]);
      expect([method, (await call(customer)).status]).toEqual([method, 403]);
      expect([method, (await call(staff)).status]).toEqual([method, ok]);
      expect([method, (await call(admin)).status]).toEqual([method, ok]);
    }
  });

  it('keeps a phone photo oriented, without EXIF or GPS, in the sizes and formats the shop serves, cached a year', async () => {
    const input = await sharp(jpeg).metadata();
    expect([input.width, input.height, input.orientation, hasGps(input.exif)]).toEqual([1600, 1200, 6, true]);

    const p = await createProduct(shop.app, { names: { en: 'Nest spaghetti' } });
    const before = await shopImage(p.slugs.en);
    const res = await upload(staff, p.code, jpeg, 'IMG_0001.JPG').expect(201);
    const list = listOf(res.body);
    expect(list.photos).toHaveLength(1);
    const [photo] = list.photos;
    // Oriented: the sideways 1600x1200 becomes a 1200x1600 portrait; cropped to 4:3 for the shop.
    expect([photo!.width, photo!.height]).toEqual([1200, 1600]);
    expect(photo!.variants.map((v) => `${v.width}x${v.height}.${v.format}`)).toEqual([
      '320x240.avif',
      '320x240.jpg',
      '320x240.webp',
      '640x480.avif',
      '640x480.jpg',
      '640x480.webp',
      '960x720.avif',
      '960x720.jpg',
      '960x720.webp',
    ]);
    expect(photo!.alt).toEqual({ hr: null, en: null, de: null, sl: null });

    for (const v of photo!.variants) {
      const served = await request(shop.url)
        .get(v.url)
        .buffer(true)
        .parse((r, cb) => {
          const chunks: Buffer[] = [];
          r.on('data', (c: Buffer) => chunks.push(c));
          r.on('end', () => cb(null, Buffer.concat(chunks)));
        });
      expect([v.url, served.status]).toEqual([v.url, 200]);
      expect(served.headers['content-type']).toBe({ avif: 'image/avif', webp: 'image/webp', jpg: 'image/jpeg' }[v.format]);
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.headers.etag).toBeTruthy();
      const meta = await sharp(served.body as Buffer).metadata();
      expect([meta.width, meta.height, meta.exif, meta.orientation]).toEqual([v.width, v.height, undefined, undefined]);
      const again = await request(shop.url).get(v.url).set('If-None-Match', served.headers.etag!);
      expect(again.status).toBe(304);
    }
    // The kept original has no metadata either (GPS and camera gone), and is never served.
    const [blob] = (await db.query(`SELECT data FROM media_blob WHERE key = $1`, [`${photo!.id}-master.jpg`])) as Array<{ data: Buffer }>;
    const master = await sharp(blob!.data).metadata();
    expect([master.width, master.height, master.exif, hasGps(master.exif), blob!.data.includes(Buffer.from('TestPhone'))]).toEqual([
      1200,
      1600,
      undefined,
      false,
      false,
    ]);
    await request(shop.url).get(`/media/${photo!.id}-master.jpg`).expect(404);

    // The shop shows it at once (its cached answer was dropped), with AVIF and WebP sources and the name as alt.
    expect(before?.sources).toBeUndefined();
    const shown = await shopImage(p.slugs.en);
    expect(shown).toMatchObject({ src: photo!.preview_url, alt: 'Nest spaghetti', width: 640, height: 480 });
    expect(shown!.sources!.map((s) => s.type)).toEqual(['image/avif', 'image/webp']);
    expect(shown!.srcset).toContain('320w');

    expect(await auditOf(p.code)).toEqual([
      {
        actor_role: 'staff',
        action: 'photo.upload',
        before: null,
        after: { photo_id: photo!.id, position: 0, width: 1200, height: 1600, bytes: jpeg.length, focal: { x: 0.5, y: 0.5 } },
      },
    ]);
  });

  it('saves order, alt texts and focal point in one go, each with its audit row; removes a photo and its files', async () => {
    const p = await createProduct(shop.app, {});
    const first = listOf((await upload(admin, p.code, jpeg).expect(201)).body).photos[0]!;
    const png = await sharp({ create: { width: 900, height: 900, channels: 4, background: '#20a040' } })
      .png()
      .toBuffer();
    const after2 = listOf((await upload(admin, p.code, png, 'green.png', 'en', 'image/png').expect(201)).body);
    const second = after2.photos[1]!;
    expect(second.variants.map((v) => `${v.width}x${v.height}`)).toContain('640x480');

    const oldUrl = first.variants.find((v) => v.format === 'jpg' && v.width === 640)!.url;
    const res = await admin
      .call('patch', `/api/admin/products/${p.code}/photos`, {
        order: [second.id, first.id],
        photos: [
          { id: second.id, alt: { hr: 'Zelena tjestenina na dasci', en: 'Green pasta on a board', de: '  ' } },
          { id: first.id, focal: { x: 0.5, y: 0.1 } },
        ],
      })
      .expect(200);
    const changed = listOf(res.body);
    expect(changed.photos.map((ph) => ph.id)).toEqual([second.id, first.id]);
    expect(changed.photos[0]!.alt).toEqual({ hr: 'Zelena tjestenina na dasci', en: 'Green pasta on a board', de: null, sl: null });
    expect(changed.photos[1]!.focal).toEqual({ x: 0.5, y: 0.1 });
    // A new focal point makes new URLs; the old files are gone.
    const newUrl = changed.photos[1]!.variants.find((v) => v.format === 'jpg' && v.width === 640)!.url;
    expect(newUrl).not.toBe(oldUrl);
    await request(shop.url).get(oldUrl).expect(404);
    await request(shop.url).get(newUrl).expect(200);

    const hr = await shopImage(p.slugs.hr, 'hr');
    expect(hr).toMatchObject({ alt: 'Zelena tjestenina na dasci', src: changed.photos[0]!.preview_url });
    expect((await shopImage(p.slugs.de, 'de'))!.alt).toBe(p.names.de); // no German alt: the product's name

    // The same values again change nothing and write nothing.
    await admin.call('patch', `/api/admin/products/${p.code}/photos`, { order: [second.id, first.id] }).expect(200);

    const removed = listOf((await admin.call('delete', `/api/admin/products/${p.code}/photos/${second.id}`).expect(200)).body);
    expect(removed.photos.map((ph) => [ph.id, ph.position])).toEqual([[first.id, 0]]);
    await request(shop.url).get(changed.photos[0]!.preview_url).expect(404);
    expect(await db.query(`SELECT key FROM media_blob WHERE key LIKE $1`, [`${second.id}%`])).toEqual([]);

    const actions = (await auditOf(p.code)).map((r) => r.action);
    expect(actions).toEqual(['photo.upload', 'photo.upload', 'photo.reorder', 'photo.alt', 'photo.focal', 'photo.remove']);
    const alt = (await auditOf(p.code))[3]!;
    expect(alt.after).toEqual({
      photo_id: second.id,
      alt: { hr: 'Zelena tjestenina na dasci', en: 'Green pasta on a board', de: null, sl: null },
    });
  });

  it('refuses a 20 MB file, a non-image, an iPhone HEIC and hostile values with localized messages, never a 500', async () => {
    const p = await createProduct(shop.app, {});
    const big = await upload(admin, p.code, Buffer.alloc(20 * 1024 * 1024, 0xff), 'big.jpg', 'hr');
    expect(big.status).toBe(413);
    expect(big.body.errors[0]).toMatchObject({ code: 'MEDIA_TOO_LARGE', field: 'file' });
    expect(big.body.errors[0].message).toContain('15 MB');
    expect(big.body.errors[0].message).toMatch(/Fotografija/);

    const pdf = await upload(admin, p.code, Buffer.from('%PDF-1.7\n1 0 obj\n'), 'photo.jpg', 'de');
    expect(pdf.status).toBe(422);
    expect(pdf.body.errors[0]).toMatchObject({
      code: 'MEDIA_NOT_AN_IMAGE',
      message: 'Diese Datei ist kein Foto (JPEG, PNG, WebP oder AVIF).',
    });

    const heicHeader = Buffer.concat([
      Buffer.from([0, 0, 0, 0x18]),
      Buffer.from('ftypheic'),
      Buffer.alloc(4),
      Buffer.from('mif1heic'),
      Buffer.alloc(64),
    ]);
    const heic = await upload(admin, p.code, heicHeader, 'IMG_0002.HEIC', 'en', 'image/heic');
    expect(heic.status).toBe(422);
    expect(heic.body.errors[0].code).toBe('MEDIA_HEIC_UNSUPPORTED');
    expect(heic.body.errors[0].message).toContain('Most Compatible');

    const cut = await upload(admin, p.code, jpeg.subarray(0, 400), 'cut.jpg', 'sl');
    expect([cut.status, cut.body.errors[0].code]).toEqual([422, 'MEDIA_UNREADABLE']);

    const none = await admin.agent.post(`/api/admin/products/${p.code}/photos`).set('X-CSRF-Token', admin.token).field('focal_x', '0.5');
    expect([none.status, none.body.errors[0].code]).toEqual([400, 'MEDIA_FILE_MISSING']);
    const otherField = await admin.agent
      .post(`/api/admin/products/${p.code}/photos`)
      .set('X-CSRF-Token', admin.token)
      .attach('picture', jpeg, 'a.jpg');
    expect([otherField.status, otherField.body.errors[0].code]).toEqual([400, 'MEDIA_FILE_MISSING']);
    const badFocal = await admin.agent
      .post(`/api/admin/products/${p.code}/photos`)
      .set('X-CSRF-Token', admin.token)
      .field('focal_x', '7')
      .attach('file', jpeg, 'a.jpg');
    expect([badFocal.status, badFocal.body.errors[0].code]).toEqual([422, 'MEDIA_FOCAL_INVALID']);
    // No CSRF token: refused before anything is read.
    const noToken = await admin.agent.post(`/api/admin/products/${p.code}/photos`).attach('file', jpeg, 'a.jpg');
    expect(noToken.status).toBe(403);
    // A multipart body anywhere else is still refused (415).
    const elsewhere = await admin.agent
      .patch(`/api/admin/products/${p.code}/stock`)
      .set('X-CSRF-Token', admin.token)
      .attach('file', jpeg, 'a.jpg');
    expect(elsewhere.status).toBe(415);

    await upload(admin, 'NO-SUCH-CODE', jpeg).expect(404);
    await upload(admin, 'bad%20code', jpeg).expect(422);
    const bad: Array<[unknown, number, string]> = [
      [{}, 422, 'CATALOG_NOTHING_TO_CHANGE'],
      [{ order: ['not-a-uuid'] }, 422, 'CATALOG_PHOTO_ID_INVALID'],
      [{ order: ['00000000-0000-4000-8000-000000000001'] }, 422, 'CATALOG_PHOTO_ORDER_INVALID'],
      [{ photos: [{ id: '00000000-0000-4000-8000-000000000001', alt: { en: 'x' } }] }, 404, 'CATALOG_PHOTO_NOT_FOUND'],
      [{ photos: [{ id: '00000000-0000-4000-8000-000000000001', alt: { en: 'x'.repeat(251) } }] }, 422, 'CATALOG_PHOTO_ALT_TOO_LONG'],
      [{ photos: [{ id: '00000000-0000-4000-8000-000000000001', alt: { en: 'a\u0000b' } }] }, 422, ''],
      [{ photos: [{ id: '00000000-0000-4000-8000-000000000001', alt: { xx: 'a' } }] }, 422, 'VALIDATION_FAILED'],
      [{ photos: [{ id: '00000000-0000-4000-8000-000000000001', focal: { x: -1, y: 0 } }] }, 422, 'MEDIA_FOCAL_INVALID'],
      [{ order: 'first' }, 422, 'VALIDATION_FAILED'],
      [{ photos: [{ id: '00000000-0000-4000-8000-000000000001', focal: { x: '0.5', y: 0.5 } }] }, 422, 'MEDIA_FOCAL_INVALID'],
    ];
    for (const [body, status, code] of bad) {
      const res = await admin.call('patch', `/api/admin/products/${p.code}/photos`, body);
      expect([JSON.stringify(body).slice(0, 80), res.status]).toEqual([JSON.stringify(body).slice(0, 80), status]);
      if (code) expect(res.body.errors[0].code).toBe(code);
    }
    await admin.call('delete', `/api/admin/products/${p.code}/photos/not-a-uuid`).expect(422);
    expect(await auditOf(p.code)).toEqual([]);
  });

  it('serves only names of stored sizes: unknown, malformed and hostile paths are 404', async () => {
    const paths: Array<[string, number]> = [
      ['/media/0123456789abcdef-640.jpg', 404],
      ['/media/..%2F..%2Fetc%2Fpasswd', 404],
      ['/media/%2e%2e', 404],
      ['/media/x.svg', 404],
      [`/media/${'a'.repeat(5000)}`, 404],
      // a NUL byte in the path is refused by the shop's input check before any route (docs/security.md)
      ['/media/0123456789abcdef-640.jpg%00.png', 422],
    ];
    for (const [path, status] of paths) {
      const res = await request(shop.url).get(path);
      expect([path.slice(0, 60), res.status]).toEqual([path.slice(0, 60), status]);
    }
  });

  it('keeps the bytes in an S3-compatible bucket through signed requests, which a wrong key cannot make', async () => {
    const s3: S3Emulator = await startS3Emulator();
    try {
      const settings = {
        endpoint: s3.url,
        bucket: s3.bucket,
        region: s3.region,
        accessKeyId: s3.accessKeyId,
        secretAccessKey: s3.secretAccessKey,
      };
      const storage = new S3MediaStorage(settings);
      await storage.put('abc/photo-640.jpg', jpeg, 'image/jpeg');
      expect(s3.objects.get('abc/photo-640.jpg')).toEqual({ bytes: jpeg, contentType: 'image/jpeg' });
      expect(await storage.get('abc/photo-640.jpg')).toEqual(jpeg);
      expect(await storage.get('abc/missing.jpg')).toBeNull();
      await storage.delete(['abc/photo-640.jpg', 'abc/missing.jpg']);
      expect(s3.objects.size).toBe(0);
      expect(s3.log.every((l) => l.status !== 403)).toBe(true);

      const forged = new S3MediaStorage({ ...settings, secretAccessKey: 'not-the-secret' });
      await expect(forged.put('abc/x.jpg', jpeg, 'image/jpeg')).rejects.toThrow(/403.*SignatureDoesNotMatch/);
      const stranger = new S3MediaStorage({ ...settings, accessKeyId: 'AKIASOMEONEELSE00000' });
      await expect(stranger.get('abc/x.jpg')).rejects.toThrow(/403.*InvalidAccessKeyId/);
      expect(s3.objects.size).toBe(0);
    } finally {
      await s3.close();
    }
  });

  it('with MEDIA_STORAGE=s3, a web process keeps uploads in the bucket (not in PostgreSQL) and serves them from there', async () => {
    const s3 = await startS3Emulator();
    const other = await startShop({
      env: {
        AUTH_RATE_LIMIT_PER_IP: '1000',
        MEDIA_STORAGE: 's3',
        MEDIA_BUCKET_ENDPOINT: s3.url,
        MEDIA_BUCKET_NAME: s3.bucket,
        MEDIA_BUCKET_REGION: s3.region,
        MEDIA_BUCKET_ACCESS_KEY_ID: s3.accessKeyId,
        MEDIA_BUCKET_SECRET_ACCESS_KEY: s3.secretAccessKey,
      },
    });
    try {
      const u = await createUser(db, { role: 'admin' });
      const op = await signIn(other.url, u.email, u.password);
      const p = await createProduct(shop.app, {});
      const res = await op.agent
        .post(`/api/admin/products/${p.code}/photos`)
        .set('X-CSRF-Token', op.token)
        .attach('file', jpeg, 'a.jpg')
        .expect(201);
      const list: AdminPhotoList = listOf(res.body);
      expect(list.storage).toBe('s3');
      const url = list.photos[0]!.preview_url;
      expect(s3.objects.has(url.slice('/media/'.length))).toBe(true);
      expect(await db.query(`SELECT key FROM media_blob WHERE key = $1`, [url.slice('/media/'.length)])).toEqual([]);
      await request(other.url).get(url).expect(200).expect('content-type', 'image/jpeg');
    } finally {
      await other.stop();
      await s3.close();
    }
  });
});
