import { Fragment, type ReactNode } from 'react';

const TAG = /<([a-z][a-z0-9]*)>(.*?)<\/\1>/gs;

/**
 * Turns a translation with simple tags ("Read our <link>Privacy Policy</link>.") into React nodes,
 * so translators keep the whole sentence and its word order. Every tag given must appear in the
 * text and no other tag may: a translation that dropped the privacy link fails the render.
 */
export function richText(text: string, tags: Record<string, (content: string) => ReactNode>): ReactNode[] {
  const out: ReactNode[] = [];
  const seen = new Set<string>();
  let last = 0;
  for (const match of text.matchAll(TAG)) {
    const [whole, name, content] = match;
    const render = tags[name];
    if (!render) throw new Error(`Unexpected tag <${name}> in translation "${text}"`);
    seen.add(name);
    out.push(text.slice(last, match.index));
    out.push(<Fragment key={match.index}>{render(content)}</Fragment>);
    last = match.index + whole.length;
  }
  out.push(text.slice(last));
  const absent = Object.keys(tags).filter((name) => !seen.has(name));
  if (absent.length) throw new Error(`Translation "${text}" lacks the tag(s) ${absent.map((n) => `<${n}>`).join(', ')}`);
  return out;
}
