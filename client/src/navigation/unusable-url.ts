/**
 * Addresses that are no page (issue 8, F2): a control character (U+0000–U+001F, U+007F–U+009F), raw or
 * percent-encoded, anywhere in the path or the query, or a path whose percent sequences are no UTF-8.
 * Such an address answers the 404 page: the `$locale` route throws notFound() for it, and the server
 * entry skips its redirects, so no loader ever sends it on to the API.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u001F\u007F-\u009F]/;
// eslint-disable-next-line no-control-regex -- as above
const CONTROLS = /[\u0000-\u001F\u007F-\u009F]/g;

function decodes(text: string): string | undefined {
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
}

/** `pathname` and `search` as they appear in a URL (percent-encoded). */
export function isUnusableUrl(pathname: string, search = ''): boolean {
  if (CONTROL.test(pathname) || CONTROL.test(search)) return true;
  const path = decodes(pathname);
  if (path === undefined || CONTROL.test(path)) return true;
  // A query part that does not decode is left to the page (it is ignored); a decoded control character is not.
  return search
    .replace(/^\?/, '')
    .split(/[&=]/)
    .some((part) => CONTROL.test(decodes(part.replace(/\+/g, ' ')) ?? ''));
}

/** Text fit for a page: every control character shown as U+FFFD. */
export function withoutControlCharacters(text: string): string {
  return text.replace(CONTROLS, '\uFFFD');
}
