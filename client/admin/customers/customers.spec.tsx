import { describe, expect, it } from '@jest/globals';
import { renderToStaticMarkup } from 'react-dom/server';
import type { AdminCustomerDetail, AdminCustomerList, AdminInvitation } from '../../../contract/api/admin-customers';
import { FrameView } from '../frame/frame-view';
import { createAdminI18n, type AdminLanguage } from '../i18n';
import { CustomerListView, CustomerRows, InvitationsView } from './customer-list-view';
import { apiQuery, customerSearch } from './customer-search';
import { CustomerView } from './customer-view';
import { confirmsErasure, displayName, reasonProblem, stateTags } from './customer-words';

const noop = () => undefined;

const ROW = {
  id: '0b7e6d8c-1b7a-4c83-9d51-3a6a1e1e2f10',
  email: 'ivana.kovacic@example.com',
  first_name: 'Ivana',
  last_name: 'Kovačić',
  role: 'business' as const,
  status: 'active' as const,
  company_name: 'Pekara Klas d.o.o.',
  vat_number: '47193065287',
  blocked: true,
  erased: false,
  newsletter: true,
  created_at: '2026-03-01T09:00:00.000Z',
  last_sign_in_at: null,
};

const DETAIL: AdminCustomerDetail = {
  ...ROW,
  phone: '+385 91 555 1234',
  birth_date: null,
  language: 'hr',
  username: null,
  delivery_address: { street: 'Ilica 5', postal_code: '10000', city: 'Zagreb', country: 'HR' },
  billing_same_as_delivery: true,
  billing_address: { street: null, postal_code: null, city: null, country: null },
  company_address: 'Ilica 5, Zagreb',
  google_linked: false,
  activated_at: '2026-03-01T09:05:00.000Z',
  blocked_at: '2026-11-20T10:00:00.000Z',
  blocked_reason: 'Tri neplaćene pošiljke',
  erased_at: null,
  consents: {
    terms_version: '2026-01',
    terms_accepted_at: '2026-03-01T09:00:00.000Z',
    newsletter_consent_at: '2026-03-01T09:00:00.000Z',
    newsletter_consent_version: '2026-01',
    newsletter: {
      status: 'unsubscribed',
      language: 'hr',
      source: 'registration',
      consent_at: '2026-03-01T09:00:00.000Z',
      consent_text: 'Želim primati newsletter.',
      consent_version: '2026-01',
      confirmed_at: '2026-03-01T09:10:00.000Z',
      unsubscribed_at: null,
      suspended_at: '2026-11-20T10:00:00.000Z',
    },
  },
  orders: [
    {
      number: 'ZZ-2026-000123',
      placed_at: '2026-11-01T10:00:00.000Z',
      payment_status: 'awaiting_payment',
      fulfilment_status: 'placed',
      payment_method: 'cod',
      total: 2970,
      as_guest: false,
    },
  ],
  orders_total: 1,
  open_orders: ['ZZ-2026-000123'],
  erase_refusal: 'CUSTOMER_ERASE_OPEN_ORDERS',
};

function profile(language: AdminLanguage, over: Partial<Parameters<typeof CustomerView>[0]> = {}) {
  return renderToStaticMarkup(
    <CustomerView
      customer={DETAIL}
      language={language}
      t={createAdminI18n(language).t}
      backLink={<a href="/admin/customers">back</a>}
      reason=""
      reasonError={null}
      confirmEmail=""
      confirmError={null}
      notice={null}
      problem={null}
      busy={false}
      onReason={noop}
      onConfirmEmail={noop}
      onBlock={noop}
      onUnblock={noop}
      onErase={noop}
      {...over}
    />,
  );
}

