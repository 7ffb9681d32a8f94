/**
 * The bot check's loader (spec sections 4, 7, 8, 9; docs/bot-check.md): loads the provider's script
 * (reCAPTCHA v3) once per page, with `render=explicit` and the page's language, and renders one
 * invisible widget whose badge is hidden (the notice under the form says what the badge would).
 *
 * A state machine: not loaded -> loading -> loaded. A load with another site key than the first is
 * refused ('reCAPTCHA already loaded with different site key!'); outside a browser every load is
 * refused ('This is a library for the browser!'); a script that fails to load (or never defines the
 * API) resets to not loaded, so a later load tries again. After the script's load event the
 * loader polls every 25 ms until `grecaptcha.render` exists.
 */

/** How often the loader looks for `grecaptcha.render` once the script has loaded (spec section 9). */
export const BOT_CHECK_POLL_DELAY_MS = 25;
/** How long the script may take to define its API after its load event before the load counts as failed. */
export const BOT_CHECK_READY_TIMEOUT_MS = 10_000;
export const DIFFERENT_SITE_KEY_MESSAGE = 'reCAPTCHA already loaded with different site key!';
export const NOT_A_BROWSER_MESSAGE = 'This is a library for the browser!';
/** The class of the hidden element the widget (and its badge) is rendered into (global.css hides it). */
export const BOT_CHECK_CONTAINER_CLASS = 'bot-check-badge';

export type BotCheckLoaderState = 'not loaded' | 'loading' | 'loaded';

/** The part of the provider's `grecaptcha` the shop uses (explicit rendering). */
export interface Grecaptcha {
  ready(callback: () => void): void;
  render(
    container: HTMLElement | string,
    parameters: { sitekey: string; size: 'invisible'; badge: 'bottomright' | 'bottomleft' | 'inline' },
  ): number;
  execute(widgetId: number, options: { action: string }): PromiseLike<string>;
}

/** A loaded widget: asks the provider for a token for `action`. */
export interface BotCheckInstance {
  readonly siteKey: string;
  execute(action: string): Promise<string>;
}

export interface BotCheckLoadOptions {
  siteKey: string;
  /** The provider's script without query (RECAPTCHA_SCRIPT_URL). */
  scriptUrl: string;
  /** The page's language, passed on as `hl`. */
  language: string;
}

/** What the loader touches of the browser (a fake one in the unit tests). */
export interface LoaderEnvironment {
  document: Pick<Document, 'createElement' | 'head' | 'body'>;
  window: { grecaptcha?: Partial<Grecaptcha> };
  setInterval(handler: () => void, ms: number): unknown;
  clearInterval(id: unknown): void;
}

/** The real browser, or undefined on the server (SSR) and in other non-browser runtimes. */
export function browserEnvironment(): LoaderEnvironment | undefined {
  if (typeof window === 'undefined' || typeof document === 'undefined') return undefined;
  return {
    document,
    window: window as unknown as LoaderEnvironment['window'],
    setInterval: (handler, ms) => window.setInterval(handler, ms),
    clearInterval: (id) => window.clearInterval(id as number),
  };
}

/** The script's address: `scriptUrl` with render=explicit and hl=<language> (other query parameters kept). */
export function scriptAddress(scriptUrl: string, language: string): string {
  const [path, query = ''] = scriptUrl.split('?', 2) as [string, string?];
  const params = new URLSearchParams(query);
  params.set('render', 'explicit');
  params.set('hl', language);
  return `${path}?${params.toString()}`;
}

export class BotCheckLoader {
  private current: BotCheckLoaderState = 'not loaded';
  private siteKey: string | null = null;
  private pending: Promise<BotCheckInstance> | null = null;
  private instance: BotCheckInstance | null = null;

  constructor(private readonly environment: () => LoaderEnvironment | undefined = browserEnvironment) {}

  get state(): BotCheckLoaderState {
    return this.current;
  }

  /** The widget, loading the script first when needed. */
  load(options: BotCheckLoadOptions): Promise<BotCheckInstance> {
    const env = this.environment();
    if (!env) return Promise.reject(new Error(NOT_A_BROWSER_MESSAGE));
    if (this.current !== 'not loaded' && this.siteKey !== options.siteKey) return Promise.reject(new Error(DIFFERENT_SITE_KEY_MESSAGE));
    if (this.current === 'loaded') return Promise.resolve(this.instance!);
    if (this.current === 'loading') return this.pending!;

    this.current = 'loading';
    this.siteKey = options.siteKey;
    this.pending = this.loadScript(env, options).then(
      (instance) => {
        this.current = 'loaded';
        this.instance = instance;
        return instance;
      },
      (error: unknown) => {
        this.current = 'not loaded';
        this.siteKey = null;
        this.pending = null;
        throw error;
      },
    );
    return this.pending;
  }

  private loadScript(env: LoaderEnvironment, { siteKey, scriptUrl, language }: BotCheckLoadOptions): Promise<BotCheckInstance> {
    return new Promise<BotCheckInstance>((resolve, reject) => {
      const script = env.document.createElement('script');
      const fail = (message: string) => {
        script.remove();
        reject(new Error(message));
      };
      script.async = true;
      script.src = scriptAddress(scriptUrl, language);
      script.addEventListener('error', () => fail('The bot-check script could not be loaded'));
      script.addEventListener('load', () => {
        const started = Date.now();
        const timer = env.setInterval(() => {
          const api = env.window.grecaptcha;
          if (typeof api?.render !== 'function' || typeof api.ready !== 'function' || typeof api.execute !== 'function') {
            if (Date.now() - started > BOT_CHECK_READY_TIMEOUT_MS) {
              env.clearInterval(timer);
              fail('The bot-check script did not start');
            }
            return;
          }
          env.clearInterval(timer);
          const grecaptcha = api as Grecaptcha;
          grecaptcha.ready(() => {
            try {
              const container = env.document.createElement('div');
              container.className = BOT_CHECK_CONTAINER_CLASS;
              container.setAttribute('aria-hidden', 'true');
              env.document.body.appendChild(container);
              const widgetId = grecaptcha.render(container, { sitekey: siteKey, size: 'invisible', badge: 'inline' });
              resolve({ siteKey, execute: (action) => Promise.resolve(grecaptcha.execute(widgetId, { action })) });
            } catch (error) {
              reject(error instanceof Error ? error : new Error(String(error)));
            }
          });
        }, BOT_CHECK_POLL_DELAY_MS);
      });
      env.document.head.appendChild(script);
    });
  }
}
