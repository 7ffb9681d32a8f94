/**
 * The visitor's session (spec section 4): auth status 'loading' | 'authenticated' | 'unauthenticated', the
 * signed-in user and the access token's expiry. The state is the TanStack Query `['session']` query of the
 * router's query client (one per SSR request, one in the browser); `SessionStore` adds what a cache does not
 * know: the token renewal rules. The tokens themselves live in HttpOnly cookies the API sets; nothing here
 * ever sees them.
 *
 *  - SSR: the `$locale` route's beforeLoad calls `ensureLoaded()`, which reads GET /api/auth/session through
 *    the request's API client (the visitor's cookies forwarded). The query is dehydrated with the router's
 *    state (router.tsx, `meta.dehydrate`) and hydrated in the browser before the first render, so the header
 *    and guards do not flash.
 *    The render NEVER refreshes: a rotated refresh cookie could not reach the browser, and the browser's old
 *    one would then count as reused (the API revokes the whole token family). An expired access token is
 *    renewed before the render by the web server (identity module, SessionRenewal), with the new cookies
 *    on the page's response.
 *  - Browser (`sessionSyncOptions` in session-sync.ts, mounted by use-session.tsx): the query re-reads the session when the
 *    window becomes visible and on an interval;
 *    when the access token has expired (expires_at missing or no time left) and `autoRefresh` is on, it calls
 *    POST /api/auth/refresh ONCE for all concurrent callers (single flight, and a Web Lock across tabs so two
 *    tabs never spend the same refresh token). A failed refresh clears the session and runs the failure
 *    callback. A failed session lookup leaves the visitor unauthenticated.
 *
 * Everything that is configurable is in `sessionConfig` below (documented in docs/account.md).
 */
import type { QueryClient } from '@tanstack/react-query';
import { ApiError, type Api } from '../../api/http';
import { apiPaths } from '../../api/paths';
import { queryKeys } from '../../api/query-keys';
import type { Locale } from '../../../../contract/locales';
import { publicPath, type ScreenId } from '../../../../contract/paths';
import type { SessionView, TokenPair, UserView } from './account-types';

// ---------------------------------------------------------------------------------------------------
// Configuration (the one place)

export interface RefreshFailedContext {
  locale: Locale;
  /** Public path (with query) of the page on screen. */
  currentPath: string;
  /** Whether the page on screen is one of `protectedScreens`. */
  protectedPage: boolean;
  /** Client-side navigation to a public path. */
  navigate: (href: string) => void;
}

export interface SessionConfig {
  /** Re-read the session when the window becomes visible again (visibilitychange). */
  refetchOnWindowFocus: boolean;
  /** Re-read the session every N ms while the page is visible; 0 turns it off. */
  refetchIntervalMs: number;
  /** Refresh the access token with the refresh cookie when it has expired. */
  autoRefresh: boolean;
  /** The access token counts as expired this many ms before `expires_at` (clock drift, request time). */
  refreshLeewayMs: number;
  /** The login screen (its path comes from contract/paths.ts in the page's language). */
  loginScreen: ScreenId;
  /** Where a signed-in visitor of a guest-only screen goes (default: home, i.e. '/' in Croatian). */
  guestRedirect: ScreenId;
  /** Where the login form leads when no valid `?redirect=` is given. */
  afterLogin: ScreenId;
  /** Screens that need a signed-in user (route guard `requireAuth`). */
  protectedScreens: readonly ScreenId[];
  /** Screens only for visitors who are not signed in (route guard `guestOnly`). */
  guestOnlyScreens: readonly ScreenId[];
  /** HTTP status of guard redirects during SSR (TanStack's redirect(); 302 or 307). */
  redirectStatus: 302 | 307;
  /** Runs when a background refresh fails (the session is already cleared). */
  onRefreshFailed: (ctx: RefreshFailedContext) => void;
}

export const sessionConfig: SessionConfig = {
  refetchOnWindowFocus: true,
  refetchIntervalMs: 5 * 60_000,
  autoRefresh: true,
  refreshLeewayMs: 10_000,
  loginScreen: 'login',
  guestRedirect: 'home',
  afterLogin: 'profile',
  protectedScreens: ['profile', 'profile_edit', 'profile_orders', 'profile_order', 'profile_reset_password'],
  guestOnlyScreens: ['login', 'register', 'forgot_password'],
  redirectStatus: 307,
  // Only a page that needs the session is left; elsewhere the header simply switches to 'Log in'.
  onRefreshFailed: ({ locale, currentPath, protectedPage, navigate }) => {
    if (!protectedPage) return;
    navigate(`${publicPath(sessionConfig.loginScreen, locale)}?${new URLSearchParams({ redirect: currentPath })}`);
  },
};