describe('the customer list', () => {
  const list: AdminCustomerList = { customers: [ROW], page: 1, page_size: 25, total: 26 };
  const render = (language: AdminLanguage) => {
    const t = createAdminI18n(language).t;
    const link = (s: object, children: React.ReactNode, current?: boolean) => (
      <a
        href={`/admin/customers?${new URLSearchParams(Object.entries(s).filter(([, v]) => v !== undefined) as Array<[string, string]>)}`}
        aria-current={current ? 'page' : undefined}
      >
        {children}
      </a>
    );
    return renderToStaticMarkup(
      <CustomerListView search={{ view: 'business' }} language={language} t={t} listLink={link} onSearch={noop}>
        <CustomerRows
          data={list}
          search={{ view: 'business' }}
          language={language}
          t={t}
          listLink={link}
          customerLink={(row, text) => <a href={`/admin/customers/${row.id}`}>{text}</a>}
        />
      </CustomerListView>,
    );
  };

  it('names the views in the family words, marks the current one, lists the rows as a table with labels for cards', () => {
    const hr = render('hr');
    expect(hr).toContain('<h1>Kupci</h1>');
    expect(hr).toContain('aria-current="page">Poslovni kupci</a>');
    for (const view of ['Svi kupci', 'Blokirani', 'Primaju newsletter', 'Pozvani']) expect(hr).toContain(view);
    expect(hr).toContain('26 kupaca');
    expect(hr).toContain(`<a href="/admin/customers/${ROW.id}">Ivana Kovačić</a>`);
    expect(hr).toContain('data-label="Tvrtka">Pekara Klas d.o.o.');
    expect(hr).toContain('OIB 47193065287');
    expect(hr).toContain('state-blocked">blokiran');
    expect(hr).toContain('poslovni kupac');
    expect(hr).toContain('data-label="Zadnja prijava">nikad');
    expect(hr).toContain('Stranica 1 od 2');
    const en = render('en');
    expect(en).toContain('26 customers');
    expect(en).toContain('aria-current="page">Business buyers</a>');
    expect(en).toContain('business buyer');
  });

  it('keeps its state in the URL: hostile or stale values are dropped, the invited view is the screen own', () => {
    expect(customerSearch({ q: ' Kovač ', view: 'blocked', page: '3' })).toEqual({ q: 'Kovač', view: 'blocked', page: 3 });
    expect(customerSearch({ q: 'x'.repeat(101), view: 'evil', page: '-1' })).toEqual({});
    expect(customerSearch({ q: 'a\u0000b', page: 1 })).toEqual({});
    expect(customerSearch({ view: 'invited' })).toEqual({ view: 'invited' });
    expect(apiQuery({ view: 'invited', q: 'x' })).toEqual({ q: 'x', view: undefined, page: undefined });
    expect(apiQuery({ view: 'newsletter', page: 2 })).toEqual({ q: undefined, view: 'newsletter', page: 2 });
  });
});

describe('the words and checks of the customer screens', () => {
  const t = createAdminI18n('hr').t;
  it('names a person, an erased account and an account without a name', () => {
    expect(displayName(ROW, t)).toBe('Ivana Kovačić');
    expect(displayName({ ...ROW, erased: true, first_name: '[erased]', last_name: '' }, t)).toBe('Izbrisan račun');
    expect(displayName({ ...ROW, first_name: '', last_name: '' }, t)).toBe(ROW.email);
    expect(stateTags({ ...ROW, blocked: false, status: 'pending', role: 'customer' }, t)).toEqual([
      { key: 'pending', text: 'nije aktiviran' },
    ]);
  });
  it('asks for a reason of 3 to 500 characters and the exact e-mail before an erasure', () => {
    expect(reasonProblem('  a ')).toBe('reasonRequired');
    expect(reasonProblem('x'.repeat(501))).toBe('reasonTooLong');
    expect(reasonProblem('Dug')).toBeNull();
    expect(confirmsErasure('  IVANA.kovacic@example.com ', ROW.email)).toBe(true);
    expect(confirmsErasure('ivana@example.com', ROW.email)).toBe(false);
  });
});

