import { describe, expect, it } from '@jest/globals';
import { renderToStaticMarkup } from 'react-dom/server';
import type { AdminPhoto, AdminPhotoList } from '../../../contract/api/admin-photos';
import { focalCrop, focalObjectPosition } from '../../../contract/media';
import { createAdminI18n, type AdminLanguage } from '../i18n';
import { MediaPickerView } from '../media/media-picker';
import { draftOfPhotos, moveItem, nudgeFocal, photoChanges, reconcile } from './photos-model';
import { PhotosView, type PhotosViewProps } from './photos-view';

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
const id = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;

function photo(n: number, over: Partial<AdminPhoto> = {}): AdminPhoto {
  return {
    id: id(n),
    position: n - 1,
    width: 1200,
    height: 1600,
    focal: { x: 0.5, y: 0.5 },
    alt: { hr: `Fotografija ${n}`, en: null, de: null, sl: null },
    preview_url: `/media/000000000000000${n}-640.jpg`,
    full: { width: 360, height: 480, format: 'jpg', url: `/media/f00000000000000${n}-360.jpg` },
    variants: [{ width: 640, height: 480, format: 'jpg', url: `/media/000000000000000${n}-640.jpg` }],
    ...over,
  };
}
const LIST: AdminPhotoList = {
  code: 'ZZ-SPAG-400',
  name: 'Špageti',
  photos: [photo(1), photo(2)],
  max_photos: 12,
  max_bytes: 15 << 20,
  storage: 'postgres',
};

function props(language: AdminLanguage, over: Partial<PhotosViewProps> = {}): PhotosViewProps {
  const noop = () => undefined;
  return {
    t: createAdminI18n(language).t,
    list: LIST,
    draft: draftOfPhotos(LIST),
    changes: 0,
    backLink: <a href="/admin/products/ZZ-SPAG-400">back</a>,
    picker: <p>picker</p>,
    altLanguage: 'hr',
    onAltLanguage: noop,
    onAlt: noop,
    onFocal: noop,
    onMove: noop,
    onRemove: noop,
    removing: null,
    saving: false,
    onSave: noop,
    onDiscard: noop,
    problem: null,
    errors: {},
    saved: false,
    ...over,
  };
}
const render = (p: PhotosViewProps) => renderToStaticMarkup(<PhotosView {...p} />);

describe('the photos screen', () => {
  it('in Croatian: each photo with its place, centre, shop preview, alt text, move and remove; the first marked', () => {
    const html = render(props('hr'));
    const words = text(html);
    expect(words).toContain('Fotografije: Špageti ZZ-SPAG-400');
    expect(words).toContain('Fotografija 1 od 2 prikazuje se u trgovini');
    expect(words).toContain('Fotografija 2 od 2');
    expect(words).toContain('Središte: 50 % slijeva, 50 % odozgo');
    expect(words).toContain('Ovako je prikazuje trgovina');
    expect(html).toContain('disabled="" aria-label="Pomakni fotografiju 1 gore"');
    expect(html).toContain('disabled="" aria-label="Pomakni fotografiju 2 dolje"');
    expect(html).not.toContain('disabled="" aria-label="Pomakni fotografiju 1 dolje"');
    expect(html).toContain('value="Fotografija 1"');
    // The English, German and Slovenian descriptions are missing: listed before leaving, the tabs say so.
    expect(words).toContain('Fotografije bez opisa');
    expect(words).toMatch(/Engleski ?: Fotografija 1 od 2, Fotografija 2 od 2/);
    expect(words).not.toContain('promjen'); // no save bar without changes
  });

  it('in English, with a save bar counting the changes, the refusal tied to its field, and the focal point as numbers', () => {
    const draft = { ...draftOfPhotos(LIST), focal: { [id(1)]: { x: 0.25, y: 0.1 }, [id(2)]: { x: 0.5, y: 0.5 } } };
    const html = render(props('en', { draft, changes: 2, altLanguage: 'en', errors: { [`alt-${id(2)}`]: 'Too long.' } }));
    const words = text(html);
    expect(words).toContain('2 changes');
    expect(words).toContain('Centre: 25 % from the left, 10 % from the top');
    expect(html).toContain(`id="focal-x-${id(1)}"`);
    expect(html).toMatch(/value="25"/);
    expect(html).toContain(`aria-describedby="alt-${id(2)}-hint alt-${id(2)}-source alt-${id(2)}-error"`);
    expect(words).toContain('Croatian: Fotografija 2');
    expect(words).toContain('Too long.');
  });

  it('without photos says the shop shows the drawing; with the most photos, offers no upload', () => {
    expect(text(render(props('en', { list: { ...LIST, photos: [] }, draft: draftOfPhotos({ ...LIST, photos: [] }) })))).toContain(
      'No photos yet. Until there is one, the shop shows the drawing.',
    );
    const full = { ...LIST, max_photos: 2 };
    expect(text(render(props('en', { list: full })))).toContain('This product already has 2 photos.');
  });

  it('the media picker: a camera button and a files button (real file inputs), progress and refusals in words', () => {
    const t = createAdminI18n('en').t;
    const html = renderToStaticMarkup(
      <MediaPickerView
        idPrefix="up"
        busy={false}
        onFiles={() => undefined}
        t={t}
        hint="JPEG up to 15 MB"
        items={[
          { key: 'a', name: 'IMG_1.jpg', progress: 0.4, state: 'sending' },
          { key: 'b', name: 'notes.pdf', progress: 1, state: 'refused', message: 'This file is not a photo (JPEG, PNG, WebP or AVIF).' },
        ]}
      />,
    );
    expect(html).toContain('type="file" accept="image/*" capture="environment"');
    expect(html).toContain('for="up-camera"');
    expect(html).toMatch(/type="file" accept="image\/\*" multiple=""/);
    expect(html).toContain('<progress max="1" value="0.4" aria-label="Uploading IMG_1.jpg">');
    expect(text(html)).toContain('notes.pdf : This file is not a photo (JPEG, PNG, WebP or AVIF).');
    expect(html).toContain('role="alert"');
  });
});

