// Plain ESM (the e2e global setup starts it too): a local stand-in for YouTube's and Vimeo's oEmbed
// endpoints and their picture hosts, speaking the same protocol (GET with ?url=, JSON answers shaped like
// the providers', their error statuses), on loopback. The shop is pointed at it with
// VIDEO_OEMBED_YOUTUBE_URL / VIDEO_OEMBED_VIMEO_URL (docs/video.md).
import http from 'node:http';
import { deflateSync } from 'node:zlib';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes) {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** A real PNG (wheat-coloured with a darker band), `width` x `height`, as the providers' thumbnails are pictures. */
export function pngPicture(width = 160, height = 90) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  const rows = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++) {
      const band = y > height * 0.6 && y < height * 0.8;
      row.set(band ? [122, 84, 30] : [226, 190, 120], 1 + x * 3);
    }
    rows.push(row);
  }
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk('IHDR', ihdr), chunk('IDAT', deflateSync(Buffer.concat(rows))), chunk('IEND', Buffer.alloc(0))]);
}

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;

/** The video id named by the `url` parameter, as each provider reads it (enough of it for the emulator). */
function videoIdOf(provider, raw) {
  let url;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (provider === 'youtube') {
    const id =
      url.hostname.endsWith('youtube.com') && url.pathname === '/watch'
        ? url.searchParams.get('v')
        : url.hostname === 'youtu.be'
          ? url.pathname.slice(1)
          : null;
    return id && YOUTUBE_ID.test(id) ? id : null;
  }
  const m = /^\/(\d+)(?:\/([0-9a-f]+))?$/.exec(url.pathname);
  return url.hostname.endsWith('vimeo.com') && m ? m[1] : null;
}

/**
 * Starts the emulator. Every valid id is a video (title `Video <id>` unless `titles` names it) with a PNG
 * thumbnail on the emulator's own origin; `set(provider, id, behaviour)` changes one video's answer:
 * `status` (404, 401, 403, 500, ...), `delayMs` (a slow answer), `body` (a raw 200 body), `title`,
 * `thumbnail`: 'png' (default) | 'none' | 'foreign' (a picture on another host) | 'huge' (3 MB) |
 * 'svg' | 'mislabelled' (HTML declared as image/png) | a number (that status for the picture).
 */
export async function startOembedEmulator(opts = {}) {
  const behaviours = new Map();
  const requests = [];
  const picture = pngPicture();
  let origin = '';

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://emulator');
    const send = (status, type, body, headers = {}) => {
      res.writeHead(status, { 'content-type': type, 'content-length': Buffer.byteLength(body), ...headers });
      res.end(body);
    };
    const json = (status, value) => send(status, 'application/json; charset=utf-8', JSON.stringify(value));

    const thumb = /^\/thumbs\/(youtube|vimeo)\/([A-Za-z0-9_-]+)\.png$/.exec(url.pathname);
    if (thumb) {
      const [, provider, id] = thumb;
      requests.push({ kind: 'thumbnail', provider, id, path: url.pathname });
      const b = behaviours.get(`${provider}:${id}`) ?? {};
      if (typeof b.thumbnail === 'number') return send(b.thumbnail, 'text/plain', 'no picture');
      if (b.thumbnail === 'huge') return send(200, 'image/png', Buffer.concat([picture, Buffer.alloc(3 * 1024 * 1024)]));
      if (b.thumbnail === 'svg')
        return send(200, 'image/svg+xml', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
      if (b.thumbnail === 'mislabelled') return send(200, 'image/png', '<html><script>alert(1)</script></html>');
      return send(200, 'image/png', picture, { 'cache-control': 'public, max-age=86400' });
    }

    const provider = url.pathname === '/youtube/oembed' ? 'youtube' : url.pathname === '/vimeo/api/oembed.json' ? 'vimeo' : null;
    if (!provider) return send(404, 'text/plain', 'Not Found');
    const id = videoIdOf(provider, url.searchParams.get('url') ?? '');
    requests.push({ kind: 'oembed', provider, id, path: url.pathname, query: Object.fromEntries(url.searchParams) });
    // Like the real endpoints: YouTube answers 400 'Bad Request' to a URL it cannot read, Vimeo 404.
    if (!id) return provider === 'youtube' ? send(400, 'text/html', 'Bad Request') : send(404, 'application/json', '404 Not Found');
    if (provider === 'youtube' && url.searchParams.get('format') !== 'json') return send(501, 'text/plain', 'Not Implemented');
    const b = behaviours.get(`${provider}:${id}`) ?? {};
    const answer = () => {
      if (b.status && b.status !== 200) {
        // YouTube: 'Not Found', 'Unauthorized' (embedding off) as text; Vimeo: a JSON string.
        return provider === 'youtube'
          ? send(b.status, 'text/html', http.STATUS_CODES[b.status] ?? 'Error')
          : json(b.status, `${b.status} ${http.STATUS_CODES[b.status] ?? ''}`.trim());
      }
      if (b.body !== undefined) return send(200, 'application/json', b.body);
      const title = b.title ?? opts.titles?.[id] ?? `Video ${id}`;
      const thumbnail =
        b.thumbnail === 'none'
          ? {}
          : {
              thumbnail_url:
                b.thumbnail === 'foreign' ? `https://pictures.example.net/${id}.png` : `${origin}/thumbs/${provider}/${id}.png`,
              thumbnail_width: provider === 'youtube' ? 480 : 640,
              thumbnail_height: 360,
            };
      if (provider === 'youtube') {
        return json(200, {
          title,
          author_name: 'Zlatno zrno',
          author_url: 'https://www.youtube.com/@zlatnozrno',
          type: 'video',
          height: 113,
          width: 200,
          version: '1.0',
          provider_name: 'YouTube',
          provider_url: 'https://www.youtube.com/',
          ...thumbnail,
          html: `<iframe width="200" height="113" src="https://www.youtube.com/embed/${id}?feature=oembed" frameborder="0" allowfullscreen title="${title}"></iframe>`,
        });
      }
      return json(200, {
        type: 'video',
        version: '1.0',
        provider_name: 'Vimeo',
        provider_url: 'https://vimeo.com/',
        title,
        author_name: 'Zlatno zrno',
        author_url: 'https://vimeo.com/zlatnozrno',
        is_plus: '0',
        account_type: 'basic',
        html: `<iframe src="https://player.vimeo.com/video/${id}?dnt=1" width="640" height="360" frameborder="0" allow="autoplay; fullscreen; picture-in-picture" title="${title}"></iframe>`,
        width: 640,
        height: 360,
        duration: 95,
        description: '',
        ...thumbnail,
        upload_date: '2025-09-12 10:00:00',
        video_id: Number(id),
        uri: `/videos/${id}`,
      });
    };
    if (b.delayMs) setTimeout(answer, b.delayMs);
    else answer();
  });

  await new Promise((done, fail) => {
    server.once('error', fail);
    server.listen(opts.port ?? 0, opts.host ?? '127.0.0.1', done);
  });
  const { port } = server.address();
  origin = `http://127.0.0.1:${port}`;
  return {
    port,
    origin,
    youtubeUrl: `${origin}/youtube/oembed`,
    vimeoUrl: `${origin}/vimeo/api/oembed.json`,
    requests,
    set(provider, id, behaviour) {
      behaviours.set(`${provider}:${id}`, behaviour);
    },
    reset() {
      behaviours.clear();
      requests.length = 0;
    },
    close() {
      server.closeAllConnections();
      return new Promise((done) => server.close(() => done()));
    },
  };
}
