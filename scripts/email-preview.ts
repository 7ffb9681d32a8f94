/**
 * `npm run email:dev`: preview of every mail template in every language, with live reload.
 *
 * Vite runs in middleware mode only as a module loader: ssrLoadModule('/emails/render.ts') loads the
 * templates fresh after each change, so editing a template, a component or a locale file shows up
 * in the open browser tab without a restart. Pages:
 *   /                          index: every template x language, with its subject (or its error)
 *   /<template>/<locale>       the mail in a 600 px frame (switch to 375 px), live-reloading
 *   /<template>/<locale>/html  exactly the HTML that is sent;  .../text  the text part
 *
 * Options: --port 3001 --host 127.0.0.1 --public-url http://localhost:3000 (origin of links in mails)
 */
import http from 'node:http';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createServer as createViteServer, type ViteDevServer } from 'vite';
import { escapeMarkup } from '../contract/markup.js';

type RenderModule = typeof import('../emails/render.js');

const ROOT = path.resolve(fileURLToPath(new URL('..', import.meta.url)));
const WATCHED = [path.join(ROOT, 'emails') + path.sep, path.join(ROOT, 'contract') + path.sep];

export async function startEmailPreview(options: { port: number; host: string; publicUrl: string }) {
  const vite: ViteDevServer = await createViteServer({
    root: ROOT,
    configFile: false,
    appType: 'custom',
    logLevel: 'warn',
    server: {
      middlewareMode: true,
      ws: false,
      watch: { ignored: (file: string) => /[\\/](node_modules|\.data|dist|\.git)([\\/]|$)/.test(file) },
    },
  });

  const listeners = new Set<http.ServerResponse>();
  let pending: NodeJS.Timeout | undefined;
  const onChange = (file: string) => {
    if (!WATCHED.some((dir) => file.startsWith(dir))) return;
    // Locale JSON is read by render.ts itself, outside Vite's module graph: drop every module.
    vite.moduleGraph.invalidateAll();
    // Editors save through temporary files: one reload per burst of changes.
    clearTimeout(pending);
    pending = setTimeout(() => {
      process.stdout.write(`changed ${path.relative(ROOT, file)}: reloading ${listeners.size} preview(s)\n`);
      for (const res of listeners) res.write('data: reload\n\n');
    }, 100);
  };
  vite.watcher.on('change', onChange).on('add', onChange).on('unlink', onChange);

  const load = () => vite.ssrLoadModule('/emails/render.ts') as Promise<RenderModule>;

  const server = http.createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      if (err instanceof Error) vite.ssrFixStacktrace(err);
      send(
        res,
        500,
        'text/html',
        page('Error', `<pre class="error">${escapeMarkup(err instanceof Error ? (err.stack ?? err.message) : String(err))}</pre>`),
      );
    });
  });

  async function handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://preview');
    const parts = url.pathname.split('/').filter(Boolean).map(decodeURIComponent);
    if (parts[0] === '__events') {
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store', connection: 'keep-alive' });
      res.write(': connected\n\n');
      listeners.add(res);
      req.on('close', () => listeners.delete(res));
      return;
    }
    const mod = await load();
    if (parts.length === 0) return send(res, 200, 'text/html', await indexPage(mod));
    const [name, locale, view] = parts;
    if (!mod.isTemplateName(name) || !mod.isMailLocale(locale) || parts.length > 3)
      return send(res, 404, 'text/plain', 'No such preview\n');
    let mail;
    try {
      mail = await mod.renderMail(name, mod.previewPropsOf(name, options.publicUrl), locale, { publicUrl: options.publicUrl });
    } catch (err) {
      const message = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
      if (view) return send(res, 500, 'text/plain', `${message}\n`);
      return send(
        res,
        500,
        'text/html',
        page(`${name} / ${locale}`, `${nav(mod, name, locale)}<pre class="error">${escapeMarkup(message)}</pre>`),
      );
    }
    if (view === 'html') return send(res, 200, 'text/html', mail.html);
    if (view === 'text') return send(res, 200, 'text/plain', mail.text);
    if (view) return send(res, 404, 'text/plain', 'No such view\n');
    return send(
      res,
      200,
      'text/html',
      page(
        `${name} / ${locale}`,
        `${nav(mod, name, locale)}
        <p class="subject"><span>Subject</span> ${escapeMarkup(mail.subject)}</p>
        <p class="tools">Width: <button data-w="600">600 px</button> <button data-w="375">375 px</button>
          · <a href="/${name}/${locale}/html" target="_blank">HTML</a> · <a href="/${name}/${locale}/text" target="_blank">text part</a></p>
        <iframe id="mail" src="/${name}/${locale}/html" title="${escapeMarkup(mail.subject)}"></iframe>
        <h2>Text part</h2><pre class="text">${escapeMarkup(mail.text)}</pre>
        <script>
          for (const b of document.querySelectorAll('[data-w]')) b.onclick = () => (document.getElementById('mail').style.width = b.dataset.w + 'px');
        </script>`,
      ),
    );
  }

  async function indexPage(mod: RenderModule): Promise<string> {
    const rows: string[] = [];
    for (const name of Object.keys(mod.templates) as Array<keyof typeof mod.templates>) {
      const cells: string[] = [];
      for (const locale of mod.MAIL_LOCALES) {
        try {
          const { subject } = await mod.renderMail(name, mod.previewPropsOf(name, options.publicUrl), locale, {
            publicUrl: options.publicUrl,
          });
          cells.push(`<td><a href="/${name}/${locale}">${escapeMarkup(subject)}</a></td>`);
        } catch (err) {
          cells.push(
            `<td><a class="error" href="/${name}/${locale}">${escapeMarkup(err instanceof Error ? err.message : String(err))}</a></td>`,
          );
        }
      }
      rows.push(`<tr><th>${escapeMarkup(name)}</th>${cells.join('')}</tr>`);
    }
    return page(
      'Mail templates',
      `<table><thead><tr><th></th>${mod.MAIL_LOCALES.map((l) => `<th>${l}</th>`).join('')}</tr></thead><tbody>${rows.join('')}</tbody></table>`,
    );
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  return {
    url: `http://${options.host}:${port}`,
    async close() {
      clearTimeout(pending);
      for (const res of listeners) res.end();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await closed;
      await vite.close();
    },
  };
}

