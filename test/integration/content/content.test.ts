// The content module on the real shop (docs/content.md): the import of a fixture folder (a copy under
// a temp dir, so the test can edit and remove files), the public API, the admin API.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { cpSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import request from 'supertest';
import { DataSource } from 'typeorm';
import {
  AboutUsResponse,
  AdminEntryListResponse,
  AdminEntryResponse,
  BlogPageResponse,
  ContentPageResponse,
  ContentSitemapResponse,
  MethodPageResponse,
  RecipeDetailResponse,
  RecipePageResponse,
} from '../../../contract/api/content.js';
import type { RunningShop } from '../../../server/main.js';
import { ContentImporter } from '../../../server/modules/content/index.js';
import { createUser, signIn } from '../../factories/user.js';
import { startShop } from '../../support/app.js';
import { createDatabase, dropDatabase } from '../../support/global-setup.mjs';
import { shopper, type Shopper } from '../../support/shopper.js';
import { waitFor } from '../../support/wait.js';

const FIXTURES = resolve('test/fixtures/content');

describe('content module', () => {
  let shop: RunningShop & { url: string };
  let db: DataSource;
  let dir: string;
  let importer: ContentImporter;
  let admin: Shopper;
  let buyer: Shopper;
  let database: { name: string; url: string } | undefined;

  const contentEvents = async () =>
    (await db.query(`SELECT name, payload FROM outbox_event WHERE name LIKE 'content.%' ORDER BY occurred_at, id`)) as Array<{
      name: string;
      payload: { key: string; locales: string[] };
    }>;
  const rowsSnapshot = async () =>
    db.query(
      `SELECT e.id, e.type, e.key, t.locale, t.status, t.slug, t.content_hash, t.updated_at FROM content_translation t JOIN content_entry e ON e.id = t.entry_id ORDER BY e.type, e.key, t.locale`,
    );

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'content-it-'));
    cpSync(FIXTURES, dir, { recursive: true });
    // The web role imports at start (the test's own copy of the fixtures).
    // A database of its own: the counts below are this test's rows and events only.
    database = await createDatabase('shop_content');
    shop = await startShop({
      env: { DATABASE_URL: database.url, CONTENT_DIR: dir, CONTENT_IMPORT_AT_START: 'true', AUTH_RATE_LIMIT_PER_IP: '1000' },
    });
    db = shop.app.get(DataSource);
    importer = shop.app.get(ContentImporter);
    const operator = await createUser(db, { role: 'admin' });
    admin = await signIn(shop.url, operator.email, operator.password);
    const customer = await createUser(db);
    buyer = await signIn(shop.url, customer.email, customer.password);
  });
  afterAll(async () => {
    await shop?.stop();
    if (database) await dropDatabase(database.name);
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  describe('import', () => {
    it('imported the fixtures at start, and a second run changes no row and publishes no event', async () => {
      const before = await rowsSnapshot();
      expect(before.length).toBeGreaterThanOrEqual(12);
      const eventsBefore = await contentEvents();
      expect(eventsBefore.some((e) => e.name === 'content.published' && e.payload.key === 'penne-test')).toBe(true);
      const report = await importer.run();
      expect(report).toMatchObject({ created: 0, updated: 0, unpublished: 0, events: 0 });
      expect(report.unchanged).toBe(before.length);
      expect(await rowsSnapshot()).toEqual(before);
      expect(await contentEvents()).toHaveLength(eventsBefore.length);
    });

    it('reports a bad file and skips it, importing the others', async () => {
      const report = await importer.run();
      const broken = report.errors.find((e) => e.path === 'recipes/broken-recipe.en.md');
      expect(broken?.message).toMatch(/preparation_minutes/);
      expect(broken?.message).toMatch(/servings/);
      expect(broken?.message).toMatch(/prep_time: not a field/);
      expect(report.errors.find((e) => e.path === 'recipes/not-yaml.en.md')?.message).toMatch(/not valid YAML/);
      expect(report.warnings.some((w) => w.path === 'recipes/penne-test.*.md' && /de, sl/.test(w.message))).toBe(true);
      const [{ n }] = await db.query(`SELECT count(*)::int AS n FROM content_entry WHERE key IN ('broken-recipe', 'not-yaml')`);
      expect(n).toBe(0);
      await request(shop.url).get('/api/content/recipes/broken-recipe?locale=en').expect(404);
    });

    it('follows an edited file: the row changes and content.published names the language', async () => {
      const file = join(dir, 'recipes/penne-test.en.md');
      writeFileSync(file, readFileSync(file, 'utf8').replace("title: Penne all'arrabbiata", 'title: Angry penne'));
      const before = (await contentEvents()).length;
      const report = await importer.run();
      expect(report).toMatchObject({ updated: 1, created: 0, events: 1 });
      const events = (await contentEvents()).slice(before);
      expect(events).toEqual([
        expect.objectContaining({ name: 'content.published', payload: expect.objectContaining({ key: 'penne-test', locales: ['en'] }) }),
      ]);
      const r = RecipeDetailResponse.parse(
        (await request(shop.url).get('/api/content/recipes/penne-arrabbiata?locale=en').expect(200)).body,
      );
      expect(r.data.title).toBe('Angry penne');
      // the render cache's subscriber handles it (it drops every web process's rendered pages and sitemaps)
      await waitFor('the render cache to follow content.published', async () => {
        const rows = (await db.query(
          `SELECT 1 FROM event_delivery d JOIN outbox_event o ON o.id = d.event_id
            WHERE o.name = 'content.published' AND o.payload->>'key' = 'penne-test' AND d.subscriber_id = 'drop-rendered-pages-on-content-published'`,
        )) as unknown[];
        return rows.length > 0;
      });
    });

    it('unpublishes a removed file (404 there, the other language stays) and publishes it again when it is back', async () => {
      const file = join(dir, 'recipes/penne-test.hr.md');
      const text = readFileSync(file, 'utf8');
      unlinkSync(file);
      const before = (await contentEvents()).length;
      const report = await importer.run();
      expect(report).toMatchObject({ unpublished: 1, events: 1 });
      expect((await contentEvents()).slice(before)).toEqual([
        expect.objectContaining({ name: 'content.unpublished', payload: expect.objectContaining({ locales: ['hr'] }) }),
      ]);
      await request(shop.url).get('/api/content/recipes/penne-ljuta?locale=hr').expect(404);
      const en = RecipeDetailResponse.parse(
        (await request(shop.url).get('/api/content/recipes/penne-arrabbiata?locale=en').expect(200)).body,
      );
      expect(en.data.alternates).toEqual({ en: 'penne-arrabbiata' });
      writeFileSync(file, text);
      expect(await importer.run()).toMatchObject({ updated: 1, events: 1 });
      const hr = RecipeDetailResponse.parse((await request(shop.url).get('/api/content/recipes/penne-ljuta?locale=hr').expect(200)).body);
      expect(hr.data.alternates).toEqual({ hr: 'penne-ljuta', en: 'penne-arrabbiata' });
    });

    it('refuses an entry whose language files disagree on a shared field, leaving it as it was', async () => {
      const file = join(dir, 'recipes/penne-test.hr.md');
      const text = readFileSync(file, 'utf8');
      writeFileSync(file, text.replace('servings: 4', 'servings: 6'));
      try {
        const report = await importer.run();
        expect(report.errors.find((e) => e.path === 'recipes/penne-test.*.md')?.message).toMatch(/servings/);
        expect(report.updated).toBe(0);
        const hr = RecipeDetailResponse.parse((await request(shop.url).get('/api/content/recipes/penne-ljuta?locale=hr').expect(200)).body);
        expect(hr.data.servings).toBe(4);
      } finally {
        writeFileSync(file, text);
      }
    });

    it('changes nothing when the content folder is missing (never reads it as every file removed)', async () => {
      const report = await importer.run({ dir: join(dir, 'no-such-folder') });
      expect(report.errors[0]!.message).toMatch(/does not exist/);
      expect(report.unpublished).toBe(0);
      await request(shop.url).get('/api/content/recipes/penne-arrabbiata?locale=en').expect(200);
    });
  });

  describe('public API', () => {
    it('answers a recipe with every field, its image, the catalogue products and related recipes', async () => {
      const r = RecipeDetailResponse.parse(
        (await request(shop.url).get('/api/content/recipes/penne-arrabbiata?locale=en').expect(200)).body,
      ).data;
      expect(r).toMatchObject({
        key: 'penne-test',
        servings: 4,
        total_minutes: 25,
        category: { key: 'quick-dishes', slug: 'quick-dishes', title: 'Quick dishes' },
      });
      expect(r.image).toEqual({
        src: expect.stringMatching(/^\/content-images\/recipes\/penne-test\.svg\?v=[0-9a-f]{12}$/),
        width: 640,
        height: 480,
        alt: 'A plate of penne (en)',
      });
      expect(r.products.map((p) => p.code)).toEqual(['ZZ-PENN-400']);
      expect(r.ingredients[0]).toEqual({ amount: '400 g', item: 'Penne rigate', product: 'ZZ-PENN-400' });
      expect(r.related.map((x) => x.key)).toEqual(['second-recipe']);
      expect(r.body_html).toBe('<p>Arrabbiata means angry (en).</p>');
      // the picture itself: SVG, its own CSP, cached for a year at the versioned address
      const img = await request(shop.url).get(r.image!.src).expect(200);
      expect(img.headers['content-type']).toMatch(/^image\/svg\+xml/);
      expect(img.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(img.headers['content-security-policy']).toMatch(/default-src 'none'/);
    });

    it('keeps drafts and future entries invisible, in lists and by slug', async () => {
      await request(shop.url).get('/api/content/recipes/draft-recipe?locale=en').expect(404);
      const future = await request(shop.url).get('/api/content/recipes/future-recipe?locale=en').expect(404);
      expect(future.body.errors[0].code).toBe('CONTENT_NOT_FOUND');
      const list = RecipePageResponse.parse((await request(shop.url).get('/api/content/recipes?locale=en&limit=1').expect(200)).body).data;
      expect(list.total).toBe(2);
      expect(list.next_offset).toBe(1);
      const rest = RecipePageResponse.parse(
        (await request(shop.url).get('/api/content/recipes?locale=en&limit=1&offset=1').expect(200)).body,
      ).data;
      expect(rest.next_offset).toBeNull();
      expect([...list.items, ...rest.items].map((x) => x.key).sort()).toEqual(['penne-test', 'second-recipe']);
      const byCategory = RecipePageResponse.parse(
        (await request(shop.url).get('/api/content/recipes?locale=hr&category=brza-jela').expect(200)).body,
      ).data;
      expect(byCategory.items.map((x) => x.slug)).toEqual(['penne-ljuta']);
      const sitemap = ContentSitemapResponse.parse((await request(shop.url).get('/api/content/sitemap').expect(200)).body).data;
      expect(sitemap.map((e) => e.key).sort()).toEqual(['classic', 'hello', 'penne-test', 'second-recipe']);
    });

    it('sanitizes Markdown: no script, no event attributes, no javascript: links, images only from /content-images/', async () => {
      const p = ContentPageResponse.parse(
        (await request(shop.url).get('/api/content/pages/privacy-policy?locale=de').expect(200)).body,
      ).data;
      expect(p.title).toBe('Datenschutzerklärung');
      expect(p.body_html).not.toMatch(/<script/i);
      expect(p.body_html).not.toMatch(/<img[^>]*onerror/i);
      expect(p.body_html).not.toMatch(/href="javascript:/i);
      expect(p.body_html).not.toContain('evil.example');
      expect(p.body_html).toContain('<div data-slot="company-data"></div>');
      expect(p.slots).toEqual(['company-data']);
      expect(p.body_html).toContain('<a href="https://azop.hr" rel="noopener noreferrer">AZOP</a>');
      expect(p.body_html).toContain('<a href="/kontakt">the shop</a>');
      expect(p.body_html).toContain(
        '<img src="/content-images/recipes/penne-test.svg" alt="drawing" loading="lazy" width="640" height="480" />',
      );
      expect(p.alternates).toEqual({ hr: 'privacy-policy', en: 'privacy-policy', de: 'privacy-policy', sl: 'privacy-policy' });
    });

    it('answers method pages by their word in each language and 404 for any other word', async () => {
      const hr = MethodPageResponse.parse((await request(shop.url).get('/api/content/methods/klasicna?locale=hr').expect(200)).body).data;
      expect(hr).toMatchObject({ line: 'classic', alternates: { hr: 'klasicna', en: 'classic' } });
      expect(hr.raw_materials_html).toBe('<p>Durum wheat <strong>semolina</strong> from Slavonia.</p>');
      await request(shop.url).get('/api/content/methods/classic?locale=hr').expect(404);
      await request(shop.url).get('/api/content/methods/pasta?locale=en').expect(404);
    });

    it('answers lists and about-us in the shape of the contract', async () => {
      const blog = BlogPageResponse.parse((await request(shop.url).get('/api/content/blog?locale=en').expect(200)).body).data;
      expect(blog.items[0]).toMatchObject({ author: 'Ana Horvat', image: { width: 800, height: 450 } });
      const about = AboutUsResponse.parse((await request(shop.url).get('/api/content/about-us?locale=en').expect(200)).body).data;
      expect(about).toMatchObject({ page: null, team: [], timeline: [] });
    });

    it('answers hostile path and query parameters with 404 or 422, never 500', async () => {
      const paths = [
        '/api/content/recipes/..%2F..%2Fetc%2Fpasswd',
        '/api/content/recipes/%27%20OR%201=1--',
        `/api/content/recipes/${'a'.repeat(500)}`,
        '/api/content/recipes/PENNE-ARRABBIATA',
        '/api/content/pages/..%5Cwindows',
        '/api/content/blog/%F0%9F%8D%9D',
        '/api/content/methods/%00',
        '/content-images/..%2F..%2Fpackage.json',
        '/content-images/recipes/nope.svg',
        '/content-images/recipes/.hidden.svg',
      ];
      for (const path of paths) {
        const res = await request(shop.url).get(path);
        // 422: the platform's refusal of control characters (%00)
        expect({ path, status: [400, 404, 422].includes(res.status) }).toEqual({ path, status: true });
      }
      for (const q of ['locale=xx', 'limit=0', 'limit=1000', 'offset=-1', 'category=%3Cscript%3E', 'limit=1&limit=2']) {
        const res = await request(shop.url).get(`/api/content/recipes?${q}`);
        expect(res.status).toBe(422);
        expect(res.body.errors[0].code).toMatch(/^(CONTENT_INVALID_|VALIDATION)/);
      }
      const unknown = await request(shop.url).get('/api/content/recipes?category=no-such-category&locale=en').expect(404);
      expect(unknown.body.errors[0].code).toBe('CONTENT_CATEGORY_NOT_FOUND');
    });

    it('is listed in /api/docs', async () => {
      const doc = (await request(shop.url).get('/api/docs-json').expect(200)).body as { paths: Record<string, unknown> };
      for (const p of [
        '/api/content/recipes',
        '/api/content/recipes/{slug}',
        '/api/content/pages/{key}',
        '/api/content/methods/{word}',
        '/api/admin/content/entries/{id}/publish',
      ]) {
        expect(Object.keys(doc.paths)).toContain(p);
      }
    });
  });

  describe('admin API', () => {
    it('refuses guests (401) and signed-in non-admins (403)', async () => {
      const guest = await shopper(shop.url);
      expect((await guest.call('get', '/api/admin/content/entries')).status).toBe(401);
      expect((await buyer.call('get', '/api/admin/content/entries')).status).toBe(403);
      const [{ id }] = await db.query(`SELECT id FROM content_entry WHERE key = 'hello'`);
      expect((await guest.call('post', `/api/admin/content/entries/${id}/unpublish`, {})).status).toBe(401);
      expect((await buyer.call('post', `/api/admin/content/entries/${id}/unpublish`, {})).status).toBe(403);
      expect((await buyer.call('patch', `/api/admin/content/entries/${id}/translations/en`, { title: 'x' })).status).toBe(403);
      await request(shop.url).get('/api/content/blog/hello-from-the-mill?locale=en').expect(200);
    });

    it('lists, reads, edits, unpublishes and publishes, with events', async () => {
      const list = AdminEntryListResponse.parse((await admin.call('get', '/api/admin/content/entries?type=blog').expect(200)).body).data;
      const hello = list.items.find((e) => e.key === 'hello')!;
      expect(hello.locales).toEqual([{ locale: 'en', status: 'published', title: 'Hello from the mill', visible: true }]);
      const detail = AdminEntryResponse.parse((await admin.call('get', `/api/admin/content/entries/${hello.id}`).expect(200)).body).data;
      expect(detail.translations[0]).toMatchObject({ source_path: 'blog/hello.en.md', body_markdown: "The first post's body." });

      const before = (await contentEvents()).length;
      const edited = AdminEntryResponse.parse(
        (
          await admin
            .call('patch', `/api/admin/content/entries/${hello.id}/translations/en`, {
              title: 'Hello again',
              body_markdown: 'New <b>body</b> [x](javascript:alert(1))',
            })
            .expect(200)
        ).body,
      ).data;
      expect(edited.translations[0]).toMatchObject({
        title: 'Hello again',
        body_html: '<p>New &lt;b&gt;body&lt;/b&gt; [x](javascript:alert(1))</p>',
      });
      expect((await contentEvents()).slice(before).map((e) => e.name)).toEqual(['content.published']);

      await admin.call('post', `/api/admin/content/entries/${hello.id}/unpublish`, { locale: 'en' }).expect(200);
      await request(shop.url).get('/api/content/blog/hello-from-the-mill?locale=en').expect(404);
      expect(BlogPageResponse.parse((await request(shop.url).get('/api/content/blog?locale=en').expect(200)).body).data.total).toBe(0);
      await admin.call('post', `/api/admin/content/entries/${hello.id}/publish`, { locale: 'en' }).expect(200);
      const post = await request(shop.url).get('/api/content/blog/hello-from-the-mill?locale=en').expect(200);
      expect(post.body.data.title).toBe('Hello again');
      expect((await contentEvents()).slice(before).map((e) => e.name)).toEqual([
        'content.published',
        'content.unpublished',
        'content.published',
      ]);
      // each change is in the audit log (docs/admin.md 'Audit log'), with the texts before and after
      const audit = (await db.query(
        `SELECT action, actor_role, before, after FROM audit_log WHERE entity_type = 'content_entry' AND entity_id = $1 ORDER BY id`,
        [hello.id],
      )) as Array<{ action: string; actor_role: string; before: Record<string, unknown>; after: Record<string, unknown> }>;
      expect(audit.map((a) => [a.action, a.actor_role])).toEqual([
        ['content.update', 'admin'],
        ['content.unpublish', 'admin'],
        ['content.publish', 'admin'],
      ]);
      expect(audit[0].before).toEqual({ type: 'blog', key: 'hello', locale: 'en', title: 'Hello from the mill', body_markdown: "The first post's body." });
      expect(audit[0].after).toMatchObject({ locale: 'en', title: 'Hello again', body_markdown: 'New <b>body</b> [x](javascript:alert(1))' });
      expect([audit[1].before.status, audit[1].after.status, audit[2].after.status]).toEqual(['published', 'draft', 'published']);

      // the import leaves an admin edit alone while the file is unchanged
      expect((await importer.run()).updated).toBe(0);
      expect((await request(shop.url).get('/api/content/blog/hello-from-the-mill?locale=en').expect(200)).body.data.title).toBe(
        'Hello again',
      );
    });

    it('validates ids, languages and bodies: 404 / 422, never 500', async () => {
      await admin.call('get', '/api/admin/content/entries/not-a-uuid').expect(404);
      await admin.call('get', '/api/admin/content/entries/00000000-0000-4000-8000-000000000000').expect(404);
      const [{ id }] = await db.query(`SELECT id FROM content_entry WHERE key = 'hello'`);
      await admin.call('patch', `/api/admin/content/entries/${id}/translations/xx`, { title: 'x' }).expect(404);
      const empty = await admin.call('patch', `/api/admin/content/entries/${id}/translations/en`, {}).expect(422);
      expect(empty.body.errors[0].code).toBe('CONTENT_UPDATE_EMPTY');
      const blank = await admin.call('patch', `/api/admin/content/entries/${id}/translations/en`, { title: '  ' }).expect(422);
      expect(blank.body.errors[0].code).toBe('CONTENT_TITLE_REQUIRED');
      await admin.call('patch', `/api/admin/content/entries/${id}/translations/en`, { title: 42 }).expect(422);
      await admin.call('post', `/api/admin/content/entries/${id}/publish`, { locale: 'xx' }).expect(422);
      await admin.call('get', '/api/admin/content/entries?type=nope').expect(422);
    });
  });
});
