import { describe, expect, it } from '@jest/globals';
import { renderToStaticMarkup } from 'react-dom/server';
import type { AdminCampaignDetail, AdminCampaignList, AdminSubscriptionList } from '../../../contract/api/admin-newsletter';
import { LOCALES } from '../../../contract/locales';
import { createAdminI18n, type AdminLanguage } from '../i18n';
import { changedParts, contentOf, EMPTY_CAMPAIGN, fieldIdOf, languageOfField, moveBlock, updateBody, valuesOf } from './campaign-form';
import { CampaignEditView } from './campaign-edit-view';
import { campaignFigures, CampaignListView } from './campaign-list-view';
import { campaignSearch, subscriberSearch } from './newsletter-search';
import { SubscribersView } from './subscribers-view';

const noop = () => undefined;
const ZERO = { recipients: 0, queued: 0, sent: 0, failed: 0, skipped: 0, stopped: 0, unsubscribed_since: 0 };

const DRAFT: AdminCampaignDetail = {
  id: '6f1d1c7e-0b5a-4a57-9a54-0d3c0f3c8a11',
  name: 'Jesen 2026',
  status: 'draft',
  languages: ['hr', 'de'],
  subject: 'Jesenski recepti',
  created_at: '2026-11-28T10:00:00.000Z',
  updated_at: '2026-11-28T10:00:00.000Z',
  send_started_at: null,
  finished_at: null,
  counts: ZERO,
  content: {
    hr: {
      subject: 'Jesenski recepti',
      preheader: 'Tri jela',
      blocks: [
        { type: 'heading', text: 'Jesen je stigla' },
        { type: 'button', label: 'Recepti', url: '/recepti' },
      ],
    },
    de: { subject: 'Herbstrezepte', blocks: [{ type: 'paragraph', text: 'Für kalte Tage' }] },
  },
  other_languages: 'skip',
  audience: [
    { locale: 'hr', subscribers: 12, gets: 'hr' },
    { locale: 'en', subscribers: 3, gets: null },
    { locale: 'de', subscribers: 2, gets: 'de' },
    { locale: 'sl', subscribers: 0, gets: null },
  ],
};
const SENT: AdminCampaignDetail = {
  ...DRAFT,
  status: 'sent',
  send_started_at: '2026-11-28T11:00:00.000Z',
  finished_at: '2026-11-28T11:05:00.000Z',
  counts: { recipients: 17, queued: 0, sent: 13, failed: 1, skipped: 3, stopped: 0, unsubscribed_since: 2 },
  audience: [],
};

function edit(language: AdminLanguage, over: Partial<Parameters<typeof CampaignEditView>[0]> = {}) {
  return renderToStaticMarkup(
    <CampaignEditView
      t={createAdminI18n(language).t}
      language={language}
      campaign={DRAFT}
      values={valuesOf(DRAFT)}
      changedCount={0}
      errors={{}}
      formErrors={[]}
      notice={null}
      busy={false}
      active="hr"
      onTab={noop}
      onName={noop}
      onOthers={noop}
      onVersion={noop}
      onWriteLanguage={noop}
      onDropLanguage={noop}
      onBlock={noop}
      onAddBlock={noop}
      onMoveBlock={noop}
      onRemoveBlock={noop}
      onSave={noop}
      onDiscard={noop}
      preview={{ src: '/api/admin/newsletter/campaigns/x/preview?locale=hr', text: 'Jesen je stigla' }}
      testLanguage="hr"
      onTestLanguage={noop}
      onTest={noop}
      confirming={false}
      onAskSend={noop}
      onConfirmSend={noop}
      onCancelSend={noop}
      backLink={<a href="/admin/newsletter">back</a>}
      {...over}
    />,
  );
}

describe('campaign form state', () => {
  it('round-trips the API content and leaves an empty line after the subject out', () => {
    const values = valuesOf(DRAFT);
    expect(values.versions.de?.preheader).toBe('');
    expect(contentOf(values)).toEqual(DRAFT.content);
    expect(Object.keys(values.versions)).toEqual(['hr', 'de']);
  });

  it('counts changes per part and sends only what changed (content whole)', () => {
    const saved = valuesOf(DRAFT);
    const changed = { ...saved, name: 'Zima', versions: { ...saved.versions, en: { subject: 'Autumn', preheader: '', blocks: [] } } };
    const parts = changedParts(changed, saved);
    expect(parts).toEqual(['name', 'en']);
    expect(Object.keys(updateBody(changed, parts))).toEqual(['name', 'content']);
    expect(updateBody({ ...saved, name: 'Zima' }, ['name'])).toEqual({ name: 'Zima' });
    expect(changedParts(EMPTY_CAMPAIGN, EMPTY_CAMPAIGN)).toEqual([]);
  });

  it('moves blocks and maps the API error paths to the editor fields', () => {
    const blocks = DRAFT.content.hr!.blocks;
    expect(moveBlock(blocks, 1, -1).map((b) => b.type)).toEqual(['button', 'heading']);
    expect(moveBlock(blocks, 0, -1)).toEqual(blocks);
    expect(fieldIdOf('content.de.blocks.2.text')).toBe('campaign-de-block-2-text');
    expect(fieldIdOf('content.hr.subject')).toBe('campaign-hr-subject');
    expect(fieldIdOf('name')).toBe('campaign-name');
    expect(fieldIdOf(undefined)).toBeNull();
    expect(languageOfField('campaign-sl-block-0-url')).toBe('sl');
  });

  it('keeps only valid search params', () => {
    expect(subscriberSearch({ status: 'confirmed', q: ' ana ', page: '2' })).toEqual({ status: 'confirmed', q: 'ana', page: 2 });
    expect(subscriberSearch({ status: 'x', page: '-1' })).toEqual({});
    expect(campaignSearch({ page: '1' })).toEqual({});
  });
});

