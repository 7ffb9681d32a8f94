// Lighthouse on the built shop, for `npm run bench` (issue 11): mobile, simulated throttling (the
// defaults), Debian's Chromium launched headless by chrome-launcher. Lighthouse 12: version 13 needs
// Node 22, this machine and our engines field run Node 20.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

export interface LighthousePage {
  name: string;
  path: string;
  /** Pages that must not be indexed (cart, checkout) are not held to the SEO goal. */
  indexable: boolean;
}

export interface LighthouseScore {
  name: string;
  /** 1 to the number of runs asked for (each page is measured once per run, in the pages' order). */
  run: number;
  path: string;
  performance: number;
  accessibility: number;
  best_practices: number;
  seo: number;
  indexable: boolean;
  lcp_ms: number;
  tbt_ms: number;
  cls: number;
  /**
   * Points of Performance each metric cost (its weight times 1 - its score): FCP, SI, LCP, TBT, CLS. TBT is
   * the load's (long tasks are timed on the wall clock, and other work on the machine lengthens them); the
   * points lost outside TBT tell what the page itself costs when the machine is busy.
   */
  lost: Record<string, number>;
}

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

/**
 * Runs Lighthouse once per page, each in a Chromium of its own. `cookie` is sent with every request: a
 * returning visitor (language chosen, cookie choice made), so the cookie banner and the first-visit
 * language redirect do not stand between Lighthouse and the page. One Chromium for all pages kept the
 * previous page's cookies (the CSRF pair, the browser id), and with cookies of its own Chromium sends
 * those instead of the extra Cookie header: every page after the first lost the `locale` cookie and was
 * measured through a first-visit language redirect (302 to /en/...).
 */
export async function runLighthouse(
  base: string,
  pages: LighthousePage[],
  cookie: string,
  runs = 1,
  /** When given, each run's whole report (JSON, with the traces' findings) is written there as `<page>-<run>.json`. */
  reportDir?: string,
  chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
): Promise<LighthouseScore[]> {
  const scores: LighthouseScore[] = [];
  // Run after run (not page after page): a busy minute on the shared machine then spreads over the pages.
  for (let run = 1; run <= runs; run++)
    for (const page of pages)
      for (let attempt = 1; ; attempt++) {
        const chrome = await chromeLauncher.launch({
          chromePath,
          chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
        });
        try {
          const result = await lighthouse(`${base}${page.path}`, {
            port: chrome.port,
            output: 'json',
            logLevel: 'error',
            onlyCategories: [...CATEGORIES],
            extraHeaders: { Cookie: cookie },
          });
          const lhr = result?.lhr;
          if (!lhr) throw new Error(`Lighthouse gave no result for ${page.path}`);
          if (lhr.runtimeError) {
            // A failed trace (NO_NAVSTART, NO_FCP: seen on the shared machine under load) is measured again, once.
            const message = `Lighthouse on ${page.path}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`;
            if (attempt >= 2) throw new Error(message);
            console.warn(`${message}; measuring again`);
            continue;
          }
          // A redirect would measure another page than the one named (and a round trip more).
          if (new URL(lhr.finalDisplayedUrl).pathname !== new URL(`${base}${page.path}`).pathname) {
            throw new Error(`Lighthouse on ${page.path} ended on ${lhr.finalDisplayedUrl} (redirected)`);
          }
          if (reportDir) writeFileSync(join(reportDir, `${page.name.replace(/\W+/g, '-')}-${run}.json`), JSON.stringify(lhr));
          const score = (id: (typeof CATEGORIES)[number]) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
          const numeric = (id: string) => Number(lhr.audits[id]?.numericValue ?? NaN);
          scores.push({
            name: page.name,
            run,
            path: page.path,
            performance: score('performance'),
            accessibility: score('accessibility'),
            best_practices: score('best-practices'),
            seo: score('seo'),
            indexable: page.indexable,
            lcp_ms: Math.round(numeric('largest-contentful-paint')),
            tbt_ms: Math.round(numeric('total-blocking-time')),
            cls: Math.round(numeric('cumulative-layout-shift') * 1000) / 1000,
            lost: Object.fromEntries(
              (lhr.categories.performance?.auditRefs ?? [])
                .filter((r) => r.weight > 0)
                .map((r) => [r.acronym ?? r.id, Math.round(r.weight * (1 - (lhr.audits[r.id]?.score ?? 0)) * 10) / 10]),
            ),
          });
          break;
        } finally {
          await chrome.kill();
        }
      }
  return scores;
}

/** Performance points lost to FCP, SI, LCP and CLS together (what is left when TBT is set aside). */
export function lostOutsideTbt(s: LighthouseScore): number {
  return Math.round(Object.entries(s.lost).reduce((n, [k, v]) => (k === 'TBT' ? n : n + v), 0) * 10) / 10;
}

/**
 * One line per page and run: the four scores and the three metrics; with several runs, the pages' lines
 * together, then each page's lowest and median Performance (the goal holds when the lowest reaches it).
 */
export function lighthouseTable(scores: LighthouseScore[]): string {
  const runs = Math.max(...scores.map((s) => s.run));
  const names = [...new Set(scores.map((s) => s.name))];
  const ordered = names.flatMap((n) => scores.filter((s) => s.name === n));
  const rows = ordered.map(
    (s) =>
      `${(runs > 1 ? `${s.name} #${s.run}` : s.name).padEnd(18)} perf ${String(s.performance).padStart(3)}  a11y ${String(s.accessibility).padStart(3)}  bp ${String(s.best_practices).padStart(3)}  seo ${String(s.seo).padStart(3)}${s.indexable ? '' : '*'}  LCP ${String(s.lcp_ms).padStart(5)} ms  TBT ${String(s.tbt_ms).padStart(4)} ms  CLS ${String(s.cls).padEnd(5)}  lost outside TBT ${lostOutsideTbt(s)}`,
  );
  const summary =
    runs > 1
      ? names.map((n) => {
          const perf = scores
            .filter((s) => s.name === n)
            .map((s) => s.performance)
            .sort((a, b) => a - b);
          const outside = Math.max(...scores.filter((s) => s.name === n).map(lostOutsideTbt));
          return `${n.padEnd(18)} perf lowest ${perf[0]}, median ${perf[Math.floor((perf.length - 1) / 2)]} (${perf.join(' ')}); lost outside TBT at most ${outside}`;
        })
      : [];
  return [...rows, '* not indexable (noindex): SEO not held to 100', ...summary].join('\n');
}
