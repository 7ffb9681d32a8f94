import { describe, expect, it } from '@jest/globals';
import { renderToStaticMarkup } from 'react-dom/server';
import type { AdminAuditEntry, AdminAuditList } from '../../../contract/api/admin-audit';
import { auditApiQuery, auditSearch } from '../audit/audit-search';
import { AuditView } from '../audit/audit-view';
import { createAdminI18n, type AdminLanguage } from '../i18n';
import { changesOf, EntriesView } from './change-view';

const UPDATE: AdminAuditEntry = {
  id: '41',
  at: '2026-11-28T13:05:00.000Z',
  actor_id: 'u1',
  actor_label: 'operater@zlatnozrno.test',
  actor_role: 'admin',
  action: 'coupon.update',
  entity_type: 'coupon',
  entity_id: '6f1d1c7e-0b5a-4a57-9a54-0d3c0f3c8a11',
  before: { code: 'JESEN-10', minimum_order: 2000, business_only: false, valid_until: null, usage_limit: 100 },
  after: { code: 'JESEN-10', minimum_order: 2550, business_only: true, valid_until: '2026-12-31T23:00:00.000Z', usage_limit: null },
};

const render = (language: AdminLanguage, entries: AdminAuditEntry[], showEntity = true) =>
  renderToStaticMarkup(
    <EntriesView entries={entries} language={language} t={createAdminI18n(language).t} showEntity={showEntity} level={2} />,
  );

describe('before -> after, readable', () => {
  it('lists only the changed fields, in words: euros, yes/no, Zagreb time, empty', () => {
    const t = createAdminI18n('hr').t;
    expect(changesOf(UPDATE, 'hr', t)).toEqual([
      { field: 'Najmanja narudžba', before: '20,00 €', after: '25,50 €' },
      { field: 'Samo poslovni kupci', before: 'ne', after: 'da' },
      { field: 'Vrijedi do', before: '(prazno)', after: expect.stringMatching(/1\. sij(e|nja)?.* 2027\.? .*00:00/) },
      { field: 'Ukupno korištenja', before: '100', after: '(prazno)' },
    ]);
  });

  it('renders an entry in hr and en: when, who with role, what, and the table of changes (no raw JSON)', () => {
    const hr = render('hr', [UPDATE]);
    expect(hr).toContain('Kupon promijenjen');
    // The entity by its code (the entry records it), linked where the app has its screen.
    expect(hr).toContain('Kupon <span class="mono">JESEN-10</span>');
    expect(hr).toContain('operater@zlatnozrno.test (administrator)');
    expect(hr).toContain('<time dateTime="2026-11-28T13:05:00.000Z">');
    expect(hr).toContain('14:05'); // Zagreb is UTC+1 in November
    expect(hr).toContain(
      '<th scope="row">Najmanja narudžba</th><td data-label="Prije"><del>20,00 €</del></td><td data-label="Poslije"><ins>25,50 €</ins></td>',
    );
    expect(hr).not.toContain('{');
    const en = render('en', [UPDATE]);
    expect(en).toContain('Coupon changed');
    expect(en).toContain('<del>€20.00</del>');
    expect(en).toContain('<ins>yes</ins>');
    expect(en).toContain('28 Nov 2026, 14:05');
  });

  it("a creation shows the values set; an unknown field and action keep their own names; one entity's History leaves the entity out", () => {
    const created: AdminAuditEntry = {
      ...UPDATE,
      id: '40',
      action: 'coupon.create',
      before: null,
      after: { code: 'JESEN-10', kind: 'percent', percent: 10 },
    };
    const odd: AdminAuditEntry = {
      ...UPDATE,
      id: '39',
      action: 'thing.do',
      entity_type: 'thing',
      before: { some_field: 'a' },
      after: { some_field: 'b' },
    };
    const html = render('en', [created, odd], false);
    expect(html).toContain('Coupon created');
    expect(html).toContain('<del>(empty)</del></td><td data-label="After"><ins>JESEN-10</ins>');
    expect(html).toContain('<ins>percentage</ins>');
    expect(html).toContain('thing.do');
    expect(html).toContain('<th scope="row">some field</th>');
    expect(html).not.toContain('class="entry-entity"');
    expect(render('hr', [])).toContain('Još nema zabilježenih promjena.');
    const linked = renderToStaticMarkup(
      <EntriesView
        entries={[odd]}
        language="en"
        t={createAdminI18n('en').t}
        showEntity
        level={2}
        entityLink={(e, name) => <a href={`/x/${e.entity_id}`}>{name}</a>}
      />,
    );
    expect(linked).toContain(`<span class="mono"><a href="/x/${UPDATE.entity_id}">${UPDATE.entity_id}</a></span>`);
  });
});

describe('the change history screen', () => {
  it('keeps its filters in the URL, validated, and asks the API for whole Zagreb days', () => {
    const search = auditSearch({
      entity_type: 'coupon',
      entity_id: 'abc',
      actor: 'oper',
      action: 'coupon.create',
      from: '2026-11-01',
      to: '2026-11-28',
      page: '2',
    });
    expect(search).toEqual({
      entity_type: 'coupon',
      entity_id: 'abc',
      actor: 'oper',
      action: 'coupon.create',
      from: '2026-11-01',
      to: '2026-11-28',
      page: 2,
    });
    expect(auditApiQuery(search)).toMatchObject({ from: '2026-11-01T00:00:00+01:00', to: '2026-11-29T00:00:00+01:00' });
    expect(auditSearch({ entity_type: 'DROP TABLE', action: 'x y', from: '2026-02-30', to: 'yesterday', page: 'x' })).toEqual({});
    expect(auditSearch({ from: '2026-11-10', to: '2026-11-01' })).toEqual({ from: '2026-11-10' });
  });

  it('renders its filters labelled and its entries, in hr and en', () => {
    const data: AdminAuditList = { entries: [UPDATE], page: 1, page_size: 50, total: 1 };
    const view = (language: AdminLanguage) =>
      renderToStaticMarkup(
        <AuditView
          data={data}
          search={{ entity_type: 'coupon' }}
          language={language}
          t={createAdminI18n(language).t}
          pageLink={() => null}
          clearLink={<a href="/admin/audit">clear</a>}
          onFilter={() => undefined}
        />,
      );
    const hr = view('hr');
    expect(hr).toContain('<h1>Povijest promjena</h1>');
    expect(hr).toContain('<option value="coupon" selected="">Kupon</option>');
    expect(hr).toContain('<span>Od dana</span><input type="date" name="from"');
    expect(hr).toContain('1 promjena');
    expect(view('en')).toContain('<h1>Change history</h1>');
  });
});
