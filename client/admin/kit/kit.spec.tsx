import { describe, expect, it } from '@jest/globals';
import type { KeyboardEvent } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { createAdminI18n } from '../i18n';
import { Pager } from './pager';
import { formKeys, SaveBar } from './save-bar';
import { LanguageTabs, MissingTranslations, missingTranslations, textOrMissing, TranslatedField, type Translations } from './translations';

const t = createAdminI18n('en').t;
const noop = () => undefined;
type F = 'name' | 'description';
const values: Translations<F> = {
  hr: { name: 'Heljdina tjestenina', description: 'Opis' },
  en: { name: 'Buckwheat pasta', description: null },
  de: {},
};

describe('the back office form kit', () => {
  it('stores a blank text as missing, never as an empty string', () => {
    expect(textOrMissing('   ')).toBeNull();
    expect(textOrMissing('')).toBeNull();
    expect(textOrMissing(' Penne ')).toBe(' Penne ');
  });

  it('lists per language the required fields without text, in the tabs order', () => {
    expect(missingTranslations(values, ['name', 'description'])).toEqual([
      { language: 'en', fields: ['description'] },
      { language: 'de', fields: ['name', 'description'] },
      { language: 'sl', fields: ['name', 'description'] },
    ]);
  });

  it('marks each language tab done or missing in words, and ties the panel to the active tab', () => {
    const html = renderToStaticMarkup(
      <LanguageTabs idPrefix="p" active="de" onSelect={noop} values={values} required={['name']} t={t}>
        <p>panel</p>
      </LanguageTabs>,
    );
    const tabs = [...html.matchAll(/<button[^>]*role="tab"[^>]*>(.*?)<\/button>/g)].map((m) => m[0]);
    expect(tabs).toHaveLength(4);
    expect(tabs.map((b) => b.replace(/<[^>]+>/g, ''))).toEqual(['Croatiandone', 'Englishdone', 'Germanmissing', 'Slovenianmissing']);
    expect(tabs[2]).toContain('aria-selected="true"');
    expect(tabs[2]).toContain('tabindex="0"');
    expect(tabs[0]).toContain('tabindex="-1"');
    expect(html).toContain('role="tabpanel" id="p-panel-de" aria-labelledby="p-tab-de"');
  });

  it('shows the Croatian text beside another language, with a copy button', () => {
    const html = renderToStaticMarkup(
      <TranslatedField id="name-de" label="Name" language="de" value={null} source="Heljdina tjestenina" onChange={noop} required t={t} />,
    );
    expect(html).toContain('value=""');
    expect(html).toContain('lang="de"');
    expect(html).toContain('aria-describedby="name-de-source"');
    expect(html).toContain('<span lang="hr">Heljdina tjestenina</span>');
    expect(html).toContain('Copy from Croatian: Name');
    expect(html).not.toContain('(optional)');
  });

  it('writes Croatian without a source beside it, and ties an error to the control', () => {
    const html = renderToStaticMarkup(
      <TranslatedField id="name-hr" label="Name" language="hr" value="x" source="x" onChange={noop} error="Too long" t={t} />,
    );
    expect(html).not.toContain('Copy from Croatian');
    expect(html).toContain('(optional)');
    expect(html).toContain('aria-describedby="name-hr-error" aria-invalid="true"');
  });

  it('lists the missing translations before publishing, and nothing when complete', () => {
    const html = renderToStaticMarkup(<MissingTranslations missing={missingTranslations(values, ['name'])} fieldLabel={(f) => f} t={t} />);
    expect(html.match(/<li>/g)).toHaveLength(2);
    expect(renderToStaticMarkup(<MissingTranslations missing={[]} fieldLabel={(f) => f} t={t} />)).toBe('');
  });

  it('counts the changes in the save bar and hides it when nothing changed', () => {
    expect(renderToStaticMarkup(<SaveBar count={3} saving={false} onSave={noop} onDiscard={noop} t={t} />)).toContain('3 changes');
    expect(renderToStaticMarkup(<SaveBar count={0} saving={false} onSave={noop} onDiscard={noop} t={t} />)).toBe('');
  });

  it('saves on Ctrl/Cmd+Enter and never on a plain Enter in a field', () => {
    let saves = 0;
    let prevented = 0;
    const key = (init: { ctrlKey?: boolean; metaKey?: boolean; tagName?: string; type?: string }) =>
      ({
        key: 'Enter',
        ctrlKey: !!init.ctrlKey,
        metaKey: !!init.metaKey,
        target: { tagName: init.tagName ?? 'INPUT', type: init.type ?? 'text' },
        preventDefault: () => prevented++,
      }) as unknown as KeyboardEvent<HTMLElement>;
    formKeys(key({}), () => saves++);
    expect([saves, prevented]).toEqual([0, 1]);
    formKeys(key({ metaKey: true }), () => saves++);
    formKeys(key({ ctrlKey: true, tagName: 'TEXTAREA' }), () => saves++);
    expect(saves).toBe(2);
    formKeys(key({ tagName: 'TEXTAREA' }), () => saves++);
    expect([saves, prevented]).toEqual([2, 3]);
  });

  it('pages a list: no pager for one page, page 1 linked without a number, the last page without next', () => {
    const link = (page: number | undefined, label: string) => <a href={page ? `?page=${page}` : '?'}>{label}</a>;
    expect(renderToStaticMarkup(<Pager page={1} pages={1} t={t} link={link} />)).toBe('');
    const second = renderToStaticMarkup(<Pager page={2} pages={3} t={t} link={link} />);
    expect(second).toContain(
      '<nav aria-label="Pages" class="pager"><a href="?">Previous page</a><span>Page 2 of 3</span><a href="?page=3">Next page</a></nav>',
    );
    const last = renderToStaticMarkup(<Pager page={3} pages={3} t={t} link={link} />);
    expect(last).toContain('<a href="?page=2">Previous page</a>');
    expect(last).not.toContain('Next page');
  });
});
