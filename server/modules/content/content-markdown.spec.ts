import { renderMarkdown } from './content-markdown.js';
import { svgSize } from './svg-size.js';

describe('renderMarkdown', () => {
  it('shows raw HTML as text and drops script, event attributes and javascript: links', () => {
    const { html } = renderMarkdown(
      '<script>alert(1)</script>\n\n<img src=x onerror=alert(1)>\n\n[x](javascript:alert(1)) [y](JAVASCRIPT:alert(1)) [z](//evil.example)',
    );
    expect(html).not.toMatch(/<script|<img|href=/i);
    expect(html).toContain('&lt;script&gt;');
  });

  it('keeps http(s), mailto and same-site links, external ones with rel=noopener', () => {
    const { html } = renderMarkdown('[a](https://azop.hr) [b](/kontakt) [c](mailto:info@example.com) [d](#top)');
    expect(html).toBe(
      '<p><a href="https://azop.hr" rel="noopener noreferrer">a</a> <a href="/kontakt">b</a> <a href="mailto:info@example.com">c</a> <a href="#top">d</a></p>',
    );
  });

  it('keeps images from /content-images/ only', () => {
    const { html } = renderMarkdown(
      '![a](/content-images/recipes/a.svg) ![b](https://evil.example/b.png) ![c](/content-images/../x.svg) ![d](/uploads/d.svg)',
    );
    expect(html).toBe('<p><img src="/content-images/recipes/a.svg" alt="a" loading="lazy" />   </p>');
  });

  it('gives a picture in the text its width and height from the import and loads it lazily', () => {
    const asked: string[] = [];
    const size = (path: string) => (asked.push(path), path === 'eu-projects/eu-emblem.svg' ? { width: 300, height: 200 } : null);
    const { html } = renderMarkdown('![EU emblem](/content-images/eu-projects/eu-emblem.svg?v=1)\n\n![x](/content-images/none.svg)', size);
    expect(html).toContain(
      '<img src="/content-images/eu-projects/eu-emblem.svg?v=1" alt="EU emblem" loading="lazy" width="300" height="200" />',
    );
    expect(html).toContain('<img src="/content-images/none.svg" alt="x" loading="lazy" />');
    expect(asked).toEqual(['eu-projects/eu-emblem.svg', 'none.svg']);
    // a picture from elsewhere never reaches the size lookup (it is dropped)
    expect(renderMarkdown('![a](https://evil.example/a.svg)', size).html).not.toContain('<img');
    expect(asked).toHaveLength(2);
  });

  it('turns a line holding only a known marker into its data-slot element, and reports unknown markers', () => {
    const r = renderMarkdown('Before\n\n[[delivery-prices]]\n\n[[cookie-table]]\n\n[[nope]]\n\nin a [[delivery-prices]] sentence');
    expect(r.slots).toEqual(['delivery-prices', 'cookie-table']);
    expect(r.unknownMarkers).toEqual(['nope']);
    expect(r.html).toBe(
      '<p>Before</p>\n<div data-slot="delivery-prices"></div>\n<div data-slot="cookie-table"></div>\n<p>[[nope]]</p>\n<p>in a [[delivery-prices]] sentence</p>',
    );
  });

  it('renders headings from h2 (h1 is the page title), tables without style attributes', () => {
    expect(renderMarkdown('# Title').html).toBe('<h2>Title</h2>');
    expect(renderMarkdown('| a |\n|:-:|\n| 1 |').html).not.toContain('style');
  });
});

describe('svgSize', () => {
  it('reads width and height, else the viewBox, else nothing', () => {
    expect(svgSize('<svg xmlns="http://www.w3.org/2000/svg" width="640" height="480">')).toEqual({ width: 640, height: 480 });
    expect(svgSize("<?xml version='1.0'?><svg width='10px' height='20px' viewBox='0 0 1 1'>")).toEqual({ width: 10, height: 20 });
    expect(svgSize('<svg viewBox="0 0 800 450">')).toEqual({ width: 800, height: 450 });
    expect(svgSize('<svg width="100%" height="100%">')).toBeNull();
    expect(svgSize('<html>')).toBeNull();
  });
});