// ---------------------------------------------------------------------------------------------------
// State

export type AuthStatus = 'loading' | 'authenticated' | 'unauthenticated';

/** What the session keeps of the user (and what crosses into the page's HTML): no addresses, no phone. */
export type SessionUser = Pick<UserView, 'id' | 'email' | 'first_name' | 'last_name' | 'role'>;

export interface SessionState {
  status: AuthStatus;
  user: SessionUser | null;
  /** Epoch ms when the access token expires (the API's clock); null when signed out or unknown. */
  expiresAt: number | null;
}

export const LOADING: SessionState = Object.freeze({ status: 'loading', user: null, expiresAt: null });
export const SIGNED_OUT: SessionState = Object.freeze({ status: 'unauthenticated', user: null, expiresAt: null });

export function toSessionUser(user: Pick<UserView, 'id' | 'email' | 'first_name' | 'last_name' | 'role'>): SessionUser {
  return { id: user.id, email: user.email, first_name: user.first_name, last_name: user.last_name, role: user.role };
}

/** The state a GET /api/auth/session answer describes. */
export function stateFromView(view: SessionView | null | undefined): SessionState {
  if (!view || !view.user) return SIGNED_OUT;
  return {
    status: 'authenticated',
    user: toSessionUser(view.user),
    expiresAt: typeof view.expires_at === 'number' ? view.expires_at : null,
  };
}

/** Spec section 4: the access token counts as expired when its expiry is missing or no time remains. */
export function isAccessTokenExpired(expiresAt: number | null | undefined, now: number, leewayMs = 0): boolean {
  return typeof expiresAt !== 'number' || !Number.isFinite(expiresAt) || expiresAt - leewayMs <= now;
}

// ---------------------------------------------------------------------------------------------------
// Transport

export interface SessionTransport {
  getSession(): Promise<SessionView>;
  refresh(): Promise<TokenPair>;
  logout(): Promise<void>;
}

/** The three session calls over the shop's API client (browserApi adds the CSRF header to the POSTs). */
export function sessionTransport(api: Api): SessionTransport {
  return {
    getSession: () => api.get<SessionView>(apiPaths.auth.session),
    refresh: () => api.send<TokenPair>('POST', apiPaths.auth.refresh),
    logout: async () => {
      await api.send<unknown>('POST', apiPaths.auth.logout);
    },
  };
}

/** Mutual exclusion across tabs for the refresh (Web Locks API); runs directly where it is missing. */
export type RefreshLock = <T>(task: () => Promise<T>) => Promise<T>;

export function webLock(name = 'zz-auth-refresh'): RefreshLock {
  return <T>(task: () => Promise<T>): Promise<T> => {
    const locks: LockManager | undefined = typeof navigator !== 'undefined' ? navigator.locks : undefined;
    return locks ? locks.request(name, () => task()) : task();
  };
}

const direct: RefreshLock = (task) => task();

// ---------------------------------------------------------------------------------------------------
// Store

export interface SessionStoreOptions {
  /** The router's query client: the session is its `['session']` query. */
  queryClient: QueryClient;
  transport: SessionTransport;
  /** 'server': one store per SSR request that never refreshes; 'browser': the page's store. */
  environment: 'server' | 'browser';
  config?: Partial<Pick<SessionConfig, 'autoRefresh' | 'refreshLeewayMs'>>;
  now?: () => number;
  lock?: RefreshLock;
  /** A known state to start from (SSR without an access cookie: signed out, no lookup). */
  initial?: SessionState;
}

export interface RefreshOptions {
  /** No failure callback: the caller handles the failure itself (a guard or a loader redirects to the login page). */
  silent?: boolean;
}

type Listener = () => void;

const sameState = (a: SessionState, b: SessionState) =>
  a.status === b.status &&
  a.expiresAt === b.expiresAt &&
  a.user?.id === b.user?.id &&
  a.user?.email === b.user?.email &&
  a.user?.first_name === b.user?.first_name &&
  a.user?.last_name === b.user?.last_name &&
  a.user?.role === b.user?.role;

