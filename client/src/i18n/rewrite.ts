/**
 * The router's `rewrite` option: public URLs (`/kosarica`, `/de/produkten/fusilli`) <-> internal ones
 * (`/hr/cart`, `/de/products/fusilli`), from the one table in paths.ts. Only the pathname changes; search and
 * hash pass through. Both functions return a NEW URL: the router reads the internal href from the URL it
 * handed to `output` after the call, so mutating it in place would leak public paths into internal state.
 */
import { toInternalPath, toPublicPath } from '../../../contract/paths';

function withPathname(url: URL, pathname: string): URL {
  const next = new URL(url.href);
  next.pathname = pathname;
  return next;
}

export const localeRewrite = {
  input: ({ url }: { url: URL }): URL => withPathname(url, toInternalPath(url.pathname)),
  output: ({ url }: { url: URL }): URL => withPathname(url, toPublicPath(url.pathname)),
};
