import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { validateXML, type XMLFileInfo } from 'xmllint-wasm';

/**
 * The UBL 2.1 schema with the Croatian extension (HRExtensionAggregateComponents-1, imported by
 * UBL-CommonExtensionComponents-2.1.xsd), as published with HR-CIUS 2025 (xsd/README.md: source).
 * Checked with libxml2 compiled to WebAssembly (xmllint-wasm): no native tool, nothing downloaded.
 */
const XSD_DIR = new URL('./xsd/', import.meta.url);

let schemaFiles: Promise<XMLFileInfo[]> | undefined;

async function loadSchemaFiles(): Promise<XMLFileInfo[]> {
  const files: XMLFileInfo[] = [];
  for (const folder of ['maindoc', 'common']) {
    const dir = new URL(`${folder}/`, XSD_DIR);
    for (const name of (await readdir(fileURLToPath(dir))).filter((n) => n.endsWith('.xsd')).sort()) {
      files.push({ fileName: `ubl/${folder}/${name}`, contents: await readFile(new URL(name, dir), 'utf8') });
    }
  }
  return files;
}

/** The root element's local name: `Invoice` or `CreditNote` choose the main schema. */
function rootName(xml: string): string | null {
  const m = /<(?:[A-Za-z_][\w.-]*:)?(Invoice|CreditNote)[\s>]/.exec(xml.replace(/<\?[\s\S]*?\?>|<!--[\s\S]*?-->/g, ''));
  return m ? m[1] : null;
}

/**
 * Validates a UBL Invoice or CreditNote against the XSD. Returns the schema errors (empty when valid);
 * a document that is not an Invoice or CreditNote, or not well-formed, is an error too.
 */
export async function validateUblSchema(xml: string): Promise<string[]> {
  const root = rootName(xml);
  if (!root) return ['the document is not a UBL Invoice or CreditNote'];
  schemaFiles ??= loadSchemaFiles();
  const files = await schemaFiles;
  const main = files.find((f) => f.fileName === `ubl/maindoc/UBL-${root}-2.1.xsd`);
  if (!main) throw new Error(`UBL schema for ${root} is missing`);
  const result = await validateXML({
    xml: { fileName: 'document.xml', contents: xml },
    schema: main,
    preload: files.filter((f) => f !== main),
  });
  return result.valid ? [] : result.errors.map((e) => e.rawMessage);
}
