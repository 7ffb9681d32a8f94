import { escapeMarkup } from './markup.js';

describe('escapeMarkup', () => {
  it('turns the five markup characters into entities and leaves everything else as it is', () => {
    expect(escapeMarkup(`<script>alert("x")</script>&'`)).toBe('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&amp;&#39;');
    expect(escapeMarkup('Čokolada – 12,50 € / ŽŠĐ 🍝')).toBe('Čokolada – 12,50 € / ŽŠĐ 🍝');
    expect(escapeMarkup('')).toBe('');
  });

  it('escapes an ampersand once, so an entity in the text stays text', () => {
    expect(escapeMarkup('&amp; &lt;')).toBe('&amp;amp; &amp;lt;');
    expect(escapeMarkup('https://shop.example/a?x=1&y=2')).toBe('https://shop.example/a?x=1&amp;y=2');
  });

  it('gives text that an XML parser and an HTML attribute read back unchanged', () => {
    const text = `a<b>&"c'd"`;
    const decoded = escapeMarkup(text).replace(
      /&(lt|gt|quot|#39|amp);/g,
      (_m, e: string) => ({ lt: '<', gt: '>', quot: '"', '#39': "'", amp: '&' })[e]!,
    );
    expect(decoded).toBe(text);
    expect(escapeMarkup(text)).not.toMatch(/[<>"']/);
  });
});
