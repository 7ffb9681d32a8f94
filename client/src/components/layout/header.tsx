import { useRouterState } from '@tanstack/react-router';
import { useEffect, useId, useRef, useState } from 'react';
import { useT } from '../../hooks/use-locale';
import { LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE_SECONDS, LOCALE_NAMES, LOCALES } from '../../../../contract/locales';
import { matchInternalPath, type ScreenId } from '../../../../contract/paths';
import { writeCookie } from '../../lib/browser-cookie';
import { AccountIcon, CartIcon, LogoMark, MenuIcon } from '../illustrations';
import { ScreenLink } from '../screen-link';
import { localeParamsOf } from '../../seo/head';
import { SearchBox } from '../../features/catalog/search-box';
import { useSession } from '../../features/account/use-session';
import { useCartCount } from '../../features/cart/use-cart';
import styles from './header.module.css';

const NAV: Array<{ screen: ScreenId; label: string }> = [
  { screen: 'webshop', label: 'nav.shop' },
  { screen: 'recipes', label: 'nav.recipes' },
  { screen: 'blog', label: 'nav.blog' },
  { screen: 'superfoodie', label: 'nav.superfoodie' },
  { screen: 'about_us', label: 'nav.about' },
  { screen: 'contact', label: 'nav.contact' },
];

export function Header({ variant }: { variant: 'default' | 'error' }) {
  const { t } = useT();
  return (
    <header className={styles.header}>
      <div className={styles.inner}>
        <ScreenLink screen="home" className={styles.logo} aria-label={t('a11y.homeLink')}>
          <LogoMark />
          <span className={styles.wordmark} aria-hidden="true">
            Zlatno zrno
          </span>
        </ScreenLink>
        {variant === 'default' ? <Navigation /> : null}
      </div>
    </header>
  );
}

function Navigation() {
  const { t } = useT();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const pathname = useRouterState({ select: (s) => s.location.pathname });

  // Close the mobile menu after every navigation.
  const [lastPath, setLastPath] = useState(pathname);
  if (lastPath !== pathname) {
    setLastPath(pathname);
    setOpen(false);
  }

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className={styles.menuButton}
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((o) => !o)}
      >
        <MenuIcon open={open} />
        <span className={styles.menuLabel}>{t('a11y.menu')}</span>
      </button>
      <div id={menuId} className={styles.menu} data-open={open ? 'true' : 'false'}>
        <nav aria-label={t('a11y.mainNavigation')}>
          <ul className={styles.navList}>
            {NAV.map((item) => (
              <li key={item.screen}>
                <ScreenLink screen={item.screen} className={styles.navLink}>
                  {t(item.label)}
                </ScreenLink>
              </li>
            ))}
          </ul>
        </nav>
        <LanguageSwitcher />
      </div>
      <SearchBox />
      <AccountLink />
      <CartIndicator />
    </>
  );
}

/**
 * Links to the same screen in the other languages, parameters kept, or, on pages whose slug is translated
 * (products, categories), the parameters of each language from the page's loader (`localeParams`). Choosing a
 * language stores it in the `locale` cookie; the URL decides the language of every page. The link to the
 * current language is the current page, so the router marks it aria-current="page".
 */
function LanguageSwitcher() {
  const { t } = useT();
  const pathname = useRouterState({ select: (s) => (s.resolvedLocation ?? s.location).pathname });
  // Per-language params from the page's loader (a product's translated slug), else the same params.
  const localeParams = useRouterState({ select: (s) => localeParamsOf(s.matches) });
  const match = matchInternalPath(pathname);
  if (!match) return null;
  return (
    <nav aria-label={t('a11y.languageSwitcher')} className={styles.languages}>
      <ul className={styles.languageList}>
        {LOCALES.map((l) => (
          <li key={l}>
            <ScreenLink
              screen={match.screen}
              locale={l}
              params={localeParams?.[l] ?? match.params}
              keepSearch
              lang={l}
              hrefLang={l}
              title={LOCALE_NAMES[l]}
              className={styles.languageLink}
              onClick={() => writeCookie(LOCALE_COOKIE, l, LOCALE_COOKIE_MAX_AGE_SECONDS)}
            >
              <span aria-hidden="true">{l.toUpperCase()}</span>
              <span className="visually-hidden">{LOCALE_NAMES[l]}</span>
            </ScreenLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * 'My account' (the profile) when signed in, 'Log in' otherwise. The session comes from the server render
 * (hydrated), so the link is right in the first HTML and does not flash. On phones only the icon shows; the
 * name stays for screen readers (and as the link's accessible name).
 */
function AccountLink() {
  const { t } = useT();
  const { status } = useSession();
  const signedIn = status === 'authenticated';
  return (
    <ScreenLink screen={signedIn ? 'profile' : 'login'} className={styles.account} data-testid="header-account" data-session={status}>
      <AccountIcon />
      <span className={styles.accountLabel}>{signedIn ? t('nav.account') : t('nav.login')}</span>
    </ScreenLink>
  );
}

/**
 * The cart indicator. The count is the cart query's item_count (features/cart/use-cart.ts): 0 on the server
 * and at hydration, then GET /api/cart in the browser; every cart change (add-to-cart, the cart page, sign-in
 * and sign-out) updates the query, and with it this count.
 */
function CartIndicator() {
  const { t, locale } = useT();
  const count = useCartCount(locale);
  return (
    <ScreenLink screen="cart" className={styles.cart} aria-label={t('cart.indicator', { count })}>
      <CartIcon />
      <span className={styles.cartCount} aria-hidden="true">
        {count}
      </span>
    </ScreenLink>
  );
}
