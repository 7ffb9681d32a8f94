import { describe, expect, it } from '@jest/globals';
import { CONTENT_TYPE_SPECS } from '../../../contract/api/admin-content.js';
import { CONTENT_TYPES } from '../../../contract/api/content.js';
import { CONTENT_TYPE_DEFINITIONS } from './content-types.js';
import { previewPath, previewScope, signPreview, verifyPreview, withPreview } from './content-preview.js';
import type { VisibleRow } from './content.repository.js';

const SECRET = 'a-test-secret-of-some-length-0123456789';
const ID = '0b8c6f1e-2f4b-4c55-9a53-1f7d3c2b9e01';

const row = (entryId: string, slug: string, title: string): VisibleRow => ({
  entry_id: entryId,
  type: 'recipes',
  key: slug,
  fields: { category: 'quick' },
  position: null,
  image_src: null,
  image_width: null,
  image_height: null,
  locale: 'en',
  slug,
  title,
  summary: '',
  seo_title: null,
  seo_description: null,
  image_alt: null,
  texts: {},
  body_html: '',
  published_at: new Date(0),
  updated_at: new Date(0),
});

describe('content preview tokens', () => {
  it('verify only when signed with our secret and not expired', () => {
    const now = new Date('2026-11-29T10:00:00Z');
    const token = signPreview(SECRET, ID, new Date(now.getTime() + 60_000));
    expect(verifyPreview(SECRET, token, now)).toBe(ID);
    expect(verifyPreview('another-secret', token, now)).toBeNull();
    expect(verifyPreview(SECRET, token, new Date(now.getTime() + 61_000))).toBeNull();
    const [id, exp, sig] = token.split('.');
    expect(verifyPreview(SECRET, `${id}.${Number(exp) + 100}.${sig}`, now)).toBeNull();
    expect(verifyPreview(SECRET, `${ID.replace('0b', '1b')}.${exp}.${sig}`, now)).toBeNull();
    for (const bad of [undefined, 42, '', 'x'.repeat(300), `${id}.${exp}`]) expect(verifyPreview(SECRET, bad, now)).toBeNull();
  });

  it("name the shop's page of each kind of entry in its language", () => {
    expect(previewPath('recipes', 'penne', 'penne-arrabbiata', 'en')).toBe('/en/recipes/penne-arrabbiata');
    expect(previewPath('recipes', 'penne', 'ljute-penne', 'hr')).toBe('/recepti/ljute-penne');
    expect(previewPath('pages', 'delivery', 'delivery', 'en')).toMatch(/^\/en\//);
    for (const type of CONTENT_TYPES) expect(previewPath(type, 'about-us', 'x', 'de')).toMatch(/^\/de/);
  });

  it('put the draft in place of the stored row, only in its request', async () => {
    const stored = [row('a', 'one', 'One'), row('b', 'two', 'Two')];
    const draft = row('b', 'two-draft', 'Two (draft)');
    expect(withPreview(stored, 'recipes', 'en', {})).toBe(stored);
    await previewScope.run(draft, async () => {
      expect(withPreview(stored, 'recipes', 'en', {}).map((r) => r.title)).toEqual(['One', 'Two (draft)']);
      expect(withPreview([], 'recipes', 'en', { slug: 'two-draft' }).map((r) => r.title)).toEqual(['Two (draft)']);
      expect(withPreview([stored[1]!], 'recipes', 'en', { slug: 'two' })).toEqual([]);
      expect(withPreview(stored, 'recipes', 'hr', {})).toBe(stored);
      expect(withPreview(stored, 'blog', 'en', {})).toBe(stored);
    });
  });
});

describe("the editor's field table", () => {
  it("names exactly the import's shared and per-language fields of every type", () => {
    for (const type of CONTENT_TYPES) {
      const def = CONTENT_TYPE_DEFINITIONS[type];
      const spec = CONTENT_TYPE_SPECS[type];
      expect([type, spec.shared.map((f) => f.name).sort()]).toEqual([type, Object.keys(def.shared.shape).sort()]);
      expect([type, spec.texts.map((f) => f.name).sort()]).toEqual([type, Object.keys(def.texts.shape).sort()]);
      expect([type, spec.page, spec.image, spec.body, spec.dated]).toEqual([type, def.slug, def.image, def.body, def.publishedAtRequired ?? false]);
    }
  });
});
