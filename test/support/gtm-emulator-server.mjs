// A local stand-in for Google Tag Manager and Google Analytics 4 (docs/analytics.md), for the browser tests:
// the machine has no internet, and a test must see exactly which requests a page makes. It speaks the parts
// of the real protocol the shop touches:
//  - GET /gtm.js?id=GTM-…  the container. The script reads the page's dataLayer as Tag Manager does (gtag()
//    pushes `arguments` objects: ['consent', 'default' | 'update', {...}]), records that it ran and the
//    consent state in window.__gtmEmulator, sets the _ga and _ga_<id> cookies only when analytics_storage
//    is granted (as GA4 in Consent Mode does), and sends ONE measurement hit, like GA4's page_view:
//    POST /g/collect?v=2&tid=…&gcs=G1x1&dl=<page> (fetch, keepalive: the CSP's connect-src must allow it).
//    Later consent updates pushed to the dataLayer are applied too (a denial stops further hits).
//  - POST|GET /g/collect    the hit, answered 204.
//  - GET /__hits            what it received so far (JSON), DELETE /__hits forgets it. Not part of Google's API.
import { createServer } from 'node:http';

/** The measurement id the emulated container's GA4 tag uses: its session cookie is `_ga_E2EMEASURE`. */
export const EMULATED_MEASUREMENT_ID = 'G-E2EMEASURE';

function containerScript(origin, id) {
  return `(function () {
  var origin = ${JSON.stringify(origin)}, id = ${JSON.stringify(id)}, stream = ${JSON.stringify(EMULATED_MEASUREMENT_ID.slice(2))};
  var dl = (window.dataLayer = window.dataLayer || []);
  var state = {}, commands = [];
  function apply(e) {
    if (e && typeof e === 'object' && e[0] === 'consent' && (e[1] === 'default' || e[1] === 'update') && e[2]) {
      commands.push(e[1]);
      for (var k in e[2]) if (k !== 'wait_for_update') state[k] = e[2][k];
      if (e[1] === 'default') window.__gtmEmulator.defaults = e[2];
    }
  }
  window.__gtmEmulator = { id: id, ran: true, consent: state, commands: commands, hits: 0 };
  for (var i = 0; i < dl.length; i++) apply(dl[i]);
  var push = dl.push;
  dl.push = function () {
    for (var j = 0; j < arguments.length; j++) apply(arguments[j]);
    return push.apply(dl, arguments);
  };
  var granted = state.analytics_storage === 'granted';
  if (granted) {
    var now = Math.floor(Date.now() / 1000);
    if (document.cookie.indexOf('_ga=') < 0) document.cookie = '_ga=GA1.1.' + Math.floor(Math.random() * 1e9) + '.' + now + '; Max-Age=63072000; Path=/; SameSite=Lax';
    document.cookie = '_ga_' + stream + '=GS2.1.s' + now + '$o1$g0$t' + now + '; Max-Age=63072000; Path=/; SameSite=Lax';
  }
  var gcs = 'G1' + (state.ad_storage === 'granted' ? '1' : '0') + (granted ? '1' : '0');
  var q = 'v=2&tid=' + encodeURIComponent(${JSON.stringify(EMULATED_MEASUREMENT_ID)}) + '&gtm=' + encodeURIComponent(id) + '&en=page_view&gcs=' + gcs +
    '&order=' + encodeURIComponent(commands.join(',')) + '&dl=' + encodeURIComponent(location.href);
  if (granted) {
    window.__gtmEmulator.hits++;
    fetch(origin + '/g/collect?' + q, { method: 'POST', mode: 'no-cors', keepalive: true, credentials: 'omit' });
  }
})();
`;
}

/** Starts the emulator on 127.0.0.1 (port 0: any free one). */
export async function startGtmEmulator(port = 0) {
  const hits = [];
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const origin = `http://127.0.0.1:${server.address().port}`;
    if (url.pathname === '/__hits') {
      if (req.method === 'DELETE') hits.length = 0;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(hits));
      return;
    }
    hits.push({ method: req.method, path: url.pathname, query: Object.fromEntries(url.searchParams), at: Date.now() });
    if (req.method === 'GET' && url.pathname === '/gtm.js') {
      const id = url.searchParams.get('id') ?? '';
      if (!/^GTM-[A-Z0-9]{4,12}$/.test(id)) {
        res.writeHead(404, { 'content-type': 'text/plain' });
        res.end('not found');
        return;
      }
      res.writeHead(200, { 'content-type': 'application/javascript; charset=utf-8', 'cache-control': 'no-store' });
      res.end(containerScript(origin, id));
      return;
    }
    if (url.pathname === '/g/collect' && (req.method === 'POST' || req.method === 'GET')) {
      req.resume();
      res.writeHead(204, { 'access-control-allow-origin': '*' });
      res.end();
      return;
    }
    res.writeHead(404, { 'content-type': 'text/plain' });
    res.end('not found');
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  const origin = `http://127.0.0.1:${server.address().port}`;
  return {
    origin,
    hits: () => [...hits],
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
