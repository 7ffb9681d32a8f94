/** Text and attribute values escaped for XML (the five predefined entities). */
export function xmlEscape(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);
}

export const F73_NS = 'http://www.apis-it.hr/fin/2012/types/f73';
export const SOAP_NS = 'http://schemas.xmlsoap.org/soap/envelope/';
export const DSIG_NS = 'http://www.w3.org/2000/09/xmldsig#';
