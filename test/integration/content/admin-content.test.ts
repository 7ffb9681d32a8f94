// The back office's content editor on the real shop (docs/admin.md 'Content in the back office'): roles
// (staff may edit content), one save of a whole entry checked by the import's rules, the shop's own
// page showing an edit without a restart (its render cache dropped through the content events), the
// import keeping an operator's edit, the signed preview of the real page, new entries and their
// languages, hostile input and the audit log.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { appendFileSync, cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { AdminContentImagesResponse, AdminPreviewResponse } from '../../../contract/api/admin-content.js';
import { AdminEntryListResponse, AdminEntryResponse, type AdminEntryDetail } from '../../../contract/api/content.js';
import type { RunningShop } from '../../../server/main.js';
import { ContentImporter } from '../../../server/modules/content/index.js';
import { createUser, signIn } from '../../factories/user.js';
import { startShop } from '../../support/app.js';
import { createDatabase, dropDatabase } from '../../support/global-setup.mjs';
import { shopper, type Shopper } from '../../support/shopper.js';
import { waitFor } from '../../support/wait.js';

const FIXTURES = resolve('test/fixtures/content');
/** Cookies of a returning anonymous visitor: their pages come from the render cache. */
const RETURNING = 'locale=en; cookie_consent=essential';

