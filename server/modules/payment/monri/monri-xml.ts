import { XMLParser } from 'fast-xml-parser';
import { escapeMarkup } from '../../../../contract/markup.js';

/**
 * The XML documents of Monri's transaction-management API (order status, refund): one root element
 * with flat child elements whose names are the dasherized field names (`order_number` ->
 * `<order-number>`). The adapter writes requests and reads answers with these, the sandbox
 * emulator the other way round. Parsing goes through fast-xml-parser; a document with a DOCTYPE or
 * an entity declaration is refused before parsing (no entity expansion, no external references).
 */

/** The largest XML document either side reads. Monri's answers are well under 4 kB. */
export const MAX_XML_BYTES = 64 * 1024;

export interface XmlDocument {
  root: string;
  /** The root's child elements as text, by their dasherized names; repeated elements keep the first. */
  fields: Record<string, string>;
  /** Every `<error>` text under an `<errors>` root (Monri's validation answers). */
  errors: string[];
}

const dasherize = (name: string) => name.replace(/_/g, '-');

/** `<?xml ...?><root><field-name>value</field-name>...</root>`, names dasherized, values escaped. */
export function buildXml(root: string, fields: Record<string, string | number>): string {
  const children = Object.entries(fields)
    .map(([name, value]) => `<${dasherize(name)}>${escapeMarkup(String(value))}</${dasherize(name)}>`)
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?><${root}>${children}</${root}>`;
}

/** Monri's validation answer: `<errors><error>...</error>...</errors>`. */
export function buildErrorsXml(messages: string[]): string {
  return `<?xml version="1.0" encoding="UTF-8"?><errors>${messages.map((m) => `<error>${escapeMarkup(m)}</error>`).join('')}</errors>`;
}

const parser = new XMLParser({
  ignoreAttributes: true,
  ignoreDeclaration: true,
  parseTagValue: false,
  trimValues: true,
  processEntities: true,
  htmlEntities: false,
});

/** Parses one document; undefined for anything that is not one well-formed root with flat children. */
export function parseXml(text: string): XmlDocument | undefined {
  if (!text || Buffer.byteLength(text, 'utf8') > MAX_XML_BYTES || /<!DOCTYPE|<!ENTITY/i.test(text)) return undefined;
  let parsed: unknown;
  try {
    parsed = parser.parse(text, true);
  } catch {
    return undefined;
  }
  if (!parsed || typeof parsed !== 'object') return undefined;
  const roots = Object.entries(parsed as Record<string, unknown>);
  if (roots.length !== 1) return undefined;
  const [root, content] = roots[0]!;
  const fields: Record<string, string> = {};
  const errors: string[] = [];
  if (content && typeof content === 'object') {
    for (const [name, value] of Object.entries(content as Record<string, unknown>)) {
      const values = Array.isArray(value) ? value : [value];
      if (root === 'errors' && name === 'error') errors.push(...values.filter((v): v is string => typeof v === 'string'));
      const first = values[0];
      if (typeof first === 'string' || typeof first === 'number') fields[name] = String(first);
    }
  } else if (typeof content === 'string' && content !== '') {
    return undefined;
  }
  return { root, fields, errors };
}
