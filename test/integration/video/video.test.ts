// The video module on the real shop (docs/video.md) against the local oEmbed emulator: metadata from
// both providers, the spec's errors for every provider failure, the timeout, validation, the per-process
// cache (a second call does not reach the provider), hostile queries, and the poster proxy.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { ErrorResponseSchema } from '../../../contract/api/fields.js';
import { VideoOembedResponse } from '../../../contract/api/video.js';
import { loadConfig } from '../../../server/config/index.js';
import type { RunningShop } from '../../../server/main.js';
import { VideoService } from '../../../server/modules/video/index.js';
import { RateLimitService } from '../../../server/platform/rate-limit/index.js';
import { startShop } from '../../support/app.js';
import { freePort } from '../../support/free-port.js';
import { pngPicture, startOembedEmulator, type OembedEmulator } from '../../support/oembed-emulator.js';
import { deleteRedisKeys } from '../../support/redis-keys.js';

const YT = 'dQw4w9WgXcQ';
const VIMEO = '76979871';
const TIMEOUT_MS = 400;
const LOOKUPS_PER_IP = 30;

describe('video embeds: GET /api/video/oembed and the poster proxy', () => {
  let shop: RunningShop & { url: string };
  let emulator: OembedEmulator;

  beforeAll(async () => {
    emulator = await startOembedEmulator();
    shop = await startShop({
      env: {
        VIDEO_OEMBED_YOUTUBE_URL: emulator.youtubeUrl,
        VIDEO_OEMBED_VIMEO_URL: emulator.vimeoUrl,
        VIDEO_OEMBED_TIMEOUT_MS: String(TIMEOUT_MS),
        VIDEO_OEMBED_LOOKUPS_PER_IP: String(LOOKUPS_PER_IP),
        // the rate-limit test speaks from addresses of its own (X-Forwarded-For)
        TRUST_PROXY: 'true',
      },
    });
  });
  afterAll(async () => {
    await shop?.stop();
    await emulator?.close();
    if (shop?.config.redis.url) await deleteRedisKeys(shop.config.queue.prefix);
  });
  beforeEach(() => emulator.reset());

  const oembed = (url: string, language = 'en') =>
    request(shop.url).get('/api/video/oembed').query({ url }).set('Accept-Language', language);
  const errorOf = (res: request.Response) => {
    expect(ErrorResponseSchema.safeParse(res.body).success).toBe(true);
    return [res.status, res.body.errors[0].code, res.body.errors[0].message];
  };
  const oembedCalls = () => emulator.requests.filter((r) => r.kind === 'oembed');

  it("answers a YouTube video's metadata with our poster address and the no-cookie player", async () => {
    const res = await oembed(`https://youtu.be/${YT}`).expect(200);
    expect(VideoOembedResponse.parse(res.body)).toEqual(res.body);
    expect(res.body.data).toEqual({
      provider: 'youtube',
      id: YT,
      title: `Video ${YT}`,
      author_name: 'Zlatno zrno',
      thumbnail: { url: `/api/video/poster/youtube/${YT}`, width: 480, height: 360 },
      width: 200,
      height: 113,
      embed_url: `https://www.youtube-nocookie.com/embed/${YT}`,
    });
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    // The provider is asked about the canonical watch page, in JSON.
    expect(oembedCalls().map((r) => r.query)).toEqual([{ url: `https://www.youtube.com/watch?v=${YT}`, format: 'json' }]);
  });

  it("answers a Vimeo video's metadata, asking with do-not-track, unlisted videos with their hash", async () => {
    emulator.set('vimeo', VIMEO, { title: 'Kako nastaje abeceda' });
    const res = await oembed(`https://vimeo.com/${VIMEO}/8272103f6e`).expect(200);
    expect(VideoOembedResponse.parse(res.body)).toEqual(res.body);
    expect(res.body.data).toMatchObject({
      provider: 'vimeo',
      id: VIMEO,
      title: 'Kako nastaje abeceda',
      thumbnail: { url: `/api/video/poster/vimeo/${VIMEO}?h=8272103f6e`, width: 640, height: 360 },
      width: 640,
      height: 360,
      embed_url: `https://player.vimeo.com/video/${VIMEO}?h=8272103f6e&dnt=1`,
    });
    expect(oembedCalls().map((r) => r.query)).toEqual([{ url: `https://vimeo.com/${VIMEO}/8272103f6e`, dnt: '1' }]);
    const plain = await oembed(`https://player.vimeo.com/video/${VIMEO}`).expect(200);
    expect(plain.body.data.embed_url).toBe(`https://player.vimeo.com/video/${VIMEO}?dnt=1`);
  });

  it("maps the provider's 404 to 'was not found' and 401/403 to 'is not embeddable', in the caller's language", async () => {
    emulator.set('youtube', 'notFound123', { status: 404 });
    emulator.set('youtube', 'private1234', { status: 401 });
    emulator.set('vimeo', '403', { status: 403 });
    const missing = await oembed('https://www.youtube.com/watch?v=notFound123');
    expect(errorOf(missing)).toEqual([404, 'VIDEO_NOT_FOUND', 'was not found']);
    expect(missing.headers['cache-control']).toBe('private, max-age=300');
    expect(errorOf(await oembed('https://www.youtube.com/watch?v=notFound123', 'de'))).toEqual([
      404,
      'VIDEO_NOT_FOUND',
      'wurde nicht gefunden',
    ]);
    expect(errorOf(await oembed('private1234'))).toEqual([403, 'VIDEO_NOT_EMBEDDABLE', 'is not embeddable']);
    expect(errorOf(await oembed('https://vimeo.com/403'))).toEqual([403, 'VIDEO_NOT_EMBEDDABLE', 'is not embeddable']);
    expect(errorOf(await oembed('https://vimeo.com/403', 'hr'))).toEqual([403, 'VIDEO_NOT_EMBEDDABLE', 'ne može se ugraditi']);
  });

  it('answers any other provider status with 502 and the generic embed error naming the status', async () => {
    emulator.set('youtube', 'broken12345', { status: 500 });
    emulator.set('vimeo', '503', { status: 503 });
    const broken = await oembed('https://www.youtube.com/embed/broken12345');
    expect(errorOf(broken)).toEqual([502, 'VIDEO_EMBED_FAILED', 'embed error: status 500']);
    expect(broken.headers['cache-control']).toBe('no-store');
    expect(errorOf(await oembed('https://vimeo.com/503'))).toEqual([502, 'VIDEO_EMBED_FAILED', 'embed error: status 503']);
    expect(errorOf(await oembed('https://vimeo.com/503', 'sl'))).toEqual([502, 'VIDEO_EMBED_FAILED', 'napaka vdelave: status 503']);
    emulator.set('youtube', 'notOembed12', { body: '<html>hello</html>' });
    expect(errorOf(await oembed('notOembed12'))).toEqual([
      502,
      'VIDEO_EMBED_INVALID_ANSWER',
      "embed error: the video provider's answer is not valid oEmbed",
    ]);
  });

  it('gives up on a slow provider after the configured timeout with 504', async () => {
    emulator.set('youtube', 'slowAnswer1', { delayMs: 3000 });
    const started = Date.now();
    const res = await oembed('https://youtu.be/slowAnswer1');
    expect(Date.now() - started).toBeLessThan(2500);
    expect(errorOf(res)).toEqual([504, 'VIDEO_EMBED_TIMEOUT', `embed error: no answer from the video provider within ${TIMEOUT_MS} ms`]);
  });

  it("refuses what does not parse with 422 and the spec's texts, without asking the provider", async () => {
    const invalid = await oembed('https://www.youtube.com/watch?v=short');
    expect(errorOf(invalid)).toEqual([422, 'VIDEO_INVALID_ID', 'not a valid video id']);
    expect(invalid.body.errors[0].field).toBe('url');
    expect(errorOf(await oembed('https://vimeo.com/channels/staffpicks'))).toEqual([422, 'VIDEO_NOT_VIMEO_URL', 'not a vimeo url']);
    expect(errorOf(await oembed('https://vimeo.com/abc', 'de'))).toEqual([422, 'VIDEO_NOT_VIMEO_URL', 'keine Vimeo-URL']);
    expect(errorOf(await oembed('https://evil.example/watch?v=dQw4w9WgXcQ'))).toEqual([422, 'VIDEO_INVALID_ID', 'not a valid video id']);
    expect(errorOf(await request(shop.url).get('/api/video/oembed').set('Accept-Language', 'en'))).toEqual([
      422,
      'VIDEO_INVALID_ID',
      'not a valid video id',
    ]);
    expect(emulator.requests).toEqual([]);
  });

  it('keeps answers and failures in the cache: a second call, or many at once, reach the provider once', async () => {
    await oembed(`https://www.youtube.com/watch?v=${YT}`).expect(200);
    const before = oembedCalls().length;
    // The same video by another spelling is the same cache entry.
    await oembed(`https://youtu.be/${YT}`).expect(200);
    await oembed(YT).expect(200);
    expect(oembedCalls().length).toBe(before);

    emulator.set('vimeo', '404', { status: 404 });
    await oembed('https://vimeo.com/404').expect(404);
    await oembed('https://vimeo.com/404').expect(404);
    expect(oembedCalls().filter((r) => r.id === '404')).toHaveLength(1);

    emulator.set('youtube', 'concurrent1', { delayMs: 150 });
    const answers = await Promise.all(Array.from({ length: 8 }, () => oembed('concurrent1')));
    expect(answers.map((r) => r.status)).toEqual(Array(8).fill(200));
    expect(oembedCalls().filter((r) => r.id === 'concurrent1')).toHaveLength(1);
  });

  it('answers hostile query values with 4xx, never a 500', async () => {
    const queries = [
      'url=a&url=b',
      `url=${encodeURIComponent(`https://youtu.be/${YT}`)}&url=${encodeURIComponent(`https://youtu.be/${YT}`)}`,
      'url[a]=b',
      'url[]=x',
      `url=${'x'.repeat(10_000)}`,
      'url=%00',
      'url=%E0%A4%A',
      'url=%F0%9F%8D%9D',
      `url=${encodeURIComponent('https://www.youtube.com/watch?v=<script>alert(1)</script>')}`,
      `url=${encodeURIComponent('http://127.0.0.1:6379/')}`,
      `url=${encodeURIComponent('file:///etc/passwd')}`,
      `url=${encodeURIComponent('https://vimeo.com/1/../../admin')}`,
      `url=${encodeURIComponent(`https://youtu.be/${YT}#\u0000`)}`,
      'url=',
      'url= ',
    ];
    for (const q of queries) {
      const res = await request(shop.url).get(`/api/video/oembed?${q}`).set('Accept-Language', 'en');
      expect([q.slice(0, 60), res.status >= 400 && res.status < 500]).toEqual([q.slice(0, 60), true]);
      expect(ErrorResponseSchema.safeParse(res.body).success).toBe(true);
    }
    for (const path of [
      '/api/video/poster/youtube/%00',
      '/api/video/poster/youtube/..%2F..%2Fetc',
      '/api/video/poster/vimeo/1?h=a&h=b',
      '/api/video/poster/x/y',
      `/api/video/poster/youtube/${'a'.repeat(5000)}`,
    ]) {
      const res = await request(shop.url).get(path);
      expect([path.slice(0, 60), res.status >= 400 && res.status < 500]).toEqual([path.slice(0, 60), true]);
    }
    expect(emulator.requests).toEqual([]);
  });

  it('serves the poster from our origin: fetched once from the allowed picture host, checked, cached', async () => {
    const res = await request(shop.url).get(`/api/video/poster/youtube/${YT}`).buffer(true).expect(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(Buffer.compare(res.body as Buffer, pngPicture())).toBe(0);
    await request(shop.url).get(`/api/video/poster/youtube/${YT}`).expect(200);
    expect(emulator.requests.filter((r) => r.kind === 'thumbnail')).toHaveLength(1);

    const posterOf = (provider: string, id: string) =>
      request(shop.url).get(`/api/video/poster/${provider}/${id}`).set('Accept-Language', 'en');
    // A thumbnail on a host that is not the provider's picture host: no poster, and never fetched.
    emulator.set('youtube', 'foreignThmb', { thumbnail: 'foreign' });
    expect((await oembed('foreignThmb').expect(200)).body.data.thumbnail).toBeNull();
    expect(errorOf(await posterOf('youtube', 'foreignThmb'))).toEqual([404, 'VIDEO_POSTER_NOT_FOUND', 'The video has no poster picture.']);
    emulator.set('youtube', 'noThumbnail', { thumbnail: 'none' });
    expect(errorOf(await posterOf('youtube', 'noThumbnail'))[0]).toBe(404);
    // Too large, an SVG, HTML declared as a PNG, a failing picture host: 502, nothing passed on.
    for (const [id, thumbnail] of [
      ['hugePicture', 'huge'],
      ['svgPicture1', 'svg'],
      ['mislabelled', 'mislabelled'],
      ['pictureGone', 404],
    ] as const) {
      emulator.set('youtube', id, { thumbnail });
      expect([id, ...errorOf(await posterOf('youtube', id))]).toEqual([
        id,
        502,
        'VIDEO_POSTER_UNAVAILABLE',
        'embed error: the poster picture could not be loaded',
      ]);
    }
    // The video's own failure, and references that do not parse.
    emulator.set('vimeo', '404', { status: 404 });
    expect(errorOf(await posterOf('vimeo', '404'))).toEqual([404, 'VIDEO_NOT_FOUND', 'was not found']);
    expect(errorOf(await posterOf('youtube', 'short'))).toEqual([422, 'VIDEO_INVALID_ID', 'not a valid video id']);
    expect(errorOf(await posterOf('vimeo', 'abc'))).toEqual([422, 'VIDEO_NOT_VIMEO_URL', 'not a vimeo url']);
    expect(errorOf(await posterOf('dailymotion', 'x7tgad0'))[0]).toBe(404);
    expect(emulator.requests.some((r) => r.path.includes('foreign'))).toBe(false);
  });

  it('answers 502 when the provider cannot be reached at all', async () => {
    const closed = await freePort();
    const config = loadConfig({ VIDEO_OEMBED_YOUTUBE_URL: `http://127.0.0.1:${closed}/oembed`, VIDEO_OEMBED_TIMEOUT_MS: '1000' });
    const service = new VideoService(config, shop.app.get(RateLimitService));
    await expect(service.oembed({ provider: 'youtube', id: YT })).rejects.toMatchObject({
      code: 'VIDEO_EMBED_UNREACHABLE',
      kind: 'bad_gateway',
    });
  });

  it('limits the lookups one address can make the server send to the provider; answers from the cache are free', async () => {
    const from = (address: string, id: string) => oembed(`https://vimeo.com/${id}`).set('X-Forwarded-For', address);
    const attacker = '198.18.0.7';
    for (let i = 0; i < LOOKUPS_PER_IP; i++) await from(attacker, String(9_000_000 + i)).expect(200);
    const refused = await from(attacker, '9999999');
    expect([refused.status, refused.body]).toEqual([429, expect.anything()]);
    expect(errorOf(refused)[0]).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(oembedCalls().filter((r) => r.id === '9999999')).toHaveLength(0);
    // A video already in the cache still answers, and another address is not affected.
    await from(attacker, '9000000').expect(200);
    await from('198.18.0.8', '9999999').expect(200);
    expect(oembedCalls()).toHaveLength(LOOKUPS_PER_IP + 1);
  });

  it('is listed in /api/docs', async () => {
    const doc = (await request(shop.url).get('/api/docs-json').expect(200)).body as { paths: Record<string, Record<string, unknown>> };
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/video/oembed', '/api/video/poster/{provider}/{id}']));
  });
});
