import { createRequire } from 'node:module';
import { chromium, type Browser, type BrowserContext, type Page, type ConsoleMessage } from 'playwright-core';

const require = createRequire(import.meta.url);

export const BASE_URL = process.env.E2E_BASE_URL ?? 'http://127.0.0.1:3000';

/** Debian's Chromium, headless, with the flags this closed network needs. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** Collects console errors, warnings (hydration warnings are console errors in React 19) and page errors. */
export function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (m: ConsoleMessage) => {
    if (m.type() === 'error' || m.type() === 'warning') problems.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  return problems;
}

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: string[]; failureSummary?: string }>;
}

/**
 * Runs axe-core with the WCAG 2.0/2.1/2.2 A and AA rules in the page. The context must be
 * created with `bypassCSP: true` so the axe script can be injected despite our nonce-based CSP.
 */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  await page.addScriptTag({ path: require.resolve('axe-core/axe.min.js') });
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: unknown, opts: unknown) => Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] } });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target, failureSummary: n.failureSummary })),
    }));
  });
}

export function describeViolations(v: AxeViolation[]): string {
  return v
    .map((x) => `${x.id} (${x.impact}): ${x.help}\n${x.nodes.map((n) => `   ${n.target.join(' ')}: ${n.failureSummary ?? ''}`).join('\n')}`)
    .join('\n');
}

export async function newContext(
  browser: Browser,
  opts: { locale?: string; axe?: boolean; viewport?: { width: number; height: number } } = {},
): Promise<BrowserContext> {
  return browser.newContext({
    baseURL: BASE_URL,
    locale: opts.locale ?? 'hr-HR',
    bypassCSP: opts.axe ?? false,
    viewport: opts.viewport ?? { width: 1280, height: 800 },
  });
}
