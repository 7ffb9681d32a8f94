import { Inject, Injectable, Logger } from '@nestjs/common';
import * as oidc from 'openid-client';
import { APP_CONFIG, type AppConfig } from '../../config/index.js';
import { DEFAULT_LOCALE, isLocale, type Locale } from '../../platform/i18n/index.js';
import { signValue, unsignValue } from '../../platform/http/signed-value.js';
import { IdentityError } from './identity.errors.js';
import { sameSitePath } from './identity-links.js';
import { COOKIE_NAMES } from '../../../contract/cookies.js';

/** The cookie carrying one sign-in attempt from the redirect to Google back to our callback. */
export const OIDC_TX_COOKIE = COOKIE_NAMES.oidcTransaction;
/** Only the auth routes need it (the start sets it, the callback reads and clears it). */
export const OIDC_TX_COOKIE_PATH = '/api/auth';
/** How long the browser may stay at Google before the attempt expires. */
export const OIDC_TX_MAX_AGE_MS = 10 * 60 * 1000;
/** Where Google sends the browser back to (registered with the OAuth client). */
export const GOOGLE_CALLBACK_PATH = '/api/auth/callback/google';

const SCOPE = 'openid email profile';
/** Seconds for each request to the provider (discovery, token exchange, keys). */
const PROVIDER_TIMEOUT_SECONDS = 10;

/** One sign-in attempt: the secrets the callback must match, and where the browser goes afterwards. */
export interface OidcTransaction {
  state: string;
  nonce: string;
  code_verifier: string;
  /** A same-site path to return to, or null (the profile page). */
  redirect: string | null;
  locale: Locale;
  /** Epoch milliseconds. */
  created: number;
  /** Link mode: the id of the signed-in user who asked to link Google from the profile; absent for a sign-in. */
  link?: string;
}

/** What the shop takes from Google's verified ID token. */
export interface GoogleClaims {
  sub: string;
  /** Lower-cased. */
  email: string;
  givenName?: string;
  familyName?: string;
  /** The ID token's `hd` (Google Workspace domain of the account), when present: Google then vouches for the address. */
  hostedDomain?: string;
}

/**
 * Google sign-in by the OpenID Connect authorization code flow with state, nonce and PKCE (S256),
 * through openid-client. The provider's configuration is discovered on first use and cached (a
 * failed discovery is retried on the next attempt). Each attempt's secrets travel in a short-lived,
 * HMAC-signed, HttpOnly cookie, so no server-side storage is needed. Tokens and codes are never logged.
 */
@Injectable()
export class GoogleOidcService {
  private readonly logger = new Logger('identity');
  private discovered: Promise<oidc.Configuration> | null = null;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  get enabled(): boolean {
    return this.config.auth.google !== null;
  }

  /** The redirect_uri sent to the provider: `${PUBLIC_URL}/api/auth/callback/google`. */
  get redirectUri(): string {
    return `${this.config.http.publicUrl}${GOOGLE_CALLBACK_PATH}`;
  }

  /** Options of the transaction cookie; clearing it needs the same ones (path!). Setting it adds the max age. */
  cookieOptions() {
    return {
      httpOnly: true,
      sameSite: 'lax' as const,
      secure: this.config.http.publicUrl.startsWith('https://'),
      path: OIDC_TX_COOKIE_PATH,
    };
  }

  /** Begins an attempt: the provider URL to redirect to, and the signed cookie value to set. */
  async start(redirectPath: unknown, locale: Locale, linkUserId?: string): Promise<{ authorizationUrl: string; transaction: string }> {
    const configuration = await this.configuration();
    const tx: OidcTransaction = {
      state: oidc.randomState(),
      nonce: oidc.randomNonce(),
      code_verifier: oidc.randomPKCECodeVerifier(),
      redirect: sameSitePath(redirectPath),
      locale,
      created: Date.now(),
      ...(linkUserId ? { link: linkUserId } : {}),
    };
    const url = oidc.buildAuthorizationUrl(configuration, {
      redirect_uri: this.redirectUri,
      scope: SCOPE,
      response_type: 'code',
      state: tx.state,
      nonce: tx.nonce,
      code_challenge: await oidc.calculatePKCECodeChallenge(tx.code_verifier),
      code_challenge_method: 'S256',
    });
    return { authorizationUrl: url.href, transaction: this.seal(tx) };
  }

  /**
   * The attempt a cookie value stands for, if genuine (our HMAC) and not older than 10 minutes;
   * null otherwise. The callback uses it for the language of a failure page too.
   */
  openTransaction(cookieValue: unknown): OidcTransaction | null {
    const payload = unsignValue(this.config.secretKey, OIDC_TX_COOKIE, cookieValue);
    if (!payload) return null;
    try {
      const tx = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Partial<OidcTransaction>;
      const age = Date.now() - Number(tx.created);
      if (!(age >= 0 && age <= OIDC_TX_MAX_AGE_MS)) return null;
      if (typeof tx.state !== 'string' || typeof tx.nonce !== 'string' || typeof tx.code_verifier !== 'string') return null;
      return {
        state: tx.state,
        nonce: tx.nonce,
        code_verifier: tx.code_verifier,
        redirect: sameSitePath(tx.redirect),
        locale: isLocale(tx.locale) ? tx.locale : DEFAULT_LOCALE,
        created: Number(tx.created),
        ...(typeof tx.link === 'string' && tx.link ? { link: tx.link } : {}),
      };
    } catch {
      return null;
    }
  }