describe('content editor API (/api/admin/content)', () => {
  let shop: RunningShop & { url: string };
  let db: DataSource;
  let dir: string;
  let importer: ContentImporter;
  let admin: Shopper;
  let staff: Shopper;
  let buyer: Shopper;
  let database: { name: string; url: string } | undefined;
  let penne: AdminEntryDetail;

  const page = async (path: string, cookie = RETURNING) => {
    const res = await fetch(`${shop.url}${path}`, { headers: { accept: 'text/html', 'accept-language': 'en', cookie }, redirect: 'manual' });
    return { status: res.status, html: await res.text(), headers: res.headers };
  };
  /** Every content event so far has reached the render cache's subscriber (its NOTIFY is out). */
  const contentEventsDelivered = () =>
    waitFor('content events delivered to the render cache', async () => {
      const [{ pending }] = await db.query<Array<{ pending: string }>>(
        `SELECT count(*) AS pending FROM outbox_event e WHERE e.name LIKE 'content.%'
           AND NOT EXISTS (SELECT 1 FROM event_delivery d WHERE d.event_id = e.id AND d.subscriber_id LIKE 'drop-rendered-pages%')`,
      );
      return pending === '0';
    });
  const detail = async (id: string) =>
    AdminEntryResponse.parse((await admin.call('get', `/api/admin/content/entries/${id}`).expect(200)).body).data;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'content-admin-it-'));
    cpSync(FIXTURES, dir, { recursive: true });
    database = await createDatabase('shop_content_admin');
    shop = await startShop({
      serveClient: true,
      env: {
        DATABASE_URL: database.url,
        CONTENT_DIR: dir,
        CONTENT_IMPORT_AT_START: 'true',
        AUTH_RATE_LIMIT_PER_IP: '1000',
        RENDER_CACHE_TTL_SECONDS: '300',
        QUEUE_PREFIX: `content-admin-${process.pid}`,
      },
    });
    db = shop.app.get(DataSource);
    importer = shop.app.get(ContentImporter);
    const a = await createUser(db, { role: 'admin' });
    admin = await signIn(shop.url, a.email, a.password);
    const s = await createUser(db, { role: 'staff' });
    staff = await signIn(shop.url, s.email, s.password);
    const c = await createUser(db);
    buyer = await signIn(shop.url, c.email, c.password);
    const list = AdminEntryListResponse.parse((await admin.call('get', '/api/admin/content/entries?type=recipes').expect(200)).body).data;
    penne = await detail(list.items.find((e) => e.key === 'penne-test')!.id);
    await contentEventsDelivered();
  });
  afterAll(async () => {
    await shop?.stop();
    if (database) await dropDatabase(database.name);
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('lets staff and admins edit content, refuses customers (403) and guests (401)', async () => {
    const guest = await shopper(shop.url);
    for (const [who, status] of [
      [guest, 401],
      [buyer, 403],
    ] as const) {
      expect((await who.call('get', '/api/admin/content/images')).status).toBe(status);
      expect((await who.call('patch', `/api/admin/content/entries/${penne.id}`, { shared: {} })).status).toBe(status);
      expect((await who.call('post', `/api/admin/content/entries/${penne.id}/preview`, { locale: 'en' })).status).toBe(status);
      expect((await who.call('post', '/api/admin/content/entries', { type: 'blog' })).status).toBe(status);
    }
    const images = AdminContentImagesResponse.parse((await staff.call('get', '/api/admin/content/images').expect(200)).body).data;
    expect(images.map((i) => i.path)).toEqual(['recipes/blog-cover.svg', 'recipes/penne-test.svg']);
    expect(penne.translations.map((t) => [t.locale, t.slug_locked])).toEqual([
      ['hr', true],
      ['en', true],
    ]);
    expect(penne.translations[1]!.texts).toMatchObject({ steps: ['Boil the water.', 'Cook the penne.'] });
  });

  it("an edit of a recipe's title and a step shows on the shop's page without a restart", async () => {
    const path = '/en/recipes/penne-arrabbiata';
    await page(path);
    const cached = await page(path);
    expect([cached.status, cached.headers.get('x-render-cache')]).toEqual([200, 'hit']);
    expect(cached.html).toContain('Boil the water.');

    const saved = AdminEntryResponse.parse(
      (
        await staff
          .call('patch', `/api/admin/content/entries/${penne.id}`, {
            shared: { servings: 6 },
            translations: { en: { title: 'Angry penne', texts: { steps: ['Boil plenty of salted water.', 'Cook the penne.'] } } },
          })
          .expect(200)
      ).body,
    ).data;
    const en = saved.translations.find((t) => t.locale === 'en')!;
    // the slug is locked since the recipe was published: it does not follow the title
    expect([en.title, en.slug, en.edited_at !== null, saved.fields.servings, saved.edited_at !== null]).toEqual([
      'Angry penne',
      'penne-arrabbiata',
      true,
      6,
      true,
    ]);
    await contentEventsDelivered();
    await waitFor('the page shows the edit', async () => (await page(path)).html.includes('Boil plenty of salted water.'));
    const after = await page(path);
    expect(after.html).toContain('Angry penne');
    expect(after.html).not.toContain('Boil the water.');
    const api = await request(shop.url).get('/api/content/recipes/penne-arrabbiata?locale=en').expect(200);
    expect([api.body.data.title, api.body.data.servings, api.body.data.steps[0]]).toEqual(['Angry penne', 6, 'Boil plenty of salted water.']);
    // the Croatian page has the shared number too (edited once for every language)
    expect((await request(shop.url).get(`/api/content/recipes/${penne.translations[0]!.slug}?locale=hr`).expect(200)).body.data.servings).toBe(6);

    const audit = (await db.query(
      `SELECT action, actor_role, before, after FROM audit_log WHERE entity_type = 'content_entry' AND entity_id = $1 ORDER BY id`,
      [penne.id],
    )) as Array<{
      action: string;
      actor_role: string;
      before: { shared?: Record<string, unknown>; translations: Record<string, Record<string, unknown>> };
      after: { shared?: Record<string, unknown>; translations: Record<string, Record<string, unknown>> };
    }>;
    expect(audit.map((a) => [a.action, a.actor_role])).toEqual([['content.update', 'staff']]);
    expect(audit[0]!.before.translations.en).toMatchObject({ title: "Penne all'arrabbiata", texts: { steps: ['Boil the water.', 'Cook the penne.'] } });
    expect(audit[0]!.after.translations.en).toMatchObject({ title: 'Angry penne' });
    expect([audit[0]!.before.shared!.servings, audit[0]!.after.shared!.servings]).toEqual([4, 6]);
  });

  it('the import keeps what an operator edited; --force overwrites it with the file', async () => {
    const file = join(dir, 'recipes/penne-test.en.md');
    const original = readFileSync(file, 'utf8');
    appendFileSync(file, '\nA changed file.\n');
    const kept = await importer.run();
    expect(kept.kept).toBeGreaterThanOrEqual(1);
    expect(kept.warnings.some((w) => w.path === 'recipes/penne-test.en.md' && /kept/.test(w.message))).toBe(true);
    expect((await request(shop.url).get('/api/content/recipes/penne-arrabbiata?locale=en').expect(200)).body.data).toMatchObject({
      title: 'Angry penne',
      servings: 6,
    });
    // unchanged on a second run, still kept
    expect((await importer.run()).updated).toBe(0);
    expect(original).toContain("title: Penne all'arrabbiata");
  });

  it("previews a draft on the shop's real page only with a signed, unexpired token: noindex, no-store", async () => {
    const preview = AdminPreviewResponse.parse(
      (
        await admin
          .call('post', `/api/admin/content/entries/${penne.id}/preview`, {
            locale: 'en',
            translations: { en: { title: 'Draft penne title', texts: { steps: ['A draft step.', 'Cook the penne.'] } } },
          })
          .expect(200)
      ).body,
    ).data;
    expect(preview.url).toMatch(/^\/en\/recipes\/penne-arrabbiata\?preview=[0-9a-f-]{36}\.\d+\.[A-Za-z0-9_-]{43}$/);
    const shown = await page(preview.url);
    expect(shown.status).toBe(200);
    expect(shown.html).toContain('Draft penne title');
    expect(shown.html).toContain('A draft step.');
    expect(shown.html).toContain('Straight from the pan.');
    expect(shown.headers.get('cache-control')).toBe('no-store');
    expect(shown.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    expect(shown.headers.get('x-render-cache')).toBe('bypass');
    // nobody else sees the draft
    expect((await page('/en/recipes/penne-arrabbiata')).html).not.toContain('Draft penne title');
    // a token altered in any part is refused: the page is the 404 page, without the draft
    const token = preview.url.split('preview=')[1]!;
    const [id, exp, sig] = token.split('.');
    for (const bad of [`${id}.${Number(exp) + 3600}.${sig}`, `${id}.${exp}.${sig!.slice(0, -2)}AA`, 'nonsense', `${id}.${exp}`]) {
      const res = await page(`/en/recipes/penne-arrabbiata?preview=${bad}`);
      expect([res.status, res.html.includes('Draft penne title')]).toEqual([404, false]);
    }
    await request(shop.url)
      .get('/api/content/recipes/penne-arrabbiata?locale=en')
      .set('X-Preview-Token', `${id}.${exp}.${sig!.slice(0, -2)}AA`)
      .expect(404);
    // expired: the stored draft's time is over
    await db.query(`UPDATE content_preview SET expires_at = now() - interval '1 second' WHERE id = $1`, [id]);
    expect((await page(preview.url)).status).toBe(404);
  });

  it('creates an entry in Croatian: a draft until published, and 404 in a language it does not have', async () => {
    const created = AdminEntryResponse.parse(
      (
        await staff
          .call('post', '/api/admin/content/entries', {
            type: 'blog',
            shared: { image: 'recipes/blog-cover.svg' },
            translations: {
              hr: {
                title: 'Žetva pšenice',
                summary: 'Kako je prošla ovogodišnja žetva.',
                image_alt: 'Polje pšenice',
                body_markdown: 'Ove godine **dobra** žetva.\n\n## Polje\n\nZlatno.',
                published_at: '2026-07-01T09:00:00+02:00',
                texts: { author: 'Obitelj' },
              },
            },
          })
          .expect(201)
      ).body,
    ).data;
    expect([created.key, created.origin, created.translations.map((t) => [t.locale, t.status, t.slug, t.slug_locked])]).toEqual([
      'zetva-psenice',
      'admin',
      [['hr', 'draft', 'zetva-psenice', false]],
    ]);
    await request(shop.url).get('/api/content/blog/zetva-psenice?locale=hr').expect(404);
    // the slug follows the title while it is a draft
    const renamed = AdminEntryResponse.parse(
      (
        await staff
          .call('patch', `/api/admin/content/entries/${created.id}`, { translations: { hr: { title: 'Žetva 2026', slug: null } } })
          .expect(200)
      ).body,
    ).data;
    expect(renamed.translations[0]!.slug).toBe('zetva-psenice');
    await staff
      .call('patch', `/api/admin/content/entries/${created.id}`, { translations: { hr: { slug: 'zetva-2026' } } })
      .expect(200);
    await staff.call('post', `/api/admin/content/entries/${created.id}/publish`, { locale: 'hr' }).expect(200);
    const post = await request(shop.url).get('/api/content/blog/zetva-2026?locale=hr').expect(200);
    expect(post.body.data.body_html).toContain('<strong>dobra</strong>');
    // a multi-line text (paragraphs, a heading) is allowed in the content's texts
    expect(post.body.data.body_html).toContain('<h2');
    await request(shop.url).get('/api/content/blog/zetva-2026?locale=en').expect(404);
    // published: the slug is locked
    const locked = await staff.call('patch', `/api/admin/content/entries/${created.id}`, { translations: { hr: { slug: 'other' } } });
    expect([locked.status, locked.body.errors[0].code, locked.body.errors[0].field]).toEqual([409, 'CONTENT_SLUG_LOCKED', 'translations.hr.slug']);
    // the same key again is a conflict
    const again = await staff.call('post', '/api/admin/content/entries', {
      type: 'blog',
      key: 'zetva-psenice',
      translations: { hr: { title: 'x' } },
    });
    expect([again.status, again.body.errors[0].code]).toEqual([409, 'CONTENT_KEY_TAKEN']);
    // the import never unpublishes an entry that has no file
    expect((await importer.run()).unpublished).toBe(0);
    await request(shop.url).get('/api/content/blog/zetva-2026?locale=hr').expect(200);
    const audit = (await db.query(`SELECT action FROM audit_log WHERE entity_id = $1 ORDER BY id`, [created.id])) as Array<{ action: string }>;
    expect(audit.map((a) => a.action)).toEqual(['content.create', 'content.update', 'content.update', 'content.publish']);

    // the list's views: drafts, not translated, scheduled
    const view = async (q: string) =>
      AdminEntryListResponse.parse((await staff.call('get', `/api/admin/content/entries?${q}`).expect(200)).body).data.items.map((e) => e.key);
    expect(await view('type=blog&view=untranslated')).toContain('zetva-psenice');
    expect(await view('type=recipes&view=drafts')).toContain('draft-recipe');
    expect(await view('type=recipes&view=scheduled')).toContain('future-recipe');
    expect(await view('q=%C5%BEetva')).toEqual(['zetva-psenice']);
  });

  it('answers hostile input with 404, 409 or 422 in the caller’s language, never 500', async () => {
    const patch = (body: unknown, id = penne.id) => admin.call('patch', `/api/admin/content/entries/${id}`, body as object);
    const cases: Array<[unknown, number, string, string | undefined]> = [
      [{}, 422, 'CONTENT_UPDATE_EMPTY', undefined],
      [{ translations: { xx: { title: 'x' } } }, 422, 'CONTENT_INVALID_LOCALE', 'translations.xx'],
      [{ translations: { en: { texts: { steps: 'not a list' } } } }, 422, 'CONTENT_FIELD_INVALID', 'translations.en.steps'],
      [{ translations: { en: { texts: { steps: [] } } } }, 422, 'CONTENT_FIELD_INVALID', 'translations.en.steps'],
      [{ translations: { en: { title: 'x'.repeat(201) } } }, 422, 'CONTENT_FIELD_INVALID', 'translations.en.title'],
      [{ translations: { en: { title: 7 } } }, 422, 'CONTENT_FIELD_INVALID', 'translations.en.title'],
      [{ translations: { en: { texts: { prep_time: 5 } } } }, 422, 'CONTENT_FIELD_INVALID', 'translations.en.prep_time'],
      [{ shared: { servings: -1 } }, 422, 'CONTENT_FIELD_INVALID', 'shared.servings'],
      [{ shared: { preparation_minutes: 1.5 } }, 422, 'CONTENT_FIELD_INVALID', 'shared.preparation_minutes'],
      [{ shared: { image: '../../etc/passwd.svg' } }, 422, 'CONTENT_FIELD_INVALID', 'shared.image'],
      [{ shared: { image: 'recipes/none.svg' } }, 422, 'CONTENT_IMAGE_NOT_FOUND', 'shared.image'],
      [{ translations: { en: { slug: 'Not A Slug' } } }, 422, 'CONTENT_FIELD_INVALID', 'translations.en.slug'],
      [{ translations: { en: { published_at: 'tomorrow' } } }, 422, 'CONTENT_FIELD_INVALID', 'translations.en.published_at'],
      // a control character is refused by the platform before the content module reads the body
      [{ translations: { en: { body_markdown: 'a\u0000b' } } }, 422, 'CONTROL_CHARACTER', 'translations.en.body_markdown'],
      [{ shared: 'text' }, 422, 'CONTENT_DRAFT_INVALID', 'shared'],
      [{ translations: { en: { texts: [1] } } }, 422, 'CONTENT_DRAFT_INVALID', 'translations.en.texts'],
    ];
    for (const [body, status, code, field] of cases) {
      const res = await patch(body);
      expect([JSON.stringify(body).slice(0, 60), res.status, res.body.errors?.[0]?.code, res.body.errors?.[0]?.field]).toEqual([
        JSON.stringify(body).slice(0, 60),
        status,
        code,
        field,
      ]);
    }
    const hr = await admin.call('patch', `/api/admin/content/entries/${penne.id}`, { shared: { servings: 0 } }).set('Accept-Language', 'hr');
    expect([hr.status, hr.body.errors[0].message]).toEqual([422, 'Ovo polje nije ispravno popunjeno.']);
    await patch({ shared: { servings: 2 } }, 'not-a-uuid').expect(404);
    await patch({ shared: { servings: 2 } }, '00000000-0000-4000-8000-000000000000').expect(404);
    const bad = await admin.call('post', `/api/admin/content/entries/${penne.id}/preview`, { locale: 'xx' });
    expect([bad.status, bad.body.errors[0].code]).toEqual([422, 'CONTENT_INVALID_LOCALE']);
    const view = await admin.call('get', '/api/admin/content/entries?view=everything');
    expect([view.status, view.body.errors[0].code]).toEqual([422, 'CONTENT_INVALID_VIEW']);
    expect((await admin.call('get', `/api/admin/content/entries?q=${'%25_'.repeat(10)}`)).status).toBe(200);
    // nothing of the refused saves reached the entry
    expect((await detail(penne.id)).fields.servings).toBe(6);
  });

  it('with --force the files win again (and the edit marks are cleared)', async () => {
    const forced = await importer.run({ force: true });
    expect(forced.updated).toBeGreaterThanOrEqual(1);
    const api = await request(shop.url).get('/api/content/recipes/penne-arrabbiata?locale=en').expect(200);
    expect([api.body.data.title, api.body.data.servings]).toEqual(["Penne all'arrabbiata", 4]);
    const after = await detail(penne.id);
    expect([after.edited_at, after.translations.find((t) => t.locale === 'en')!.edited_at]).toEqual([null, null]);
  });
});