export class SessionStore {
  readonly queryClient: QueryClient;
  private readonly failureListeners = new Set<Listener>();
  private refreshing: Promise<boolean> | null = null;
  /** Bumped by every explicit change (sign-in, sign-out): a lookup started before it is stale. */
  private generation = 0;
  private readonly transport: SessionTransport;
  private readonly browser: boolean;
  private readonly autoRefresh: boolean;
  private readonly leewayMs: number;
  private readonly now: () => number;
  private readonly lock: RefreshLock;

  constructor(options: SessionStoreOptions) {
    this.queryClient = options.queryClient;
    this.transport = options.transport;
    this.browser = options.environment === 'browser';
    this.autoRefresh = options.config?.autoRefresh ?? sessionConfig.autoRefresh;
    this.leewayMs = options.config?.refreshLeewayMs ?? sessionConfig.refreshLeewayMs;
    this.now = options.now ?? Date.now;
    this.lock = options.lock ?? direct;
    // Also for a state written before any lookup (`initial`, sign-out): kept for the page's life and
    // dehydrated from the SSR render to the browser.
    this.queryClient.setQueryDefaults(queryKeys.session, { staleTime: Infinity, gcTime: Infinity, meta: { dehydrate: true } });
    if (options.initial && options.initial.status !== 'loading') this.set(options.initial);
  }

  /**
   * The session query's options: never stale by itself (re-reads are explicit: sign-in, window focus,
   * interval), kept for the page's life, dehydrated from the SSR render to the browser.
   */
  readonly queryOptions = () =>
    ({
      queryKey: queryKeys.session,
      queryFn: () => this.load(),
      staleTime: Infinity,
      gcTime: Infinity,
      meta: { dehydrate: true },
    }) as const;

  // --- reading ---

  /** The current state: the query's data, or 'loading' before the first lookup. */
  readonly getState = (): SessionState => this.queryClient.getQueryData<SessionState>(queryKeys.session) ?? LOADING;

  private set(next: SessionState): void {
    const prev = this.queryClient.getQueryData<SessionState>(queryKeys.session);
    if (prev && sameState(prev, next)) return;
    this.queryClient.setQueryData<SessionState>(queryKeys.session, next);
  }

  /** Called after a background refresh failed (the session is cleared by then). */
  onRefreshFailed(listener: Listener): () => void {
    this.failureListeners.add(listener);
    return () => this.failureListeners.delete(listener);
  }

  /**
   * The access token has expired (or its expiry is unknown) while a user is signed in, and this store may
   * refresh it (browser, autoRefresh on).
   */
  needsRefresh(state: SessionState = this.getState()): boolean {
    return (
      this.browser &&
      this.autoRefresh &&
      state.status === 'authenticated' &&
      isAccessTokenExpired(state.expiresAt, this.now(), this.leewayMs)
    );
  }

  /** Known state, or the first lookup (shared by concurrent callers). */
  ensureLoaded(): Promise<SessionState> {
    const state = this.getState();
    return state.status === 'loading' ? this.fetch() : Promise.resolve(state);
  }

  /**
   * For route guards and calls that need a valid session: loaded and, in the browser with autoRefresh, the
   * access token refreshed when it has expired. A failed refresh leaves the visitor unauthenticated (silent:
   * the guard redirects to the login page itself).
   */
  async ensureValid(): Promise<SessionState> {
    const state = await this.ensureLoaded();
    if (this.needsRefresh(state)) await this.refresh({ silent: true });
    return this.getState();
  }

  /**
   * Runs the session query (start-up, window visible again, interval). Concurrent calls share one request;
   * `force` starts a new one (after sign-in the old answer would be stale; callers of the old one get the
   * new answer).
   */
  fetch(options: { force?: boolean } = {}): Promise<SessionState> {
    if (options.force) this.generation++;
    const queryOptions = this.queryOptions();
    const query = this.queryClient.getQueryCache().build(this.queryClient, queryOptions);
    return query.fetch(queryOptions, { cancelRefetch: !!options.force }).then(
      () => this.getState(),
      () => this.getState(),
    );
  }

