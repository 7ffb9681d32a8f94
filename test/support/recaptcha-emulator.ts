import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { freePort } from './free-port.js';

/**
 * A local stand-in for the bot-check provider (reCAPTCHA v3), speaking its protocol, for tests and
 * a curious developer (docs/bot-check.md):
 *
 * - `GET /recaptcha/api.js?render=explicit[&hl=..]`: a small script defining `window.grecaptcha`
 *   with `ready(cb)`, `render(container, { sitekey, size, badge })` (returns a widget id and puts a
 *   `.grecaptcha-badge` element into the container) and `execute(widgetId, { action })` (resolves
 *   to a token). Without `render=explicit` it answers 400: the shop must ask for explicit rendering.
 * - `POST /recaptcha/api/siteverify` (form-encoded `secret`, `response`, `remoteip`): answers like
 *   Google, `{ success, score, action, hostname, challenge_ts, 'error-codes' }`; a token counts once
 *   ('timeout-or-duplicate' the second time), a wrong secret is 'invalid-input-secret'.
 *
 * Tokens carry their scenario (action, score, host name) in a readable form, so a test can mint
 * one (`token()`) or let the browser script issue one (score `browserScore`, host name the page's).
 * `failWith(500)` or `hang()` make the verify endpoint misbehave until `behave()`.
 */
export interface RecaptchaEmulator {
  /** http://127.0.0.1:<port> */
  origin: string;
  scriptUrl: string;
  verifyUrl: string;
  siteKey: string;
  secretKey: string;
  /** The RECAPTCHA_* variables pointing a shop at this emulator. */
  env: Record<string, string>;
  /** Every request, in order: method, path with query, and for siteverify the form fields. */
  requests: Array<{ method: string; url: string; form?: Record<string, string> }>;
  /** The score the browser script's tokens get (default 0.9). */
  browserScore: number;
  /** A token as the browser script would issue it, with the given scenario. */
  token(scenario?: { action?: string; score?: number; hostname?: string }): string;
  /** Every siteverify answers this HTTP status (with an HTML body) from now on. */
  failWith(status: number): void;
  /** Every siteverify hangs (no answer) from now on. */
  hang(): void;
  /** Back to answering normally. */
  behave(): void;
  verifications(): Array<Record<string, string>>;
  close(): Promise<void>;
}

const SECRET = 'emulator-secret-key';
const SITE_KEY = 'emulator-site-key';

interface Scenario {
  a: string;
  s: number;
  h: string;
  k: string;
  n: string;
}

const encode = (s: Scenario) => `emu.${Buffer.from(JSON.stringify(s)).toString('base64url')}`;
function decode(token: string): Scenario | null {
  if (!token.startsWith('emu.')) return null;
  try {
    const s = JSON.parse(Buffer.from(token.slice(4), 'base64url').toString('utf8')) as Scenario;
    return typeof s.a === 'string' && typeof s.s === 'number' && typeof s.h === 'string' && typeof s.k === 'string' ? s : null;
  } catch {
    return null;
  }
}

/** The browser script: the part of reCAPTCHA's `grecaptcha` API the shop uses, issuing emulator tokens. */
function script(score: number): string {
  return `(function () {
  'use strict';
  if (window.grecaptcha && window.grecaptcha.render) return;
  var widgets = [];
  function b64url(text) {
    var bytes = new TextEncoder().encode(text), bin = '';
    for (var i = 0; i < bytes.length; i++) bin += String.fromCharCode(bytes[i]);
    return btoa(bin).replace(/\\+/g, '-').replace(/\\//g, '_').replace(/=+$/, '');
  }
  function nonce() {
    var a = new Uint8Array(12);
    crypto.getRandomValues(a);
    return Array.prototype.map.call(a, function (x) { return ('0' + x.toString(16)).slice(-2); }).join('');
  }
  window.grecaptcha = {
    ready: function (cb) { setTimeout(cb, 0); },
    render: function (container, params) {
      var el = typeof container === 'string' ? document.getElementById(container) : container;
      if (!el) throw new Error('reCAPTCHA placeholder element must be an element or id');
      if (!params || !params.sitekey) throw new Error('Missing required parameters: sitekey');
      var badge = document.createElement('div');
      badge.className = 'grecaptcha-badge';
      badge.setAttribute('data-style', params.badge || 'bottomright');
      badge.textContent = 'reCAPTCHA (emulator)';
      el.appendChild(badge);
      widgets.push({ sitekey: params.sitekey });
      return widgets.length - 1;
    },
    execute: function (widgetId, options) {
      var w = typeof widgetId === 'number' ? widgets[widgetId] : widgets.filter(function (x) { return x.sitekey === widgetId; })[0];
      if (!w) return Promise.reject(new Error('Invalid reCAPTCHA client id: ' + widgetId));
      var action = (options && options.action) || '';
      return Promise.resolve('emu.' + b64url(JSON.stringify({ a: action, s: ${JSON.stringify(score)}, h: location.hostname, k: w.sitekey, n: nonce() })));
    }
  };
})();
`;
}

