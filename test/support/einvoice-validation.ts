import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename } from 'node:fs/promises';
import { homedir } from 'node:os';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import SaxonJS from 'saxon-js';
import { validateUblSchema } from '../../server/modules/invoicing/index.js';

/**
 * Offline validation of an e-invoice with the three validators a Croatian intermediary runs:
 * the UBL 2.1 XSD with the HR extension (xmllint-wasm), the EN 16931 schematron and the HR-CIUS 2025
 * schematron (the official compiled XSLTs in test/fixtures/einvoice/, run by Saxon-JS).
 *
 * Saxon-JS runs a stylesheet compiled to SEF JSON; xslt3 compiles it once (half a minute for EN 16931) and
 * the result is cached under the XSLT's SHA-256 in the user's cache directory ($XDG_CACHE_HOME or ~/.cache,
 * pasta-shop/sef/), outside the checkout, so that a new clone on the same machine (CI's) does not compile
 * it again; a changed XSLT gets a new hash and is compiled again.
 */

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const FIXTURES = resolve(ROOT, 'test/fixtures/einvoice');
const CACHE = resolve(process.env.XDG_CACHE_HOME || resolve(homedir(), '.cache'), 'pasta-shop/sef');

export const SCHEMATRONS = {
  en16931: resolve(FIXTURES, 'EN16931-UBL-validation.xslt'),
  hrCius: resolve(FIXTURES, 'HR-CIUS-EXT-EN16931-UBL.xslt'),
} as const;

export interface SchematronFailure {
  id: string;
  /** `fatal`, `warning`, `information`; empty when the rule has no flag (then it counts as fatal). */
  flag: string;
  location: string;
  text: string;
}

export interface EInvoiceValidation {
  xsd: string[];
  en16931: SchematronFailure[];
  hrCius: SchematronFailure[];
  /** Everything that makes the document invalid: XSD errors and fatal (or unflagged) failed asserts, one line each. */
  errors: string[];
  /** Failed asserts flagged warning or information (e.g. UBL-CR-001, which HR-CIUS's own extension triggers). */
  warnings: string[];
}

const compiled = new Map<string, Promise<string>>();

/** The SEF file of an XSLT, compiled by xslt3 on first use and cached by content hash. */
function sefOf(xsltPath: string): Promise<string> {
  let sef = compiled.get(xsltPath);
  if (!sef) {
    sef = (async () => {
      const hash = createHash('sha256')
        .update(await readFile(xsltPath))
        .digest('hex')
        .slice(0, 24);
      const target = resolve(CACHE, `${hash}.sef.json`);
      if (existsSync(target)) return target;
      await mkdir(CACHE, { recursive: true });
      const tmp = `${target}.${process.pid}.${Date.now()}.tmp`;
      const xslt3 = createRequire(import.meta.url).resolve('xslt3/xslt3.js');
      await promisify(execFile)(process.execPath, [xslt3, `-xsl:${xsltPath}`, `-export:${tmp}`, '-nogo', '-relocate:on'], {
        maxBuffer: 16 << 20,
      });
      await rename(tmp, target); // atomic: parallel workers never read half a file
      return target;
    })();
    compiled.set(xsltPath, sef);
  }
  return sef;
}

function decode(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
}

function attr(tag: string, name: string): string {
  const m = new RegExp(`\\s${name}="([^"]*)"`).exec(tag);
  return m ? decode(m[1]) : '';
}

/** The failed asserts (and successful reports) of an SVRL result. */
export function parseSvrl(svrl: string): SchematronFailure[] {
  const out: SchematronFailure[] = [];
  for (const m of svrl.matchAll(
    /<svrl:(?:failed-assert|successful-report)(\s[^>]*)>([\s\S]*?)<\/svrl:(?:failed-assert|successful-report)>/g,
  )) {
    const text = /<svrl:text>([\s\S]*?)<\/svrl:text>/.exec(m[2]);
    out.push({
      id: attr(m[1], 'id'),
      flag: attr(m[1], 'flag'),
      location: attr(m[1], 'location'),
      text: decode(text?.[1] ?? '')
        .replace(/\s+/g, ' ')
        .trim(),
    });
  }
  return out;
}

/** Runs one schematron XSLT over the document and returns its failed asserts. */
export async function runSchematron(xml: string, xsltPath: string): Promise<SchematronFailure[]> {
  const stylesheetFileName = await sefOf(xsltPath);
  const result = (await SaxonJS.transform({ stylesheetFileName, sourceText: xml, destination: 'serialized' }, 'async')) as {
    principalResult: string;
  };
  return parseSvrl(result.principalResult);
}

function isFatal(f: SchematronFailure): boolean {
  return f.flag === '' || f.flag === 'fatal' || f.flag === 'error';
}

/** All three validators over one document. */
export async function validateEInvoice(xml: string): Promise<EInvoiceValidation> {
  const [xsd, en16931, hrCius] = await Promise.all([
    validateUblSchema(xml),
    runSchematron(xml, SCHEMATRONS.en16931),
    runSchematron(xml, SCHEMATRONS.hrCius),
  ]);
  const line = (source: string, f: SchematronFailure) => `${source} ${f.id} [${f.flag || 'no flag'}] ${f.text} at ${f.location}`;
  const schematron = [...en16931.map((f) => ['EN16931', f] as const), ...hrCius.map((f) => ['HR-CIUS', f] as const)];
  return {
    xsd,
    en16931,
    hrCius,
    errors: [...xsd.map((e) => `XSD ${e}`), ...schematron.filter(([, f]) => isFatal(f)).map(([s, f]) => line(s, f))],
    warnings: schematron.filter(([, f]) => !isFatal(f)).map(([s, f]) => line(s, f)),
  };
}

/** The ids of the fatal failures, for assertions like `expect(fatalIds(v)).toEqual(['BR-CO-15'])`. */
export function fatalIds(v: EInvoiceValidation): string[] {
  return [...v.en16931, ...v.hrCius].filter(isFatal).map((f) => f.id);
}
