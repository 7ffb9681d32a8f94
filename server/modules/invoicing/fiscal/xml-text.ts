import { DOMParser, type Element as XmlElement, type Node as XmlNode } from '@xmldom/xmldom';

/** Text and attribute values escaped for XML (the five predefined entities). */
export function xmlEscape(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);
}

export const F73_NS = 'http://www.apis-it.hr/fin/2012/types/f73';
export const SOAP_NS = 'http://schemas.xmlsoap.org/soap/envelope/';
export const DSIG_NS = 'http://www.w3.org/2000/09/xmldsig#';

/**
 * Parses XML (xmldom) into its root element, or throws `makeError(reason)` when it is not well-formed
 * (xmldom throws on fatal errors and reports the rest to onError: both count). No DTD is ever fetched.
 */
export function parseXmlRoot(text: string, makeError: (reason: string) => Error): XmlElement {
  const problems: string[] = [];
  let root: XmlElement | null;
  try {
    root = new DOMParser({ onError: (level, msg) => void (level !== 'warning' && problems.push(msg)) }).parseFromString(
      text,
      'text/xml',
    ).documentElement;
  } catch (err) {
    throw makeError(`Not well-formed XML: ${(err as Error).message}`);
  }
  if (problems.length || !root) throw makeError(`Not well-formed XML: ${problems[0] ?? 'no root element'}`);
  if (root.ownerDocument?.doctype) throw makeError('A DOCTYPE is not allowed');
  return root;
}

/** The element children of an element. */
export function childElements(parent: XmlElement): XmlElement[] {
  return Array.from(parent.childNodes as unknown as ArrayLike<XmlNode>).filter((n): n is XmlElement => n.nodeType === 1);
}