describe('the customer profile', () => {
  it('shows contact, business data, consents with the newsletter record, orders, the block and why erasure waits', () => {
    const hr = profile('hr');
    expect(hr).toContain('<h1>Ivana Kovačić</h1>');
    expect(hr).toContain('Blokiran od');
    expect(hr).toContain('Razlog: Tri neplaćene pošiljke');
    expect(hr).toContain('+385 91 555 1234');
    expect(hr).toContain('10000 Zagreb, HR');
    expect(hr).toContain('Podaci tvrtke');
    expect(hr).toContain('prihvaćena verzija 2026-01');
    expect(hr).toContain('pauzirano dok je račun blokiran');
    expect(hr).toContain('<q>Želim primati newsletter.</q>');
    expect(hr).toContain('href="/admin/orders/ZZ-2026-000123"');
    expect(hr).toContain('29,70');
    expect(hr).toContain('čeka plaćanje');
    // blocked: the form lifts the block
    expect(hr).toContain('Odblokiraj račun');
    expect(hr).toContain(`href="/api/admin/customers/${ROW.id}/export"`);
    // the erasure waits for the open order, said why, with no form
    expect(hr).toContain('narudžbe ZZ-2026-000123 još nisu poslane ili plaćene');
    expect(hr).not.toContain('id="customer-confirm"');
    const en = profile('en');
    expect(en).toContain('Unblock the account');
    expect(en).toContain('orders ZZ-2026-000123 are not shipped or paid yet');
  });

  it('ties errors to their fields and offers the typed confirmation when erasure is possible', () => {
    const html = profile('en', {
      customer: { ...DETAIL, blocked: false, blocked_at: null, blocked_reason: null, erase_refusal: null, open_orders: [] },
      reasonError: 'Enter a reason (at least 3 characters).',
      confirmError: "The typed e-mail is not this customer's.",
    });
    expect(html).toContain('Block the account');
    expect(html).toMatch(/id="customer-reason"[^>]*aria-invalid="true"[^>]*aria-describedby="customer-reason-hint customer-reason-error"/);
    expect(html).toContain('<p id="customer-reason-error" class="field-error">Enter a reason (at least 3 characters).</p>');
    expect(html).toMatch(/id="customer-confirm"[^>]*aria-describedby="customer-confirm-hint customer-confirm-error"/);
    expect(html).toContain(`Type ${ROW.email}`);
    expect(html).toContain('Erase for good');
  });

  it('shows an erased account without actions', () => {
    const html = profile('hr', {
      customer: {
        ...DETAIL,
        erased: true,
        first_name: '[erased]',
        last_name: '',
        erased_at: '2026-11-28T10:00:00.000Z',
        erase_refusal: 'CUSTOMER_ALREADY_ERASED',
      },
    });
    expect(html).toContain('<h1>Izbrisan račun</h1>');
    expect(html).toContain('Narudžbe i računi ostaju');
    expect(html).not.toContain('customer-actions');
  });
});

describe('business invitations', () => {
  const invitation: AdminInvitation = {
    id: '1c0c5a9e-8f0e-4a55-b2c4-6d0a3e6f1a22',
    email: 'nabava@restoran.example',
    company_name: 'Restoran Zrno d.o.o.',
    vat_number: null,
    language: 'de',
    invited_at: '2026-11-27T10:00:00.000Z',
    expires_at: '2026-12-04T10:00:00.000Z',
  };
  it('lists the pending ones with send again and withdraw, and the invite form with errors on their fields', () => {
    const html = renderToStaticMarkup(
      <InvitationsView
        invitations={[invitation]}
        language="hr"
        t={createAdminI18n('hr').t}
        values={{ email: '', company_name: '', vat_number: '', locale: 'de' }}
        errors={{ email: 'Upišite e-mail adresu.' }}
        problem={null}
        notice={null}
        busy={false}
        onChange={noop}
        onInvite={noop}
        onResend={noop}
        onRevoke={noop}
      />,
    );
    expect(html).toContain('Pozovi poslovnog kupca');
    expect(html).toContain('1 pozivnica čeka');
    expect(html).toContain('nabava@restoran.example');
    expect(html).toContain('Pošalji ponovno<span class="visually-hidden"> nabava@restoran.example</span>');
    expect(html).toContain('Povuci');
    expect(html).toMatch(/id="invite-email"[^>]*aria-invalid="true"[^>]*aria-describedby="invite-email-error"/);
    expect(html).toContain('<option value="de" selected="">njemački</option>');
  });
});

describe("the navigation's entries", () => {
  const nav = (role: string) =>
    renderToStaticMarkup(
      <FrameView
        t={createAdminI18n('hr').t}
        language="hr"
        user={{ first_name: 'Ivo', last_name: 'Kovač', role }}
        dashboardLink={<a href="/admin">Pregled</a>}
        screenLink={(s) => <a href={`/admin${s.to}`}>{s.key}</a>}
        menuOpen={false}
        onMenu={noop}
        onLanguage={noop}
        onSignOut={noop}
        signingOut={false}
      >
        <h1>x</h1>
      </FrameView>,
    );
  it('customers for the admin only', () => {
    expect(nav('admin')).toContain('href="/admin/customers"');
    expect(nav('staff')).not.toContain('href="/admin/customers"');
  });
});
