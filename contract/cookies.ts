/**
 * THE registry of every cookie and browser-storage entry the site sets (docs/content.md, cookies page). The
 * server's cookie-setting code takes its names from here, the cookies page prints its table from here, and
 * test/e2e/content.test.ts fails when a public flow sets a cookie that is not listed. Imports nothing.
 *
 * Most are strictly necessary (category `essential`, no consent needed). The `analytics` ones are set by
 * Google Analytics (through the Google Tag Manager container, docs/analytics.md) only after the visitor
 * chose 'Accept all cookies', and only when a container is configured (GTM_ID).
 */
export type StorageKind = 'cookie' | 'sessionStorage';
export type Lifetime = { unit: 'session' } | { unit: 'minutes' | 'days' | 'months' | 'years'; value: number; configurable?: boolean };

/** `essential`: strictly necessary, set without consent; `analytics`: visit statistics, set only after consent. */
export type StorageCategory = 'essential' | 'analytics';

export interface StorageEntry {
  /** The cookie's or storage key's name, as the browser shows it (with `prefix`: how every such name starts). */
  name: string;
  /** The name carries an id after `name` (Google Analytics' `_ga_<measurement id>`). */
  prefix?: boolean;
  kind: StorageKind;
  /** Who writes it: the server (Set-Cookie), the page's script, or a library the page uses. */
  setBy: 'server' | 'browser';
  lifetime: Lifetime;
  category: StorageCategory;
  /** Needs the visitor's consent before it is set: exactly the non-essential ones. */
  consent: boolean;
}

export const STORAGE_ENTRIES = {
  csrf: { name: 'csrf', kind: 'cookie', setBy: 'server', lifetime: { unit: 'session' }, category: 'essential', consent: false },
  csrf_https: {
    name: '__Host-csrf',
    kind: 'cookie',
    setBy: 'server',
    lifetime: { unit: 'session' },
    category: 'essential',
    consent: false,
  },
  sid: { name: 'sid', kind: 'cookie', setBy: 'server', lifetime: { unit: 'session' }, category: 'essential', consent: false },
  locale: { name: 'locale', kind: 'cookie', setBy: 'server', lifetime: { unit: 'years', value: 1 }, category: 'essential', consent: false },
  cookie_consent: {
    name: 'cookie_consent',
    kind: 'cookie',
    setBy: 'browser',
    lifetime: { unit: 'months', value: 6 },
    category: 'essential',
    consent: false,
  },
  cart: { name: 'cart', kind: 'cookie', setBy: 'server', lifetime: { unit: 'days', value: 30 }, category: 'essential', consent: false },
  access_token: {
    name: 'access_token',
    kind: 'cookie',
    setBy: 'server',
    lifetime: { unit: 'minutes', value: 15, configurable: true },
    category: 'essential',
    consent: false,
  },
  refresh_token: {
    name: 'refresh_token',
    kind: 'cookie',
    setBy: 'server',
    lifetime: { unit: 'days', value: 30, configurable: true },
    category: 'essential',
    consent: false,
  },
  token_expires: {
    name: 'token_expires',
    kind: 'cookie',
    setBy: 'server',
    lifetime: { unit: 'days', value: 30, configurable: true },
    category: 'essential',
    consent: false,
  },
  pending_order: {
    name: 'pending_order',
    kind: 'cookie',
    setBy: 'server',
    lifetime: { unit: 'days', value: 1 },
    category: 'essential',
    consent: false,
  },
  oidc_tx: {
    name: 'oidc_tx',
    kind: 'cookie',
    setBy: 'server',
    lifetime: { unit: 'minutes', value: 10 },
    category: 'essential',
    consent: false,
  },
  checkout: {
    name: 'zz-checkout',
    kind: 'sessionStorage',
    setBy: 'browser',
    lifetime: { unit: 'session' },
    category: 'essential',
    consent: false,
  },
  checkout_account: {
    name: 'zz-checkout-account',
    kind: 'sessionStorage',
    setBy: 'browser',
    lifetime: { unit: 'session' },
    category: 'essential',
    consent: false,
  },
  chunk_reload: {
    name: 'zz-chunk-reload-at',
    kind: 'sessionStorage',
    setBy: 'browser',
    lifetime: { unit: 'session' },
    category: 'essential',
    consent: false,
  },
  scroll: {
    name: 'tsr-scroll-restoration-v1_3',
    kind: 'sessionStorage',
    setBy: 'browser',
    lifetime: { unit: 'session' },
    category: 'essential',
    consent: false,
  },
  ga: { name: '_ga', kind: 'cookie', setBy: 'browser', lifetime: { unit: 'years', value: 2 }, category: 'analytics', consent: true },
  ga_session: {
    name: '_ga_',
    prefix: true,
    kind: 'cookie',
    setBy: 'browser',
    lifetime: { unit: 'years', value: 2 },
    category: 'analytics',
    consent: true,
  },
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
  pendingOrder: STORAGE_ENTRIES.pending_order.name,
} as const;

/** The registry entry of a cookie name, if any (an exact name first, then a prefix entry). */
export function storageEntryOf(name: string, kind: StorageKind = 'cookie'): StorageEntry | undefined {
  const entries: StorageEntry[] = Object.values(STORAGE_ENTRIES);
  return (
    entries.find((e) => !e.prefix && e.name === name && e.kind === kind) ??
    entries.find((e) => e.prefix && e.kind === kind && name.length > e.name.length && name.startsWith(e.name))
  );
}

/** Google Analytics' cookies: deleted when consent is withdrawn, ignored by the render cache (they change no page). */
export const ANALYTICS_COOKIES = {
  exact: Object.values(STORAGE_ENTRIES as Record<string, StorageEntry>)
    .filter((e) => e.category === 'analytics' && e.kind === 'cookie' && !e.prefix)
    .map((e) => e.name),
  prefixes: Object.values(STORAGE_ENTRIES as Record<string, StorageEntry>)
    .filter((e) => e.category === 'analytics' && e.kind === 'cookie' && e.prefix)
    .map((e) => e.name),
} as const;

/** Whether a cookie name is one of Google Analytics' (registry category `analytics`). */
export function isAnalyticsCookie(name: string): boolean {
  return storageEntryOf(name)?.category === 'analytics';
}