  /**
   * The query function: GET /api/auth/session. A failed lookup: unauthenticated (spec: 'Session fetch
   * failure: session cleared'). In the browser, a session that disappeared (or whose token expired) is
   * refreshed once.
   */
  private async load(): Promise<SessionState> {
    const generation = this.generation;
    const before = this.getState();
    let view: SessionView | null = null;
    let failed = false;
    try {
      view = await this.transport.getSession();
    } catch {
      failed = true;
    }
    if (generation !== this.generation) return this.getState();
    const next = failed ? SIGNED_OUT : stateFromView(view);
    if (!failed && this.browser && this.autoRefresh) {
      // The session this page showed is gone (the access cookie expired with its token), or the token
      // has expired: the refresh cookie may still be valid.
      const lost = next.status === 'unauthenticated' && before.status === 'authenticated';
      if (lost || this.needsRefresh(next)) {
        if (next.status === 'authenticated') this.set(next);
        await this.refresh();
        return this.getState();
      }
    }
    return next;
  }

  /**
   * POST /api/auth/refresh, once for all concurrent callers (and, through the lock, across tabs). Inside the
   * lock the session is read first: another tab may have refreshed already (the cookies are shared), and a
   * second use of the same refresh token would revoke the whole family. True when a session is active after.
   * On failure the session is cleared and (unless silent) the failure listeners run.
   */
  refresh(options: RefreshOptions = {}): Promise<boolean> {
    if (!this.browser) return Promise.resolve(this.getState().status === 'authenticated');
    if (this.refreshing) return this.refreshing;
    const generation = this.generation;
    const run = this.lock(async (): Promise<boolean> => {
      try {
        const current = stateFromView(await this.transport.getSession());
        if (current.status === 'authenticated' && !this.needsRefresh(current)) {
          if (generation === this.generation) this.set(current);
          return true;
        }
      } catch {
        // The lookup failed: try the refresh itself.
      }
      try {
        const tokens = await this.transport.refresh();
        if (!tokens || typeof tokens.access_token !== 'string') throw new Error('refresh answered no access token');
        const after = stateFromView(await this.transport.getSession());
        if (after.status !== 'authenticated') throw new Error('no session after refresh');
        if (generation === this.generation) this.set(after);
        return true;
      } catch {
        if (generation !== this.generation) return this.getState().status === 'authenticated';
        this.set(SIGNED_OUT);
        if (!options.silent) this.failureListeners.forEach((l) => l());
        return false;
      }
    });
    const shared = run.finally(() => {
      if (this.refreshing === shared) this.refreshing = null;
    });
    this.refreshing = shared;
    return shared;
  }

  /**
   * Runs a call that needs the session (account data). In the browser a 401 refreshes once (silently) and
   * retries; a 401 that remains (or any 401 on the server) leaves the visitor unauthenticated and rethrows.
   */
  async authorized<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 401) throw error;
      if (!this.browser || !this.autoRefresh || !(await this.refresh({ silent: true }))) {
        this.clear();
        throw error;
      }
    }
    try {
      return await call();
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) this.clear();
      throw error;
    }
  }

  /**
   * After login, invitation acceptance, magic link or password change: read the session the new cookies give.
   * The previous visitor's account data is dropped and the cart is read again (the API merged the guest cart
   * into the account's).
   */
  async signedIn(): Promise<SessionState> {
    const state = await this.fetch({ force: true });
    this.forgetVisitorData();
    return state;
  }

  /**
   * Sign-out: POST /api/auth/logout (revokes server-side, clears the cookies) and clear the local session,
   * the account's cached data and the cart (the guest cart applies again).
   */
  async signOut(): Promise<void> {
    this.generation++;
    try {
      await this.transport.logout();
    } catch {
      // Signed out locally anyway; the cookies expire on their own.
    }
    this.generation++;
    await this.queryClient.cancelQueries({ queryKey: queryKeys.session, exact: true });
    this.set(SIGNED_OUT);
    this.forgetVisitorData();
  }

  /**
   * Forget the session locally (a 401 from the API). Runs inside account queries, so it leaves them alone
   * (removing a query cancels its own fetch); the guards send the visitor to the login page from here on.
   */
  clear(): void {
    this.generation++;
    this.set(SIGNED_OUT);
  }

  /** Account data belongs to the previous visitor; the cart is a different one now. */
  private forgetVisitorData(): void {
    this.queryClient.removeQueries({ queryKey: queryKeys.account });
    void this.queryClient.invalidateQueries({ queryKey: queryKeys.cartAll });
  }
}

export function createSessionStore(options: SessionStoreOptions): SessionStore {
  return new SessionStore(options);
}
