import MarkdownIt from 'markdown-it';
import sanitizeHtml from 'sanitize-html';
import { CONTENT_IMAGES_PREFIX, CONTENT_SLOTS, type ContentSlot } from '../../../contract/api/content.js';

/**
 * Markdown -> sanitized HTML, the one way every body and Markdown field is rendered (import and admin
 * edits). markdown-it with raw HTML off (it is shown as text) and no typographer; then sanitize-html
 * with an allow-list, so even a bug in the renderer cannot let markup through that is not on it:
 * headings, paragraphs, lists, links (http, https, mailto and same-site relative only; external ones
 * get rel="noopener noreferrer"), emphasis, blockquotes, code, tables, images from /content-images/
 * only, and the generated parts' `<div data-slot="...">` (docs/content.md 'Generated parts').
 */

const md = new MarkdownIt({ html: false, typographer: false, linkify: false, breaks: false });
// A link or image whose address is refused stays text (markdown-it's own check refuses javascript: etc.).
md.validateLink = (url: string) => linkKind(url) !== null;

const SLOT_SET: ReadonlySet<string> = new Set(CONTENT_SLOTS);
/** A paragraph that is only a marker, as markdown-it renders a line `[[delivery-prices]]`. */
const SLOT_PARAGRAPH = /<p>\[\[([a-z-]+)\]\]<\/p>/g;

function safeImageSrc(src: string): boolean {
  if (!src.startsWith(CONTENT_IMAGES_PREFIX)) return false;
  const rest = src.slice(CONTENT_IMAGES_PREFIX.length).split(/[?#]/)[0]!;
  return /^[a-z0-9][a-z0-9/._-]*$/i.test(rest) && !rest.split('/').some((seg) => seg === '..' || seg === '.' || seg === '');
}

/** http(s), mailto, or a same-site path / fragment (not `//host`, which is another site). */
function linkKind(href: string): 'external' | 'internal' | null {
  const h = href.trim();
  if (/^https?:\/\/[^\s]+$/i.test(h)) return 'external';
  if (/^mailto:[^\s]+$/i.test(h)) return 'internal';
  if ((h.startsWith('/') && !h.startsWith('//') && !h.startsWith('/\\')) || h.startsWith('#')) return 'internal';
  return null;
}

const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: [
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'p',
    'br',
    'hr',
    'ul',
    'ol',
    'li',
    'a',
    'em',
    'strong',
    'blockquote',
    'code',
    'pre',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'img',
    'div',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height', 'loading'],
    div: ['data-slot'],
    ol: ['start'],
    th: [],
    td: [],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: [] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // An h1 is the page's own title: a Markdown '#' heading becomes an h2.
  transformTags: {
    h1: 'h2',
    a: (tagName, attribs) => {
      const kind = attribs.href ? linkKind(attribs.href) : null;
      const out: Record<string, string> = kind ? { href: attribs.href!.trim() } : {};
      if (attribs.title) out.title = attribs.title;
      if (kind === 'external') out.rel = 'noopener noreferrer';
      return { tagName, attribs: out };
    },
  },
  exclusiveFilter: (frame) =>
    (frame.tag === 'img' && !safeImageSrc(frame.attribs.src ?? '')) ||
    (frame.tag === 'div' && !SLOT_SET.has(frame.attribs['data-slot'] ?? '')),
};

export interface RenderedMarkdown {
  html: string;
  slots: ContentSlot[];
  /** Markers `[[name]]` on a line of their own that name no generated part. */
  unknownMarkers: string[];
}

/** A picture's intrinsic size, by its path under content/images/ (null: unknown). */
export type ImageSizeOf = (path: string) => { width: number; height: number } | null;

/**
 * `imageSize` gives the pictures in the text their width and height (no layout shift when they load;
 * the import reads them from the SVG files); without it, or for an unknown file, they have none.
 */
export function renderMarkdown(markdown: string, imageSize?: ImageSizeOf): RenderedMarkdown {
  const slots: ContentSlot[] = [];
  const unknownMarkers: string[] = [];
  const raw = md.render(markdown).replace(SLOT_PARAGRAPH, (whole, name: string) => {
    if (!SLOT_SET.has(name)) {
      unknownMarkers.push(name);
      return whole;
    }
    slots.push(name as ContentSlot);
    return `<div data-slot="${name}"></div>`;
  });
  const options: sanitizeHtml.IOptions = {
    ...SANITIZE,
    transformTags: {
      ...SANITIZE.transformTags,
      // after the allow-list: a picture in the text is lazy and, when known, sized (attributes given
      // in the Markdown cannot reach here: markdown-it writes src, alt and title only)
      img: (tagName, attribs) => {
        const out: Record<string, string> = { ...attribs, loading: 'lazy' };
        const src = attribs.src ?? '';
        const size = imageSize && safeImageSrc(src) ? imageSize(src.slice(CONTENT_IMAGES_PREFIX.length).split(/[?#]/)[0]!) : null;
        if (size) {
          out.width = String(size.width);
          out.height = String(size.height);
        }
        return { tagName, attribs: out };
      },
    },
  };
  const html = sanitizeHtml(raw, options).trim();
  return { html, slots, unknownMarkers };
}
