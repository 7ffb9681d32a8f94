// A newcomer's start is quiet (issue 20): the shop booted at LOG_LEVEL=info as `npm start` boots it,
// its log captured line by line. No route listing (Nest's RoutesResolver/RouterExplorer, one line per
// route), no line at error level and no stack trace for a plain start and the conditions a newcomer
// meets on the first pages (Google sign-in not configured, the video provider unreachable, the bot
// check off); a warning only where something is really off (the video provider cannot be reached).
import { bootstrap, type RunningShop } from '../../../server/main.js';
import { testConfig } from '../../support/app.js';

interface LogLine {
  level: string;
  msg?: string;
  context?: string;
  err?: { stack?: string };
  stack?: string;
  [key: string]: unknown;
}

describe('a quiet start', () => {
  let shop: RunningShop & { url: string };
  const written: string[] = [];
  const lines = () =>
    written
      .join('')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as LogLine);

  beforeAll(async () => {
    shop = (await bootstrap({
      config: testConfig({
        LOG_LEVEL: 'info',
        // Nothing answers on port 9 here: the video provider is 'offline'.
        VIDEO_OEMBED_YOUTUBE_URL: 'http://127.0.0.1:9/oembed',
        VIDEO_OEMBED_TIMEOUT_MS: '1000',
      }),
      serveClient: true,
      logDestination: { write: (line: string) => void written.push(line) },
    })) as RunningShop & { url: string };
  });
  afterAll(async () => {
    await shop?.stop();
  });

  it('lists no routes and logs nothing at error or warn level at start', () => {
    const all = lines();
    expect(all.some((l) => /running at/.test(l.msg ?? ''))).toBe(true);
    expect(all.filter((l) => l.context === 'RoutesResolver' || l.context === 'RouterExplorer' || /Mapped \{/.test(l.msg ?? ''))).toEqual(
      [],
    );
    expect(all.filter((l) => l.context === 'InstanceLoader')).toEqual([]);
    expect(all.filter((l) => l.level === 'error' || l.level === 'fatal' || l.level === 'warn')).toEqual([]);
    // What is left is a screenful, not a listing.
    expect(all.length).toBeLessThan(40);
  });

  it('answers the first pages and the expected conditions without an error line or a stack trace', async () => {
    const before = written.length;
    const get = (path: string) => fetch(`${shop.url}${path}`, { headers: { 'accept-language': 'en' }, redirect: 'manual' });
    expect((await get('/')).status).toBe(200);
    expect((await get('/en')).status).toBe(200);
    expect((await get('/api/auth/providers')).status).toBe(200);
    // Google sign-in not configured: 503 AUTH_GOOGLE_DISABLED, an answer, not a failure.
    expect((await get('/api/auth/login/google')).status).toBe(503);
    // The video provider offline: 502 for the browser, one warning.
    expect((await get(`/api/video/oembed?url=${encodeURIComponent('https://www.youtube.com/watch?v=dQw4w9WgXcQ')}`)).status).toBe(502);
    expect((await get('/api/no-such-thing')).status).toBe(404);
    // The access log's lines are written as each response finishes.
    await new Promise((r) => setTimeout(r, 200));
    const after = written
      .slice(before)
      .join('')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as LogLine);
    expect(after.filter((l) => l.level === 'error' || l.level === 'fatal')).toEqual([]);
    expect(after.filter((l) => l.err?.stack || l.stack)).toEqual([]);
    expect(after.filter((l) => l.level === 'warn').map((l) => l.msg)).toEqual(['oEmbed lookup failed']);
    // The chosen 5xx answers are in the access log at info, with their code.
    const access = after.filter((l) => (l.res as { status?: number } | undefined)?.status !== undefined);
    expect(access.filter((l) => (l.res as { status: number }).status >= 500).map((l) => [l.level, l.code])).toEqual([
      ['info', 'AUTH_GOOGLE_DISABLED'],
      ['info', 'VIDEO_EMBED_UNREACHABLE'],
    ]);
  });
});
