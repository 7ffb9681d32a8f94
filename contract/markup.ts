const ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * THE escape of text put into HTML or XML by hand (element content, or an attribute value in single
 * or double quotes): `& < > " '` become entities, nothing else changes. `&#39;` rather than
 * `&apos;`: it means the same in XML and in every HTML. Used by the server's hand-written pages
 * (the order admin, the payment sandbox), the Monri XML documents, the client's SSR error page and
 * sitemaps, and the e-mail preview; React and React Email escape their own output.
 */
export function escapeMarkup(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}
