/**
 * THE registry of every cookie and browser-storage entry the site sets (docs/content.md, cookies page). The
 * server's cookie-setting code takes its names from here, the cookies page prints its table from here, and
 * test/e2e/content-cookies.test.ts fails when a public flow sets a cookie that is not listed. Imports nothing.
 *
 * All are strictly necessary (the shop sets no analytics or marketing cookies), so none needs consent; the
 * consent banner records the visitor's choice for the future.
 */
export type StorageKind = 'cookie' | 'sessionStorage';
export type Lifetime =
  | { unit: 'session' }
  | { unit: 'minutes' | 'days' | 'months' | 'years'; value: number; configurable?: boolean };

export interface StorageEntry {
  /** The cookie's or storage key's name, as the browser shows it. */
  name: string;
  kind: StorageKind;
  /** Who writes it: the server (Set-Cookie), the page's script, or a library the page uses. */
  setBy: 'server' | 'browser';
  lifetime: Lifetime;
  /** Needs the visitor's consent before it is set (none do: all are strictly necessary). */
  consent: false;
}

export const STORAGE_ENTRIES = {
  csrf: { name: 'csrf', kind: 'cookie', setBy: 'server', lifetime: { unit: 'session' }, consent: false },
  csrf_https: { name: '__Host-csrf', kind: 'cookie', setBy: 'server', lifetime: { unit: 'session' }, consent: false },
  sid: { name: 'sid', kind: 'cookie', setBy: 'server', lifetime: { unit: 'session' }, consent: false },
  locale: { name: 'locale', kind: 'cookie', setBy: 'server', lifetime: { unit: 'years', value: 1 }, consent: false },
  cookie_consent: { name: 'cookie_consent', kind: 'cookie', setBy: 'browser', lifetime: { unit: 'months', value: 6 }, consent: false },
  cart: { name: 'cart', kind: 'cookie', setBy: 'server', lifetime: { unit: 'days', value: 30 }, consent: false },
  access_token: { name: 'access_token', kind: 'cookie', setBy: 'server', lifetime: { unit: 'minutes', value: 15, configurable: true }, consent: false },
  refresh_token: { name: 'refresh_token', kind: 'cookie', setBy: 'server', lifetime: { unit: 'days', value: 30, configurable: true }, consent: false },
  token_expires: { name: 'token_expires', kind: 'cookie', setBy: 'server', lifetime: { unit: 'days', value: 30, configurable: true }, consent: false },
  oidc_tx: { name: 'oidc_tx', kind: 'cookie', setBy: 'server', lifetime: { unit: 'minutes', value: 10 }, consent: false },
  checkout: { name: 'zz-checkout', kind: 'sessionStorage', setBy: 'browser', lifetime: { unit: 'session' }, consent: false },
  checkout_account: { name: 'zz-checkout-account', kind: 'sessionStorage', setBy: 'browser', lifetime: { unit: 'session' }, consent: false },
  chunk_reload: { name: 'zz-chunk-reload-at', kind: 'sessionStorage', setBy: 'browser', lifetime: { unit: 'session' }, consent: false },
  scroll: { name: 'tsr-scroll-restoration-v1_3', kind: 'sessionStorage', setBy: 'browser', lifetime: { unit: 'session' }, consent: false },
} as const satisfies Record<string, StorageEntry>;

export type StorageEntryId = keyof typeof STORAGE_ENTRIES;
export const STORAGE_ENTRY_IDS = Object.keys(STORAGE_ENTRIES) as StorageEntryId[];

/** Cookie names by id, for the code that sets them. */
export const COOKIE_NAMES = {
  csrf: STORAGE_ENTRIES.csrf.name,
  csrfHttps: STORAGE_ENTRIES.csrf_https.name,
  sid: STORAGE_ENTRIES.sid.name,
  locale: STORAGE_ENTRIES.locale.name,
  consent: STORAGE_ENTRIES.cookie_consent.name,
  cart: STORAGE_ENTRIES.cart.name,
  access: STORAGE_ENTRIES.access_token.name,
  refresh: STORAGE_ENTRIES.refresh_token.name,
  expires: STORAGE_ENTRIES.token_expires.name,
  oidcTransaction: STORAGE_ENTRIES.oidc_tx.name,
} as const;

/** The registry entry of a cookie name, if any. */
export function storageEntryOf(name: string, kind: StorageKind = 'cookie'): StorageEntry | undefined {
  return Object.values(STORAGE_ENTRIES).find((e: StorageEntry) => e.name === name && e.kind === kind);
}
