import { describe, expect, it } from '@jest/globals';
import { localeRewrite } from './rewrite';

describe('localeRewrite', () => {
  it('maps the public pathname to the internal one and back, keeping search and hash', () => {
    const publicUrl = new URL('http://localhost/de/produkten/kamut-fusilli?page=2#top');
    const internal = localeRewrite.input({ url: publicUrl });
    expect(internal.href).toBe('http://localhost/de/products/kamut-fusilli?page=2#top');
    expect(localeRewrite.output({ url: internal }).href).toBe(publicUrl.href);
  });

  it('returns a new URL and leaves the one it was given untouched', () => {
    const url = new URL('http://localhost/kosarica');
    const internal = localeRewrite.input({ url });
    expect(internal).not.toBe(url);
    expect(url.pathname).toBe('/kosarica');
    expect(internal.pathname).toBe('/hr/cart');
  });
});