  /**
   * Completes an attempt: checks the callback's state against the cookie's, exchanges the code with
   * the PKCE verifier and validates the ID token: its JWS signature against the provider's published
   * keys (jwks_uri; see configuration()), `iss` = the discovered issuer, `aud` = our client id (and
   * `azp` when there are several audiences), `exp` in the future, `iat` present, `nonce` = this
   * attempt's; then requires a verified e-mail. AUTH_GOOGLE_FAILED for anything wrong, AUTH_GOOGLE_EMAIL_UNVERIFIED
   * when Google does not vouch for the address.
   */
  async finish(currentUrl: URL, cookieValue: unknown): Promise<GoogleClaims> {
    const tx = this.openTransaction(cookieValue);
    if (!tx) {
      this.logger.warn('google sign-in: missing, forged or expired transaction cookie');
      throw new IdentityError('AUTH_GOOGLE_FAILED');
    }
    const providerError = currentUrl.searchParams.get('error');
    if (providerError) {
      // e.g. access_denied when the user cancels: a short, provider-chosen code, safe to log.
      this.logger.log({ error: providerError.slice(0, 64) }, 'google sign-in: the provider answered an error');
      throw new IdentityError('AUTH_GOOGLE_FAILED');
    }
    const configuration = await this.configuration();
    let claims: oidc.IDToken | undefined;
    let accessToken: string;
    try {
      const tokens = await oidc.authorizationCodeGrant(configuration, currentUrl, {
        expectedState: tx.state,
        expectedNonce: tx.nonce,
        pkceCodeVerifier: tx.code_verifier,
        idTokenExpected: true,
      });
      claims = tokens.claims();
      accessToken = tokens.access_token;
    } catch (err) {
      // Only the kind of failure: the error's details may quote the provider's answer.
      this.logger.warn({ reason: describe(err) }, 'google sign-in: the authorization response or token exchange was refused');
      throw new IdentityError('AUTH_GOOGLE_FAILED');
    }
    if (!claims?.sub) throw new IdentityError('AUTH_GOOGLE_FAILED');

    let profile: Record<string, unknown> = claims;
    // Google puts e-mail and name into the ID token for these scopes; other providers may answer them at userinfo only.
    if (typeof profile.email !== 'string' && configuration.serverMetadata().userinfo_endpoint) {
      try {
        profile = { ...(await oidc.fetchUserInfo(configuration, accessToken, claims.sub)), ...claims };
      } catch (err) {
        this.logger.warn({ reason: describe(err) }, 'google sign-in: userinfo failed');
        throw new IdentityError('AUTH_GOOGLE_FAILED');
      }
    }
    const email = typeof profile.email === 'string' ? profile.email.trim().toLowerCase() : '';
    if (!email || profile.email_verified !== true) throw new IdentityError('AUTH_GOOGLE_EMAIL_UNVERIFIED');
    return {
      sub: claims.sub,
      email,
      ...(typeof profile.given_name === 'string' && profile.given_name.trim() ? { givenName: profile.given_name.trim() } : {}),
      ...(typeof profile.family_name === 'string' && profile.family_name.trim() ? { familyName: profile.family_name.trim() } : {}),
      // From the signed ID token only, never from userinfo: it decides whether an existing account may be linked.
      ...(typeof claims.hd === 'string' && claims.hd.trim() ? { hostedDomain: claims.hd.trim().toLowerCase() } : {}),
    };
  }

  /**
   * The provider's discovered configuration: cached; a failure is not cached, so the next attempt retries.
   *
   * Signature checks: oauth4webapi (under openid-client) does not verify the JWS signature of an ID
   * token received from the token endpoint, relying on TLS to the issuer as OpenID Connect Core
   * 3.1.3.7 (6) allows. We turn it on anyway (`enableNonRepudiationChecks`): the ID token decides
   * which account is entered, and a signature check does not depend on the TLS setup of the process.
   * Keys come from the discovered `jwks_uri` and are cached per configuration (in memory): fetched
   * again when the cached set is 5 minutes old, or when a token names a key id (`kid`) that is not in
   * a set at least 60 seconds old (Google rotates keys and publishes the new one before using it).
   * A token whose key is unknown even then, or whose signature does not verify, is refused.
   */
  private configuration(): Promise<oidc.Configuration> {
    const google = this.config.auth.google;
    if (!google) return Promise.reject(new IdentityError('AUTH_GOOGLE_DISABLED'));
    this.discovered ??= (async () => {
      const issuer = new URL(google.issuerUrl);
      try {
        return await oidc.discovery(issuer, google.clientId, google.clientSecret, undefined, {
          timeout: PROVIDER_TIMEOUT_SECONDS,
          // Plain http only for a local test provider; Google itself is always https.
          execute: [oidc.enableNonRepudiationChecks, ...(issuer.protocol === 'http:' ? [oidc.allowInsecureRequests] : [])],
        });
      } catch (err) {
        this.discovered = null;
        this.logger.error({ reason: describe(err), issuer: issuer.origin }, 'google sign-in: discovery of the provider failed');
        throw new IdentityError('AUTH_GOOGLE_FAILED');
      }
    })();
    return this.discovered;
  }

  private seal(tx: OidcTransaction): string {
    return signValue(this.config.secretKey, OIDC_TX_COOKIE, Buffer.from(JSON.stringify(tx), 'utf8').toString('base64url'));
  }
}

/** A loggable description of an error without its payload (no tokens, codes or claims). */
function describe(err: unknown): string {
  if (!(err instanceof Error)) return 'unknown';
  const code = (err as { code?: unknown }).code;
  return `${err.name}${typeof code === 'string' ? ` ${code}` : ''}: ${err.message}`.slice(0, 300);
}
