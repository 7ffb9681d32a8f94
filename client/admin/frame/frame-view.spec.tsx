import { describe, expect, it } from '@jest/globals';
import { renderToStaticMarkup } from 'react-dom/server';
import { createAdminI18n, type AdminLanguage } from '../i18n';
import { FrameView, type FrameUser } from './frame-view';

const noop = () => undefined;

function frame(language: AdminLanguage, user: FrameUser | null, opts: { menuOpen?: boolean; signingOut?: boolean } = {}) {
  return renderToStaticMarkup(
    <FrameView
      t={createAdminI18n(language).t}
      language={language}
      user={user}
      dashboardLink={<a href="/admin">dashboard</a>}
      screenLink={(s) => <a href={`/admin${s.to}`}>{createAdminI18n(language).t(`frame.${s.key}`)}</a>}
      menuOpen={opts.menuOpen ?? false}
      onMenu={noop}
      onLanguage={noop}
      onSignOut={noop}
      signingOut={opts.signingOut ?? false}
    >
      <h1>screen</h1>
    </FrameView>,
  );
}

describe("the back office's frame", () => {
  it("a skip link to the main landmark, a labelled navigation with the app's screens (the orders first) and the server-rendered pages", () => {
    const html = frame('hr', { first_name: 'Marija', last_name: 'Babić', role: 'admin' });
    expect(html.indexOf('<a class="skip" href="#main">Preskoči na sadržaj</a>')).toBe(0);
    expect(html).toContain('<main id="main" tabindex="-1"><h1>screen</h1></main>');
    expect(html).toContain('<nav aria-label="Administracija">');
    expect(html).toContain('<a href="/admin/orders">Narudžbe</a>');
    expect(html).toContain('<a href="/admin/invoices">Računi</a>');
    expect(html).toContain('<a href="/admin/queues">Redovi poslova</a>');
    expect(html).toContain('Zlatno zrno');
  });

  it('hides the pages a role cannot open: staff see orders and invoices, not the queue dashboard or coupons (admin only)', () => {
    const html = frame('en', { first_name: 'Petar', last_name: 'Jurić', role: 'staff' });
    expect(html).toContain('/admin/orders');
    expect(html).toContain('/admin/invoices');
    expect(html).not.toContain('/admin/queues');
    expect(html).not.toContain('/admin/coupons');
    expect(html).toContain('<a href="/admin">dashboard</a>');
    expect(frame('en', null)).not.toContain('/admin/orders');
  });

  it("shows who is signed in with their role, in the back office's language", () => {
    expect(frame('hr', { first_name: 'Marija', last_name: 'Babić', role: 'admin' })).toMatch(
      /Prijavljeni ste kao <strong>Marija Babić<\/strong> \(administrator\)/,
    );
    expect(frame('en', { first_name: 'Petar', last_name: 'Jurić', role: 'staff' })).toMatch(
      /Signed in as <strong>Petar Jurić<\/strong> \(staff\)/,
    );
  });

  it('the language switch: labelled, every language in its own name, the current one chosen', () => {
    const html = frame('en', null);
    expect(html).toContain('<label class="language"><span>Back-office language</span><select>');
    expect(html).toContain('<option value="hr" lang="hr">Hrvatski</option>');
    expect(html).toContain('<option value="en" lang="en" selected="">English</option>');
    expect(html).toContain('<option value="sl" lang="sl">Slovenščina</option>');
  });

  it('the phone menu: a button that says whether the navigation is open', () => {
    expect(frame('en', null)).toContain('aria-expanded="false" aria-controls="admin-nav"');
    const open = frame('en', null, { menuOpen: true });
    expect(open).toContain('aria-expanded="true"');
    expect(open).toContain('<div id="admin-nav" class="bar-menu open">');
  });

  it('sign out, and while it goes, says so and cannot be pressed twice', () => {
    expect(frame('hr', null)).toContain('>Odjava</button>');
    expect(frame('hr', null, { signingOut: true })).toMatch(/disabled="">Odjavljujem…<\/button>/);
  });
});
