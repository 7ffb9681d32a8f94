import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import {
  BOT_CHECK_POLL_DELAY_MS,
  BOT_CHECK_READY_TIMEOUT_MS,
  BotCheckLoader,
  DIFFERENT_SITE_KEY_MESSAGE,
  NOT_A_BROWSER_MESSAGE,
  scriptAddress,
  type Grecaptcha,
  type LoaderEnvironment,
} from './loader';

/** A fake element: what the loader sets and listens to. */
class FakeElement {
  src = '';
  async = false;
  className = '';
  attributes: Record<string, string> = {};
  removed = false;
  private listeners: Record<string, Array<() => void>> = {};
  constructor(readonly tagName: string) {}
  addEventListener(type: string, fn: () => void) {
    (this.listeners[type] ??= []).push(fn);
  }
  setAttribute(name: string, value: string) {
    this.attributes[name] = value;
  }
  remove() {
    this.removed = true;
  }
  fire(type: 'load' | 'error') {
    for (const fn of this.listeners[type] ?? []) fn();
  }
}

/** A fake browser page: scripts appended to <head>, elements to <body>, and `window.grecaptcha` once a script "runs". */
function fakePage() {
  const scripts: FakeElement[] = [];
  const bodyChildren: FakeElement[] = [];
  const win: LoaderEnvironment['window'] = {};
  const intervals: number[] = [];
  const env: LoaderEnvironment = {
    document: {
      createElement: ((tag: string) => new FakeElement(tag)) as unknown as Document['createElement'],
      head: { appendChild: (el: FakeElement) => (scripts.push(el), el) } as unknown as Document['head'],
      body: { appendChild: (el: FakeElement) => (bodyChildren.push(el), el) } as unknown as Document['body'],
    },
    window: win,
    setInterval: (fn, ms) => {
      intervals.push(ms);
      return setInterval(fn, ms);
    },
    clearInterval: (id) => clearInterval(id as ReturnType<typeof setInterval>),
  };
  const rendered: Array<{ container: unknown; params: unknown }> = [];
  const executed: Array<{ widgetId: number; action: string }> = [];
  /** What the provider's script defines when it runs. */
  const defineApi = () => {
    const api: Grecaptcha = {
      ready: (cb) => void Promise.resolve().then(cb),
      render: (container, params) => (rendered.push({ container, params }), rendered.length - 1),
      execute: (widgetId, { action }) => (executed.push({ widgetId, action }), Promise.resolve(`token-${widgetId}-${action}`)),
    };
    win.grecaptcha = api;
  };
  return { env, scripts, bodyChildren, win, intervals, rendered, executed, defineApi };
}

const options = { siteKey: 'site-A', scriptUrl: 'https://provider.example/recaptcha/api.js', language: 'de' };
/** Lets the loader's promise callbacks run (fake timers do not run microtasks). */
const flush = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};