function nav(mod: RenderModule, name: string, current: string): string {
  const links = mod.MAIL_LOCALES.map((l) => (l === current ? `<strong>${l}</strong>` : `<a href="/${name}/${l}">${l}</a>`));
  return `<p class="nav"><a href="/">All templates</a> · ${escapeMarkup(name)} · ${links.join(' ')}</p>`;
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeMarkup(title)} · mail preview</title>
<style>
  body { font: 15px/1.5 system-ui, sans-serif; margin: 24px; color: #222; background: #fafafa; }
  table { border-collapse: collapse; } th, td { border: 1px solid #ddd; padding: 8px 12px; text-align: left; vertical-align: top; }
  iframe { width: 600px; height: 1100px; border: 1px solid #ccc; background: #fff; display: block; }
  .subject span { color: #777; margin-right: 8px; } .error { color: #b00020; white-space: pre-wrap; }
  pre.text { white-space: pre-wrap; background: #fff; border: 1px solid #ddd; padding: 16px; max-width: 600px; }
</style></head><body><h1>${escapeMarkup(title)}</h1>${body}
<script>new EventSource('/__events').onmessage = () => location.reload();</script></body></html>`;
}

function send(res: http.ServerResponse, status: number, type: string, body: string) {
  res.writeHead(status, { 'content-type': `${type}; charset=utf-8`, 'cache-control': 'no-store' });
  res.end(body);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values: args } = parseArgs({
    options: {
      port: { type: 'string', default: '3001' },
      host: { type: 'string', default: '127.0.0.1' },
      'public-url': { type: 'string', default: 'http://localhost:3000' },
    },
  });
  const preview = await startEmailPreview({ port: Number(args.port), host: args.host, publicUrl: args['public-url'] });
  process.stdout.write(
    `Mail preview at ${preview.url}/ (links in mails point to ${args['public-url']}); edits to emails/ reload the page.\n`,
  );
  const stop = () => void preview.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