describe('campaign editor', () => {
  it.each(LOCALES as readonly AdminLanguage[])(
    'in %s: tabs with marks, every field labelled, the send confirmation names counts',
    (language) => {
      const html = edit(language);
      expect(html).toContain('role="tablist"');
      expect(html.match(/role="tab"/g)).toHaveLength(4);
      expect(html).toContain('id="campaign-hr-subject"');
      expect(html).toContain('for="campaign-hr-block-0-text"');
      expect(html).toContain('sandbox="allow-popups allow-popups-to-escape-sandbox"');
      expect(html).not.toMatch(/newsletter\.[a-z]/); // no key shown as text
      // 12 hr + 2 de get it; English is skipped
      expect(html).toContain('id="campaign-send"');
      expect(html).toMatch(/14/);
    },
  );

  it('asks before sending, with the number and the name', () => {
    const html = edit('en', { confirming: true });
    expect(html).toContain('role="alertdialog"');
    expect(html).toContain('Send &quot;Jesen 2026&quot; now to 14 subscribers? This cannot be undone.');
  });

  it('does not offer sending with unsaved changes, and shows the save bar', () => {
    const html = edit('en', { changedCount: 2 });
    expect(html).toContain('Save your changes before sending.');
    expect(html).not.toContain('id="campaign-send"');
    expect(html).toContain('2 changes');
  });

  it('ties an error to its field', () => {
    const html = edit('hr', { errors: { 'campaign-hr-block-0-text': 'Upišite tekst' } });
    expect(html).toMatch(/id="campaign-hr-block-0-text"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*id="campaign-hr-block-0-text"/);
    expect(html).toContain('aria-describedby="campaign-hr-block-0-text-error"');
  });

  it('offers writing a missing language from the Croatian text', () => {
    expect(edit('en', { active: 'en' })).toContain('Write the English version (starts from the Croatian text)');
  });

  it('shows a sent campaign with its figures and no form', () => {
    const html = edit('en', { campaign: SENT, values: valuesOf(SENT) });
    expect(html).not.toContain('<form');
    expect(html).toContain('Unsubscribed since');
    expect(html).toMatch(/<dd>13<\/dd>/);
    expect(campaignFigures({ ...SENT }, createAdminI18n('en').t)).toBe('13 of 14 sent, 1 failed, 3 skipped, 2 unsubscribed since');
  });
});

describe('lists', () => {
  it('campaigns: a table with labels for the phone cards', () => {
    const data: AdminCampaignList = { campaigns: [SENT, DRAFT], page: 1, page_size: 25, total: 2 };
    const html = renderToStaticMarkup(
      <CampaignListView
        data={data}
        language="hr"
        t={createAdminI18n('hr').t}
        pageLink={(_, c) => <a href="#">{c}</a>}
        campaignLink={(r) => <a href={`/admin/newsletter/${r.id}`}>{r.name}</a>}
        newLink={<a href="/admin/newsletter/new">new</a>}
        subscribersLink={<a href="/admin/newsletter/subscribers">s</a>}
      />,
    );
    expect(html).toContain('table class="list"');
    expect(html).toContain('data-label="Brojke"');
    expect(html).toContain('još nije poslano');
  });

  it('subscribers: state views with counts, the consent record and the download', () => {
    const data: AdminSubscriptionList = {
      subscriptions: [
        {
          id: 'a',
          email: 'ana@example.hr',
          locale: 'de',
          status: 'confirmed',
          source: 'footer',
          consent_at: '2026-11-01T09:00:00.000Z',
          consent_ip: '198.51.100.7',
          consent_text: 'Ich möchte den Newsletter erhalten.',
          consent_version: '2026-01',
          confirmed_at: '2026-11-01T09:05:00.000Z',
          confirmed_ip: '198.51.100.8',
          unsubscribed_at: null,
          created_at: '2026-11-01T09:00:00.000Z',
        },
      ],
      page: 1,
      page_size: 25,
      total: 1,
      counts: { pending: 2, confirmed: 1, unsubscribed: 4 },
    };
    const html = renderToStaticMarkup(
      <SubscribersView
        data={data}
        search={{ status: 'confirmed' }}
        language="en"
        t={createAdminI18n('en').t}
        listLink={(_, c, current) => <a aria-current={current ? 'page' : undefined}>{c}</a>}
        campaignsLink={<a href="/admin/newsletter">back</a>}
        onSearch={noop}
      />,
    );
    expect(html).toContain('All (7)');
    expect(html).toContain('<a aria-current="page">Confirmed (1)</a>');
    expect(html).toContain('198.51.100.7');
    expect(html).toContain('lang="de">Ich möchte den Newsletter erhalten.');
    expect(html).toContain('href="/api/admin/newsletter/subscribers"');
    expect(html).toContain('form at the bottom of a page');
  });
});