export async function startRecaptchaEmulator(): Promise<RecaptchaEmulator> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const used = new Set<string>();
  let mode: { fail?: number; hang?: boolean } = {};
  const hanging = new Set<ServerResponse>();

  const emulator: RecaptchaEmulator = {
    origin,
    scriptUrl: `${origin}/recaptcha/api.js`,
    verifyUrl: `${origin}/recaptcha/api/siteverify`,
    siteKey: SITE_KEY,
    secretKey: SECRET,
    env: {
      RECAPTCHA_SITE_KEY: SITE_KEY,
      RECAPTCHA_SECRET_KEY: SECRET,
      RECAPTCHA_SCRIPT_URL: `${origin}/recaptcha/api.js`,
      RECAPTCHA_VERIFY_URL: `${origin}/recaptcha/api/siteverify`,
    },
    requests: [],
    browserScore: 0.9,
    token: ({ action = 'register', score = 0.9, hostname = 'localhost' } = {}) =>
      encode({ a: action, s: score, h: hostname, k: SITE_KEY, n: randomBytes(8).toString('hex') }),
    failWith: (status) => (mode = { fail: status }),
    hang: () => (mode = { hang: true }),
    behave: () => (mode = {}),
    verifications: () => emulator.requests.filter((r) => r.form).map((r) => r.form!),
    close: async () => {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };

  const handle = (req: IncomingMessage, res: ServerResponse, body: string) => {
    const url = new URL(req.url ?? '/', origin);
    if (req.method === 'GET' && url.pathname === '/recaptcha/api.js') {
      emulator.requests.push({ method: 'GET', url: url.pathname + url.search });
      if (url.searchParams.get('render') !== 'explicit') {
        res.writeHead(400, { 'content-type': 'text/plain' }).end('this emulator serves render=explicit only');
        return;
      }
      res
        .writeHead(200, {
          'content-type': 'text/javascript; charset=utf-8',
          'cache-control': 'no-store',
          'access-control-allow-origin': '*',
        })
        .end(script(emulator.browserScore));
      return;
    }
    if (req.method === 'POST' && url.pathname === '/recaptcha/api/siteverify') {
      const form = Object.fromEntries(new URLSearchParams(body));
      emulator.requests.push({ method: 'POST', url: url.pathname, form });
      if (mode.hang) {
        hanging.add(res);
        return;
      }
      if (mode.fail) {
        res.writeHead(mode.fail, { 'content-type': 'text/html' }).end('<html><body>Server Error</body></html>');
        return;
      }
      const answer = (value: object) =>
        res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(value, null, 2));
      if (!form.secret) return answer({ success: false, 'error-codes': ['missing-input-secret'] });
      if (form.secret !== SECRET) return answer({ success: false, 'error-codes': ['invalid-input-secret'] });
      if (!form.response) return answer({ success: false, 'error-codes': ['missing-input-response'] });
      const scenario = decode(form.response);
      if (!scenario || scenario.k !== SITE_KEY) return answer({ success: false, 'error-codes': ['invalid-input-response'] });
      if (used.has(form.response)) return answer({ success: false, 'error-codes': ['timeout-or-duplicate'] });
      used.add(form.response);
      return answer({
        success: true,
        challenge_ts: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
        hostname: scenario.h,
        score: scenario.s,
        action: scenario.a,
        'error-codes': [],
      });
    }
    res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
  };

  const server: Server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => handle(req, res, body));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  return emulator;
}