describe('the photos draft', () => {
  it('counts the order once and each photo alt / focal change, and sends blanks as missing', () => {
    const d = draftOfPhotos(LIST);
    expect(photoChanges(LIST, d)).toEqual({ body: null, count: 0 });
    const changed = {
      order: [id(2), id(1)],
      alt: { ...d.alt, [id(1)]: { ...d.alt[id(1)]!, hr: '  ', en: 'Spaghetti' } },
      focal: { ...d.focal, [id(2)]: { x: 0.2, y: 0.3 } },
    };
    expect(photoChanges(LIST, changed)).toEqual({
      count: 3,
      body: {
        order: [id(2), id(1)],
        photos: [
          { id: id(2), focal: { x: 0.2, y: 0.3 } },
          { id: id(1), alt: { hr: null, en: 'Spaghetti', de: null, sl: null } },
        ],
      },
    });
  });

  it('keeps the changes over a list that gained or lost photos meanwhile', () => {
    const d = { ...draftOfPhotos(LIST), order: [id(2), id(1)] };
    const grown = { ...LIST, photos: [photo(1), photo(3)] };
    expect(reconcile(d, grown).order).toEqual([id(1), id(3)]);
    expect(reconcile(null, grown).order).toEqual([id(1), id(3)]);
  });

  it('moves photos within the ends and nudges the centre by keys, inside the picture', () => {
    expect(moveItem(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(moveItem(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(nudgeFocal({ x: 0.5, y: 0.5 }, 'ArrowRight')).toEqual({ x: 0.55, y: 0.5 });
    expect(nudgeFocal({ x: 0.5, y: 0.02 }, 'ArrowUp')).toEqual({ x: 0.5, y: 0 });
    expect(nudgeFocal({ x: 0.5, y: 0.5 }, 'ArrowDown', true)).toEqual({ x: 0.5, y: 0.51 });
    expect(nudgeFocal({ x: 0.5, y: 0.5 }, 'Enter')).toBeNull();
  });

  it("previews exactly the server's crop with object-position", () => {
    const portrait = { width: 360, height: 480 };
    expect(focalCrop(portrait, 4 / 3, { x: 0.5, y: 0 })).toMatchObject({ top: 0, height: 270 });
    expect(focalObjectPosition(portrait, 4 / 3, { x: 0.5, y: 0 })).toBe('50% 0%');
    expect(focalObjectPosition(portrait, 4 / 3, { x: 0.5, y: 1 })).toBe('50% 100%');
    expect(focalObjectPosition(portrait, 4 / 3, { x: 0.5, y: 0.5 })).toBe('50% 50%');
  });
});
