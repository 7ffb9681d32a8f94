/**
 * The back office's frame: skip link, header (shop name, navigation, who is signed in, the
 * back-office language, sign out) and the main landmark. Pure (state comes in as props) so the unit
 * tests render it as the browser does. Under 768 px the navigation collapses behind a menu button.
 */
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { company } from '../../../contract/brand/company';
import { ADMIN_LANGUAGES, LANGUAGE_NAMES, type AdminLanguage } from '../i18n';

/**
 * The server-rendered operator pages, opened with a full page load (not the app's screens yet), and
 * the roles they let in today: the navigation hides what a role cannot open.
 */
export const SERVER_PAGES = [
  { key: 'invoices', href: '/admin/invoices', roles: ['admin', 'staff'] },
  { key: 'queues', href: '/admin/queues', roles: ['admin'] },
] as const satisfies ReadonlyArray<{ key: string; href: string; roles: readonly string[] }>;

/** Whether `role` may open `href` (a server-rendered page or a link into one, e.g. with a filter). */
export function mayOpen(href: string, role: string | undefined): boolean {
  const page = SERVER_PAGES.find((p) => href === p.href || href.startsWith(`${p.href}?`) || href.startsWith(`${p.href}/`));
  return !page || (!!role && (page.roles as readonly string[]).includes(role));
}

export interface FrameUser {
  first_name: string;
  last_name: string;
  role: string;
}

/** The app's own screens in the navigation, and the roles that may open them (the API decides; this only hides). */
export const APP_SCREENS = [
  { key: 'orders', to: '/orders', roles: ['admin', 'staff'] },
  { key: 'products', to: '/products', roles: ['admin', 'staff'] },
  { key: 'categories', to: '/categories', roles: ['admin', 'staff'] },
  { key: 'coupons', to: '/coupons', roles: ['admin'] },
  { key: 'newsletter', to: '/newsletter', roles: ['admin'] },
  { key: 'customers', to: '/customers', roles: ['admin'] },
  { key: 'content', to: '/content', roles: ['admin', 'staff'] },
  { key: 'audit', to: '/audit', roles: ['admin', 'staff'] },
] as const satisfies ReadonlyArray<{ key: string; to: string; roles: readonly string[] }>;
export type AppScreen = (typeof APP_SCREENS)[number];

export interface FrameViewProps {
  t: TFunction;
  language: AdminLanguage;
  user: FrameUser | null;
  /** The link to the dashboard (the router's Link in the app). */
  dashboardLink: ReactNode;
  /** A link to one of the app's screens (the router's Link in the app). */
  screenLink?: (screen: AppScreen) => ReactNode;
  menuOpen: boolean;
  onMenu: () => void;
  onLanguage: (language: AdminLanguage) => void;
  onSignOut: () => void;
  signingOut: boolean;
  children: ReactNode;
}

export function FrameView(props: FrameViewProps) {
  const { t, language, user } = props;
  const role = user && (user.role === 'admin' || user.role === 'staff') ? t(`frame.roles.${user.role}`) : user?.role;
  return (
    <>
      <a className="skip" href="#main">
        {t('frame.skip')}
      </a>
      <header className="bar">
        <div className="bar-top">
          <p className="brand">
            {company.brand} <span className="brand-sub">{t('frame.title')}</span>
          </p>
          <button type="button" className="menu-toggle" aria-expanded={props.menuOpen} aria-controls="admin-nav" onClick={props.onMenu}>
            {t('frame.menu')}
          </button>
        </div>
        <div id="admin-nav" className={`bar-menu${props.menuOpen ? ' open' : ''}`}>
          <nav aria-label={t('frame.nav')}>
            <ul>
              <li>{props.dashboardLink}</li>
              {props.screenLink
                ? APP_SCREENS.filter((s) => !!user && (s.roles as readonly string[]).includes(user.role)).map((s) => (
                    <li key={s.key}>{props.screenLink!(s)}</li>
                  ))
                : null}
              {SERVER_PAGES.filter((page) => mayOpen(page.href, user?.role)).map((page) => (
                <li key={page.key}>
                  <a href={page.href}>{t(`frame.${page.key}`)}</a>
                </li>
              ))}
              <li>
                <a href="/">{t('frame.shop')}</a>
              </li>
            </ul>
          </nav>
          <div className="bar-tools">
            {user ? (
              <p className="who">
                {t('frame.signedInAs')}{' '}
                <strong>
                  {user.first_name} {user.last_name}
                </strong>{' '}
                ({role})
              </p>
            ) : null}
            <label className="language">
              <span>{t('frame.language')}</span>
              <select value={language} onChange={(e) => props.onLanguage(e.currentTarget.value as AdminLanguage)}>
                {ADMIN_LANGUAGES.map((l) => (
                  <option key={l} value={l} lang={l}>
                    {LANGUAGE_NAMES[l]}
                  </option>
                ))}
              </select>
            </label>
            <button type="button" className="sign-out" onClick={props.onSignOut} disabled={props.signingOut}>
              {props.signingOut ? t('frame.signingOut') : t('frame.signOut')}
            </button>
          </div>
        </div>
      </header>
      <main id="main" tabIndex={-1}>
        {props.children}
      </main>
    </>
  );
}