describe('BotCheckLoader', () => {
  beforeEach(() => {
    jest.useFakeTimers();
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  it('goes not loaded -> loading -> loaded, loading render=explicit in the page language and rendering one invisible widget with a hidden badge', async () => {
    const page = fakePage();
    const loader = new BotCheckLoader(() => page.env);
    expect(loader.state).toBe('not loaded');
    const loading = loader.load(options);
    expect(loader.state).toBe('loading');
    expect(page.scripts).toHaveLength(1);
    expect(page.scripts[0]!.src).toBe('https://provider.example/recaptcha/api.js?render=explicit&hl=de');
    expect(page.scripts[0]!.async).toBe(true);

    page.defineApi();
    page.scripts[0]!.fire('load');
    jest.advanceTimersByTime(BOT_CHECK_POLL_DELAY_MS);
    await flush();
    const instance = await loading;
    expect(loader.state).toBe('loaded');
    expect(page.rendered).toHaveLength(1);
    expect(page.rendered[0]!.params).toEqual({ sitekey: 'site-A', size: 'invisible', badge: 'inline' });
    expect(page.rendered[0]!.container).toBe(page.bodyChildren[0]);
    expect(page.bodyChildren[0]!.className).toBe('bot-check-badge');
    await expect(instance.execute('register')).resolves.toBe('token-0-register');
    expect(page.executed).toEqual([{ widgetId: 0, action: 'register' }]);
  });

  it('polls every 25 ms after the script loaded until grecaptcha.render exists', async () => {
    expect(BOT_CHECK_POLL_DELAY_MS).toBe(25);
    const page = fakePage();
    const loader = new BotCheckLoader(() => page.env);
    let done = false;
    void loader.load(options).then(() => (done = true));
    page.scripts[0]!.fire('load');
    expect(page.intervals).toEqual([25]);
    jest.advanceTimersByTime(25 * 4);
    await flush();
    expect([done, loader.state]).toEqual([false, 'loading']);
    page.win.grecaptcha = { ready: () => undefined }; // half-defined: not yet
    jest.advanceTimersByTime(25);
    await flush();
    expect(loader.state).toBe('loading');
    page.defineApi();
    jest.advanceTimersByTime(24);
    await flush();
    expect(done).toBe(false);
    jest.advanceTimersByTime(1);
    await flush();
    expect([done, loader.state]).toEqual([true, 'loaded']);
    expect(jest.getTimerCount()).toBe(0);
  });

  it('loads once: the same key while loading or loaded gets the same widget, no second script', async () => {
    const page = fakePage();
    const loader = new BotCheckLoader(() => page.env);
    const first = loader.load(options);
    const second = loader.load({ ...options, language: 'en' });
    expect(second).toBe(first);
    page.defineApi();
    page.scripts[0]!.fire('load');
    jest.advanceTimersByTime(25);
    await flush();
    const instance = await first;
    await expect(loader.load(options)).resolves.toBe(instance);
    expect(page.scripts).toHaveLength(1);
    expect(page.rendered).toHaveLength(1);
  });

  it("refuses another site key while loading and once loaded with 'reCAPTCHA already loaded with different site key!'", async () => {
    const page = fakePage();
    const loader = new BotCheckLoader(() => page.env);
    const first = loader.load(options);
    await expect(loader.load({ ...options, siteKey: 'site-B' })).rejects.toThrow(new Error(DIFFERENT_SITE_KEY_MESSAGE));
    expect(DIFFERENT_SITE_KEY_MESSAGE).toBe('reCAPTCHA already loaded with different site key!');
    expect(loader.state).toBe('loading');
    page.defineApi();
    page.scripts[0]!.fire('load');
    jest.advanceTimersByTime(25);
    await flush();
    await first;
    await expect(loader.load({ ...options, siteKey: 'site-B' })).rejects.toThrow(DIFFERENT_SITE_KEY_MESSAGE);
    expect(loader.state).toBe('loaded');
    expect(page.scripts).toHaveLength(1);
  });

  it("throws 'This is a library for the browser!' outside a browser", async () => {
    expect(NOT_A_BROWSER_MESSAGE).toBe('This is a library for the browser!');
    await expect(new BotCheckLoader(() => undefined).load(options)).rejects.toThrow(new Error(NOT_A_BROWSER_MESSAGE));
    // The default environment is the real browser's: in Node there is none.
    const loader = new BotCheckLoader();
    await expect(loader.load(options)).rejects.toThrow(NOT_A_BROWSER_MESSAGE);
    expect(loader.state).toBe('not loaded');
  });

  it('resets to not loaded when the script fails to load, and a later load tries again (even with another key)', async () => {
    const page = fakePage();
    const loader = new BotCheckLoader(() => page.env);
    const failed = loader.load(options);
    page.scripts[0]!.fire('error');
    await expect(failed).rejects.toThrow('The bot-check script could not be loaded');
    expect(loader.state).toBe('not loaded');
    expect(page.scripts[0]!.removed).toBe(true);

    const again = loader.load({ ...options, siteKey: 'site-B' });
    expect(loader.state).toBe('loading');
    expect(page.scripts).toHaveLength(2);
    page.defineApi();
    page.scripts[1]!.fire('load');
    jest.advanceTimersByTime(25);
    await flush();
    await expect(again).resolves.toMatchObject({ siteKey: 'site-B' });
    expect(loader.state).toBe('loaded');
  });

  it('resets to not loaded when the loaded script never defines the API', async () => {
    const page = fakePage();
    const loader = new BotCheckLoader(() => page.env);
    const loading = loader.load(options);
    const outcome = loading.catch((e: Error) => e.message);
    page.scripts[0]!.fire('load');
    jest.advanceTimersByTime(BOT_CHECK_READY_TIMEOUT_MS + 50);
    await flush();
    await expect(outcome).resolves.toBe('The bot-check script did not start');
    expect(loader.state).toBe('not loaded');
    expect(jest.getTimerCount()).toBe(0);
  });
});

describe('scriptAddress', () => {
  it('adds render=explicit and hl, keeping other parameters', () => {
    expect(scriptAddress('https://www.google.com/recaptcha/api.js', 'hr')).toBe(
      'https://www.google.com/recaptcha/api.js?render=explicit&hl=hr',
    );
    expect(scriptAddress('http://127.0.0.1:4000/recaptcha/api.js?trustedtypes=true&render=onload', 'sl')).toBe(
      'http://127.0.0.1:4000/recaptcha/api.js?trustedtypes=true&render=explicit&hl=sl',
    );
  });
});
